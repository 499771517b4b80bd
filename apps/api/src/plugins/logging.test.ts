import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../app.ts';
import { smsLogRef } from '../integrations/sms/log-sms-sender.ts';
import { API_KEY, authApp, requestCode, signIn } from '../test/auth-test-kit.ts';
import { CONTACTS, orderBody, place } from '../test/orders-kit.ts';
import { DAY } from '../test/preflight-kit.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { maskPersonalData, maskPhone } from './logging.ts';

describe('maskPersonalData', () => {
  it('masks phone numbers however they are written', () => {
    expect(maskPhone('+79123456789')).toBe('+7 912 ***-**-89');
    for (const phone of [
      '+79123456789',
      '+7 912 345-67-89',
      '8 (912) 345-67-89',
      '89123456789',
      '+7 (912) 345 67 89',
    ])
      expect(maskPersonalData(`call ${phone} now`)).toBe('call +7 912 ***-**-89 now');
    expect(maskPersonalData('"to":"79123456789"')).toBe('"to":"+7 912 ***-**-89"');
    expect(maskPersonalData('uk +44 7911 123456')).toBe('uk +44 ***-**-56');
    expect(maskPersonalData('?phone=%2B79123456789&x=1')).toBe('?phone=+7 912 ***-**-89&x=1');
  });

  it('masks e-mail addresses', () => {
    expect(maskPersonalData('"email":"anna.petrova@example.com"')).toBe('"email":"a***@example.com"');
    expect(maskPersonalData('mailto:ivan+food@mail.example.ru;')).toBe('mailto:i***@mail.example.ru;');
    expect(maskPersonalData('?email=anna%40example.com')).toBe('?email=a***@example.com');
  });

  it('leaves what only looks like numbers alone: times, ids, money, dates, codes', () => {
    const line =
      '{"level":30,"time":1795510392891,"pid":16233,"reqId":"123e4567-e89b-12d3-a456-426614174000",' +
      '"total":79000,"at":"2026-11-25T12:00:00+03:00","text":"Код: 123456","order":"78-1234"}';
    expect(maskPersonalData(line)).toBe(line);
  });

  it('is idempotent: a masked text stays as it is', () => {
    const once = maskPersonalData('+7 912 345-67-89 anna@example.com');
    expect(maskPersonalData(once)).toBe(once);
  });
});

describe('the log of a sign-in and an order', () => {
  let database: TestDatabase;
  let app: StorefrontApp;
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await authApp(database.db, {
      now: () => DAY,
      env: { LOG_REQUESTS: 'true' },
      log: { logger: { level: 'trace', stream }, lines: [], lastCode: () => undefined },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('holds no phone number and no e-mail, and every request line its request id', async () => {
    const phone = '+79120005566';
    const sent = await requestCode(app, '8 (912) 000-55-66');
    expect(sent.statusCode, sent.body).toBe(200);
    const codeLine = lines().findLast((line) => line.sms);
    // The development sender still writes the code, for the masked phone and its ref.
    expect(codeLine?.sms).toMatchObject({ phone: '+7 912 ***-**-66', ref: smsLogRef(phone) });
    const code = /\b(\d{6})\b/.exec(
      (codeLine?.sms as { text?: string } | undefined)?.text ?? '',
    )?.[1] as string;
    const signedIn = await signIn(app, phone, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().accessToken as string;
    const me = await app.inject({
      method: 'GET',
      url: `/api/v1/me?apiKey=${API_KEY}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    const who = { personId: me.json().id as number, token };

    const email = 'anna.petrova@example.com';
    const body = { ...(await orderBody(app, who)), person: { ...CONTACTS.person, email } };
    const placed = await place(app, who, body);
    expect(placed.statusCode, placed.body).toBe(201);
    // A phone or an e-mail in a URL and in a message reach the log masked too.
    await app.inject({
      method: 'GET',
      url: `/1/nothing?phone=%2B79120005566&email=${encodeURIComponent(email)}`,
    });
    app.log.warn(
      { contact: { phone: '+7 912 345-67-89', email } },
      `could not reach ${email} at 89120005566`,
    );

    expect(text).toContain('"sms"');
    for (const raw of [
      '9120005566',
      '912 000-55-66',
      '(912) 000-55-66',
      '912 345-67-89',
      '9123456789',
      email,
    ])
      expect(text, raw).not.toContain(raw);
    expect(text).toContain('a***@example.com');
    expect(text).toContain('+7 912 ***-**-66');
    expect(text).not.toContain(token);
    const requestLines = lines().filter((line) => line.req);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
  });

  it('echoes the request id in X-Request-Id, and takes a proxy’s only from a trusted proxy', async () => {
    const own = await app.inject({
      method: 'GET',
      url: '/1/now',
      headers: { 'x-request-id': 'from-client' },
    });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const behind = await authApp(database.db, { env: { TRUST_PROXY: '1' } });
    try {
      const proxied = await behind.inject({
        method: 'GET',
        url: '/1/now',
        headers: { 'x-request-id': 'lb-4f1c2a' },
      });
      expect(proxied.headers['x-request-id']).toBe('lb-4f1c2a');
      const junk = await behind.inject({
        method: 'GET',
        url: '/1/now',
        headers: { 'x-request-id': 'a b\u00e9' },
      });
      expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await behind.close();
    }
  });
});
