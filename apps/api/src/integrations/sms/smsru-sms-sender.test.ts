import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { phoneCodes } from '../../db/schema.ts';
import { authApp, logCapture, requestCode, signIn, testClock } from '../../test/auth-test-kit.ts';
import type { FakeServer } from '../../test/fakes/fake-server.ts';
import { startFakeSmsRu } from '../../test/fakes/smsru.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { SmsSendError } from './sms-sender.ts';
import { smsRuSender } from './smsru-sms-sender.ts';

/** The fake SMS.ru: OK for every number but 7915… (refused per number) and 7916… (HTTP 500). */
let fake: FakeServer;
const silent = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  fake = await startFakeSmsRu();
});
afterAll(() => fake.close());

describe('SMS.ru adapter', () => {
  it('sends GET /sms/send with api_id, to, msg and json=1 and accepts a per-number OK', async () => {
    const sender = smsRuSender({ apiId: 'test-api-id', url: fake.url }, silent);
    await sender.send('+79123456789', 'Нори-Нори: код для входа 123456.');
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('GET');
    const url = new URL(request?.url ?? '', 'http://fake');
    expect(url.pathname).toBe('/sms/send');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api_id: 'test-api-id',
      to: '79123456789',
      msg: 'Нори-Нори: код для входа 123456.',
      json: '1',
    });
  });

  it('fails on a per-number error, an overall error, an HTTP error and an unreachable gateway', async () => {
    const sender = smsRuSender({ apiId: 'test-api-id', url: fake.url }, silent);
    await expect(sender.send('+79151234567', 'x')).rejects.toThrow(SmsSendError);
    await expect(sender.send('+79161234567', 'x')).rejects.toThrow(SmsSendError);
    const wrongId = smsRuSender({ apiId: 'nope', url: fake.url }, silent);
    await expect(wrongId.send('+79123456789', 'x')).rejects.toThrow(SmsSendError);
    const nowhere = smsRuSender({ apiId: 'test-api-id', url: 'http://127.0.0.1:9' }, silent);
    await expect(nowhere.send('+79123456789', 'x')).rejects.toThrow(SmsSendError);
  });
});

describe('phone sign-in through SMS.ru', () => {
  let database: TestDatabase;
  let app: StorefrontApp;
  const clock = testClock();
  const log = logCapture();

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await authApp(database.db, {
      now: clock.now,
      log,
      env: { SMS_SENDER: 'smsru', SMSRU_API_ID: 'test-api-id', SMSRU_URL: fake.url },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('signs in with the code the gateway received, and never logs it', async () => {
    expect((await requestCode(app, '9123334455')).statusCode).toBe(200);
    const sent = new URL(fake.requests.at(-1)?.url ?? '', 'http://fake').searchParams;
    expect(sent.get('to')).toBe('79123334455');
    const code = /\b(\d{6})\b/.exec(sent.get('msg') ?? '')?.[1] as string;
    expect((await signIn(app, '9123334455', code)).statusCode).toBe(200);
    expect(JSON.stringify(log.lines)).not.toContain(code);
  });

  it('answers sms.send-failed when the number is refused, keeps no usable code and frees the interval', async () => {
    const failed = await requestCode(app, '9151112233');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().errors[0]).toMatchObject({
      code: 'sms.send-failed',
      message: 'Не удалось отправить СМС, попробуйте позже',
    });
    const codes = await database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, '+79151112233'));
    expect(codes).toHaveLength(1);
    expect(codes[0]?.usedAt).not.toBeNull();
    const code = /\b(\d{6})\b/.exec(
      new URL(fake.requests.at(-1)?.url ?? '', 'http://fake').searchParams.get('msg') ?? '',
    )?.[1] as string;
    expect((await signIn(app, '9151112233', code)).json().errors[0].code).toBe('sms.code-not-found');
    // The customer may try again at once: the failure did not start the 90 s.
    expect((await requestCode(app, '9151112233')).statusCode).toBe(502);
  });
});
