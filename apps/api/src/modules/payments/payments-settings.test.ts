import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { logCapture, testClock } from '../../test/auth-test-kit.ts';
import { newPerson } from '../../test/orders-kit.ts';
import { cart, DAY, line, priced } from '../../test/preflight-kit.ts';
import { createTestApp, openTestDatabase, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { onlinePayGate, readPaymentsSettings } from './payments-settings.ts';

/** Which restaurants offer online payment: in production, not on the demo engine nor a shop without keys. */

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_TOKEN_SECRET: 'p'.repeat(40),
  QUOTE_SECRET: 'q'.repeat(40),
  SMS_SENDER: 'smsru',
  SMSRU_API_ID: 'test-api-id',
  SMARTCAPTCHA_SERVER_KEY: 'test-captcha-key',
  PUBLIC_URL: 'https://shop.example',
};

describe('payments settings', () => {
  it('builds the public URL from HOST and PORT when PUBLIC_URL is unset', () => {
    expect(readPaymentsSettings(testConfig({ HOST: '127.0.0.1', PORT: '3100' })).publicUrl).toBe(
      'http://127.0.0.1:3100',
    );
    expect(readPaymentsSettings(testConfig({ PUBLIC_URL: 'https://shop.example/' })).publicUrl).toBe(
      'https://shop.example',
    );
  });

  it('the gate: development offers everything; production refuses demo unless allowed, and shops without keys', () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) };
    const settings = readPaymentsSettings(testConfig({ YOOKASSA_SHOPS: 'main=123:secret' }));
    const resto = (payEngine: 'demo' | 'yookassa', shop: string | null) => ({
      id: 1,
      name: { ru: 'Тест' },
      payEngine,
      payDelivery: { cardOnline: shop, cardUponReceipt: true, cashUponReceipt: true },
      payTakeAway: { cardOnline: null, cardUponReceipt: true, cashUponReceipt: true },
    });
    expect(onlinePayGate(settings, false, log)(resto('demo', 'demo-shop'))).toBe(true);
    const production = onlinePayGate(settings, true, log);
    expect(production(resto('demo', 'demo-shop'))).toBe(false);
    expect(production(resto('demo', 'demo-shop'))).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(production(resto('yookassa', 'main'))).toBe(true);
    expect(production(resto('yookassa', 'other'))).toBe(false);
    expect(production(resto('demo', null))).toBe(true);
    expect(onlinePayGate({ ...settings, demoAllowed: true }, true, log)(resto('demo', 'demo-shop'))).toBe(
      true,
    );
  });
});

describe('in production on the demo engine', () => {
  let app: StorefrontApp;
  let database: TestDatabase;
  let close: () => Promise<void>;
  const log = logCapture();
  const clock = testClock(DAY);

  beforeAll(async () => {
    database = await openTestDatabase();
    ({ app, close } = await createTestApp({
      now: clock.now,
      db: database,
      env: PRODUCTION,
      logger: log.logger,
    }));
  });
  afterAll(async () => {
    await close();
    await database.dispose();
  });

  it('warns naming each demo restaurant at start, hides CARD_ONLINE everywhere, and the preflight refuses it', async () => {
    const warned = log.lines.filter((l) => String(l.msg).includes('does not offer online payment'));
    expect(warned.map((l) => l.restoId)).toContain(1);
    const restos = (await app.inject({ url: '/1/p/restos?whiteLabel=demo' })).json() as {
      id: number;
      pays?: { code: string }[];
      payConfig: { delivery: { cardOnline: string | null }; takeAway: { cardOnline: string | null } };
    }[];
    expect(restos.length).toBeGreaterThan(0);
    for (const resto of restos) expect((resto.pays ?? []).map((p) => p.code)).not.toContain('CARD_ONLINE');
    const one = (await app.inject({ url: '/1/p/restos/1' })).json() as (typeof restos)[number];
    expect(one.payConfig.delivery.cardOnline).toBeNull();
    expect(one.payConfig.takeAway.cardOnline).toBeNull();
    const who = await newPerson(app, database.db);
    const answer = await priced(app, cart({ payType: 'CARD_ONLINE', positions: [line(1, 1)] }), {
      personId: who.personId,
      token: await app.authentication.tokens.sign(who.personId),
    });
    expect(answer.problems.map((p) => p.code)).toContain('resto.doesnt-support-takeaway-online');
  });
});
