import { phoneCodeResponse, tokenSet } from '@storefront/domain/contracts';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { persons, phoneCodes, phoneSignIn, refreshTokens } from '../../db/schema.ts';
import { smsLogRef } from '../../integrations/sms/log-sms-sender.ts';
import {
  API_KEY,
  authApp,
  logCapture,
  requestCode,
  signIn,
  testClock,
  wrongCode,
} from '../../test/auth-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';

let database: TestDatabase;
let app: StorefrontApp;
const clock = testClock();
const log = logCapture();
/** Every body the API answered in this file: none may contain a code that was sent. */
const answers: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await authApp(database.db, { now: clock.now, log });
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string') answers.push(payload);
    return payload;
  });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: string; message: string; field?: string }[] }).errors[0] as {
    code: string;
    message: string;
    field?: string;
  };

async function codeFor(phone: string): Promise<string> {
  const response = await requestCode(app, phone);
  expect(response.statusCode, response.body).toBe(200);
  const code = log.lastCode(phone.startsWith('+') ? phone : `+7${phone.replace(/\D/g, '').slice(-10)}`);
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

describe('requesting a code and signing in', () => {
  it('sends the code to the log at info level and signs in with it once', async () => {
    const response = await requestCode(app, '8 (912) 345-67-89');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(phoneCodeResponse.parse(response.json())).toEqual({ retryAfter: 90, codeLength: 6 });
    // The phone masked in the log (docs/operations.md, 'Logs'); the ref tells which number the code is for.
    const line = log.lines.findLast(
      (l) => (l.sms as { phone?: string } | undefined)?.phone === '+7 912 ***-**-89',
    );
    expect(line?.level).toBe(30);
    expect((line?.sms as { ref?: string } | undefined)?.ref).toBe(smsLogRef('+79123456789'));
    const code = log.lastCode('+79123456789') as string;
    expect(response.body).not.toContain(code);

    const signedIn = await signIn(app, '+7 912 345 67 89', code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const set = tokenSet.parse(signedIn.json());
    expect(set.source).toBe('PHONE');
    expect(set.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await signIn(app, '9123456789', code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ code: 'sms.code-not-found', field: 'code' });

    const me = await app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${set.accessToken}` },
    });
    expect(me.json()).toMatchObject({ phone: '+79123456789' });
  });

  it('finds the same person on the next sign-in', async () => {
    const first = tokenSet.parse((await signIn(app, '9120000001', await codeFor('9120000001'))).json());
    clock.advance(90);
    const second = tokenSet.parse((await signIn(app, '9120000001', await codeFor('9120000001'))).json());
    const idOf = async (token: string) =>
      (await app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).json().id;
    expect(await idOf(first.accessToken)).toBe(await idOf(second.accessToken));
    const [rows] = await database.db
      .select({ n: count() })
      .from(persons)
      .where(eq(persons.phone, '+79120000001'));
    expect(rows?.n).toBe(1);
  });

  it('lets a code live five minutes', async () => {
    const code = await codeFor('9120000002');
    clock.advance(301);
    const late = await signIn(app, '9120000002', code);
    expect(errorOf(late)).toMatchObject({ code: 'sms.code-not-found' });
  });

  it('answers no code for a number that never asked for one', async () => {
    const response = await signIn(app, '9120000003', '123456');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'sms.code-not-found',
      message: 'Код для этого номера не найден, запросите новый',
    });
  });
});

describe('the 90 second interval', () => {
  it('refuses a second request within 90 s with the seconds left, then allows it', async () => {
    const first = await codeFor('9120000010');
    clock.advance(30);
    const early = await requestCode(app, '9120000010');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('60');
    expect(early.json()).toMatchObject({ retryAfter: 60 });
    expect(errorOf(early)).toMatchObject({ code: 'sms.too-often' });
    clock.advance(59);
    expect((await requestCode(app, '9120000010')).json()).toMatchObject({ retryAfter: 1 });
    clock.advance(1);
    const second = await codeFor('9120000010');
    // The new code replaces the old one.
    if (first !== second) expect(errorOf(await signIn(app, '9120000010', first)).code).toBe('sms.wrong-code');
    expect((await signIn(app, '9120000010', second)).statusCode).toBe(200);
  });
});

describe('blocking', () => {
  it('blocks the phone for an hour on the sixth request within an hour', async () => {
    for (let i = 0; i < 5; i++) {
      await codeFor('9120000020');
      clock.advance(90);
    }
    const sixth = await requestCode(app, '9120000020');
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toMatchObject({
      code: 'sms.attempts-exhausted',
      message: 'Попытки исчерпаны, повторите через час',
    });
    expect(sixth.json().retryAfter).toBe(3600);
    // The last code sent does not work during the block either.
    const blockedSignIn = await signIn(app, '9120000020', log.lastCode('+79120000020') as string);
    expect(errorOf(blockedSignIn).code).toBe('sms.attempts-exhausted');
    clock.advance(3599);
    const still = await requestCode(app, '9120000020');
    expect(still.json()).toMatchObject({ retryAfter: 1 });
    clock.advance(1);
    const code = await codeFor('9120000020');
    expect((await signIn(app, '9120000020', code)).statusCode).toBe(200);
  });

  it('blocks the phone for an hour after five wrong codes, even with a fresh code', async () => {
    const code = await codeFor('9120000030');
    for (let left = 4; left >= 1; left--) {
      const wrong = await signIn(app, '9120000030', wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ attemptsLeft: left });
      expect(errorOf(wrong)).toMatchObject({
        code: 'sms.wrong-code',
        field: 'code',
        message: 'Неверный код подтверждения',
      });
    }
    const fifth = await signIn(app, '9120000030', wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('3600');
    expect(errorOf(fifth).code).toBe('sms.attempts-exhausted');
    // The right code no longer helps, nor does a new one.
    expect(errorOf(await signIn(app, '9120000030', code)).code).toBe('sms.attempts-exhausted');
    clock.advance(90);
    expect(errorOf(await requestCode(app, '9120000030')).code).toBe('sms.attempts-exhausted');
    clock.advance(3600);
    const fresh = await codeFor('9120000030');
    expect((await signIn(app, '9120000030', fresh)).statusCode).toBe(200);
  });

  it('counts wrong codes across the codes of a phone', async () => {
    const first = await codeFor('9120000040');
    for (let i = 0; i < 3; i++) await signIn(app, '9120000040', wrongCode(first));
    clock.advance(90);
    const second = await codeFor('9120000040');
    expect((await signIn(app, '9120000040', wrongCode(second))).json()).toMatchObject({ attemptsLeft: 1 });
    expect((await signIn(app, '9120000040', wrongCode(second))).statusCode).toBe(429);
  });

  it('stops guessing long before a six-digit code could be found', async () => {
    // An attacker guesses every 30 s for 3 hours and asks for a new code whenever allowed.
    const phone = '9120000050';
    let compared = 0;
    for (let step = 0, guess = 0; step < 3 * 120; step++, clock.advance(30)) {
      if (step % 3 === 0) await requestCode(app, phone);
      const response = await signIn(app, phone, String(guess++).padStart(6, '0'));
      const code = errorOf(response)?.code;
      expect(response.statusCode).not.toBe(200);
      if (code === 'sms.wrong-code') compared++;
    }
    // At most five codes are compared per hour (four answered 'wrong', the fifth blocks).
    expect(compared).toBeLessThanOrEqual(4 * 4);
    const attempts = await database.db
      .select({ n: phoneCodes.attempts })
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, '+79120000050'));
    const total = attempts.reduce((sum, row) => sum + row.n, 0);
    expect(total).toBeLessThanOrEqual(5 * 4);
    // At this rate a 50% chance of finding one code takes about 100 000 hours.
    expect(total / 1_000_000).toBeLessThan(1e-4);
  });
});

describe('bad input', () => {
  const rows = async () =>
    Promise.all(
      [phoneSignIn, phoneCodes, persons, refreshTokens].map(async (table) => {
        const [row] = await database.db.select({ n: count() }).from(table);
        return row?.n;
      }),
    );

  it('answers 4xx naming the field in the request language, never 500, and stores nothing', async () => {
    const before = await rows();
    const cases: {
      send: () => Promise<LightMyRequestResponse>;
      status: number;
      code: string;
      field?: string;
      ru?: string;
      en?: string;
    }[] = [
      {
        send: () => requestCode(app, undefined as unknown as string),
        status: 400,
        code: 'phone.required',
        field: 'phone',
        ru: 'Введите номер телефона',
      },
      { send: () => requestCode(app, '  '), status: 400, code: 'phone.required', field: 'phone' },
      {
        send: () => requestCode(app, 'abc'),
        status: 400,
        code: 'phone.invalid',
        field: 'phone',
        ru: 'Укажите корректный номер',
      },
      {
        send: () => requestCode(app, '+1 912 345 67 89'),
        status: 400,
        code: 'phone.invalid',
        field: 'phone',
      },
      {
        send: () => requestCode(app, '9'.repeat(5000)),
        status: 400,
        code: 'request.invalid',
        field: 'phone',
      },
      {
        send: () => requestCode(app, '9121112233', { mode: 'APP' }),
        status: 400,
        code: 'request.invalid',
        field: 'mode',
      },
      {
        send: () => requestCode(app, '9121112233', { apiKey: 'stolen-key-123' }),
        status: 401,
        code: 'auth.api-key-invalid',
        field: 'apiKey',
      },
      {
        send: () => requestCode(app, '9121112233', { whiteLabel: 'other' }),
        status: 403,
        code: 'auth.white-label-forbidden',
        field: 'whiteLabel',
      },
      {
        send: () => signIn(app, '9121112233', '123'),
        status: 400,
        code: 'sms-code.too-short',
        field: 'code',
        ru: 'Слишком короткий SMS-код',
      },
      {
        send: () => signIn(app, '9121112233', ''),
        status: 400,
        code: 'sms-code.required',
        field: 'code',
        ru: 'Введите код из СМС',
      },
      {
        send: () => signIn(app, '9121112233', '12345a'),
        status: 400,
        code: 'sms-code.invalid',
        field: 'code',
      },
      { send: () => signIn(app, 'abc', '123456'), status: 400, code: 'phone.invalid', field: 'phone' },
      {
        send: () => signIn(app, '9121112233', '123456', { apiKey: 'x' }),
        status: 401,
        code: 'auth.api-key-invalid',
      },
      {
        send: () =>
          app.inject({
            method: 'POST',
            url: '/api/v1/sign/in/phone/code',
            headers: { 'content-type': 'application/json' },
            payload: `{"phone":"${'9'.repeat(300_000)}"}`,
          }),
        status: 413,
        code: 'payload.too-large',
      },
      {
        send: () =>
          app.inject({
            method: 'POST',
            url: '/api/v1/sign/in/phone',
            headers: { 'content-type': 'application/json' },
            payload: '{"phone": ',
          }),
        status: 400,
        code: 'request.invalid',
      },
      {
        send: () => app.inject({ method: 'POST', url: '/api/v1/sign/in/phone', payload: [1, 2] as never }),
        status: 400,
        code: 'request.invalid',
      },
      {
        send: () => requestCode(app, 42 as unknown as string),
        status: 400,
        code: 'request.invalid',
        field: 'phone',
      },
    ];
    for (const [index, c] of cases.entries()) {
      const response = await c.send();
      expect(response.statusCode, `case ${index}: ${response.body}`).toBe(c.status);
      expect(response.headers['cache-control']).toBe('no-store');
      const error = errorOf(response);
      expect(error?.code, `case ${index}`).toBe(c.code);
      expect(error?.message.length).toBeGreaterThan(0);
      if (c.field) expect(error?.field, `case ${index}`).toBe(c.field);
      if (c.ru) expect(error?.message).toBe(c.ru);
    }
    expect(await rows()).toEqual(before);
  });

  it('speaks English when asked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/sign/in/phone/code',
      headers: { 'accept-language': 'en' },
      payload: { apiKey: API_KEY, captchaToken: '', mode: 'WEB', phone: 'abc', whiteLabel: 'demo' },
    });
    expect(errorOf(response)).toMatchObject({ code: 'phone.invalid', message: 'Enter a valid phone number' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/sign/in/phone',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { apiKey: API_KEY, captchaToken: '', phone: '9121112233', code: '1' },
    });
    expect(errorOf(missing)).toMatchObject({
      code: 'sms-code.too-short',
      message: 'The SMS code is too short',
    });
  });
});

describe('secrecy', () => {
  it('never puts a code that was sent in any answer, and stores codes only hashed', async () => {
    const sent = log.lines
      .map((line) => (line.sms as { text?: string } | undefined)?.text)
      .filter((text): text is string => Boolean(text))
      .map((text) => /\b(\d{6})\b/.exec(text)?.[1] as string);
    expect(sent.length).toBeGreaterThan(10);
    const everything = answers.join('\n');
    for (const code of new Set(sent)) {
      // Tokens are base64url: a six-digit run inside one is chance, not a leak; look at JSON values only.
      expect(everything).not.toMatch(new RegExp(`"${code}"|[^A-Za-z0-9_-]${code}[^A-Za-z0-9_-]`));
    }
    const stored = await database.db.select({ hash: phoneCodes.codeHash }).from(phoneCodes);
    for (const { hash } of stored) expect(sent).not.toContain(hash);
    for (const { hash } of stored) expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
