import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { authApp, requestCode, testClock } from '../../test/auth-test-kit.ts';
import type { FakeServer } from '../../test/fakes/fake-server.ts';
import { startFakeSmartCaptcha } from '../../test/fakes/smart-captcha.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createCaptchaCheck } from './captcha-check.ts';

/** The fake SmartCaptcha /validate: token 'good' passes on shop.example, 'elsewhere' on another host. */
let fake: FakeServer;
const silent = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  fake = await startFakeSmartCaptcha();
});
afterAll(() => fake.close());

const settings = (url: string, serverKey = 'server-key', host = 'shop.example') => ({
  kind: 'smartcaptcha' as const,
  serverKey,
  url,
  host,
});

describe('SmartCaptcha adapter', () => {
  it('posts secret, token and ip as a form and accepts only status ok from our host', async () => {
    const check = createCaptchaCheck(settings(fake.url), silent);
    expect(await check.verify({ token: 'good', ip: '203.0.113.5', host: 'shop.example' })).toBe('ok');
    const sent = new URLSearchParams(fake.requests.at(-1)?.body);
    expect(Object.fromEntries(sent)).toEqual({ secret: 'server-key', token: 'good', ip: '203.0.113.5' });
    const upper = createCaptchaCheck(settings(fake.url, 'server-key', 'SHOP.example'), silent);
    expect(await upper.verify({ token: 'good', ip: '203.0.113.5' })).toBe('ok');
  });

  it('checks the configured host, whatever host a caller names', async () => {
    const check = createCaptchaCheck(settings(fake.url), silent);
    // 'elsewhere' was passed on evil.example: naming that host does not make it ours.
    expect(await check.verify({ token: 'elsewhere', ip: '203.0.113.5', host: 'evil.example' })).toBe(
      'failed',
    );
    expect(await check.verify({ token: 'good', ip: '203.0.113.5', host: 'evil.example' })).toBe('ok');
  });

  it('refuses a failed token, a token from another host and an empty token', async () => {
    const check = createCaptchaCheck(settings(fake.url), silent);
    expect(await check.verify({ token: 'bot', ip: '203.0.113.5', host: 'shop.example' })).toBe('failed');
    expect(await check.verify({ token: 'elsewhere', ip: '203.0.113.5', host: 'shop.example' })).toBe(
      'failed',
    );
    const before = fake.requests.length;
    expect(await check.verify({ token: '', ip: '203.0.113.5', host: 'shop.example' })).toBe('failed');
    expect(fake.requests.length).toBe(before);
  });

  it('fails closed when the service errs or cannot be reached', async () => {
    const broken = createCaptchaCheck(settings(fake.url), silent);
    expect(await broken.verify({ token: 'broken', ip: '1.2.3.4', host: 'shop.example' })).toBe('unavailable');
    const wrongKey = createCaptchaCheck(settings(fake.url, 'wrong'), silent);
    expect(await wrongKey.verify({ token: 'good', ip: '1.2.3.4', host: 'shop.example' })).toBe('unavailable');
    const nowhere = createCaptchaCheck(settings('http://127.0.0.1:9'), silent);
    expect(await nowhere.verify({ token: 'good', ip: '1.2.3.4', host: 'shop.example' })).toBe('unavailable');
  });

  it('is off by default', async () => {
    const off = createCaptchaCheck({ kind: 'off' }, silent);
    expect(await off.verify({ token: '', ip: '1.2.3.4', host: 'x' })).toBe('ok');
  });
});

describe('the code request behind SmartCaptcha', () => {
  let database: TestDatabase;
  let app: StorefrontApp;
  let unreachable: StorefrontApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = { SMARTCAPTCHA_SERVER_KEY: 'server-key', SMARTCAPTCHA_HOST: 'shop.example' };
    const clock = testClock();
    app = await authApp(database.db, { now: clock.now, env: { ...env, SMARTCAPTCHA_URL: fake.url } });
    unreachable = await authApp(database.db, {
      now: clock.now,
      env: { ...env, SMARTCAPTCHA_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await app.close();
    await unreachable.close();
    await database.dispose();
  });

  it('sends the code only with a passed captcha', async () => {
    const refused = await requestCode(app, '9125550001', { captchaToken: 'bot' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ code: 'captcha.failed', field: 'captchaToken' });
    const otherHost = await requestCode(app, '9125550001', { captchaToken: 'elsewhere' });
    expect(otherHost.statusCode).toBe(403);
    const down = await requestCode(unreachable, '9125550001', { captchaToken: 'good' });
    expect(down.statusCode).toBe(503);
    expect(down.json().errors[0].code).toBe('captcha.unavailable');
    // None of the refusals started the 90 s interval.
    expect((await requestCode(app, '9125550001', { captchaToken: 'good' })).statusCode).toBe(200);
  });
});

describe("the captcha's host comes from PUBLIC_URL, never from the request's Host header", () => {
  let database: TestDatabase;
  let app: StorefrontApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await authApp(database.db, {
      now: testClock().now,
      env: {
        SMARTCAPTCHA_SERVER_KEY: 'server-key',
        SMARTCAPTCHA_URL: fake.url,
        PUBLIC_URL: 'https://shop.example',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const requestOn = (host: string, captchaToken: string, phone: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/sign/in/phone/code',
      headers: { host },
      payload: { apiKey: 'demo-public-api-key', captchaToken, mode: 'WEB', phone, whiteLabel: 'demo' },
    });

  it("refuses a token passed on the host a bot names in Host, and takes one passed on PUBLIC_URL's", async () => {
    const forged = await requestOn('evil.example', 'elsewhere', '9125550002');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errors[0]).toMatchObject({ code: 'captcha.failed', field: 'captchaToken' });
    expect((await requestOn('evil.example', 'good', '9125550002')).statusCode).toBe(200);
  });
});
