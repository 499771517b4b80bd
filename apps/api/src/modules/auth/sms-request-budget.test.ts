import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { clientKeyOf } from '../../core/client-key.ts';
import { openDatabase } from '../../db/client.ts';
import { phoneSignIn, smsRequestBudget } from '../../db/schema.ts';
import { authApp, logCapture, requestCode, testClock } from '../../test/auth-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';

describe('clientKeyOf', () => {
  it('counts an IPv4 address, also written as IPv4-mapped IPv6, as itself', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(clientKeyOf('203.0.113.8')).not.toBe(clientKeyOf('203.0.113.7'));
  });

  it('counts an IPv6 address by its /64, however it is spelled', () => {
    const key = clientKeyOf('2001:db8:0:1::1');
    expect(key).toBe('ip:2001:db8:0:1::/64');
    expect(clientKeyOf('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKeyOf('2001:DB8:0:1:a::b%eth0')).toBe(key);
    expect(clientKeyOf('2001:db8:0:2::1')).not.toBe(key);
    expect(clientKeyOf('::1')).toBe('ip:0:0:0:0::/64');
  });
});

describe('code-request budgets across phones', () => {
  let database: TestDatabase;
  const clock = testClock();
  const log = logCapture();
  const apps: StorefrontApp[] = [];
  let closeOwnDb: () => Promise<void> = async () => {};

  /** An app with small budgets; on PostgreSQL the second instance gets its own pool, as a process would. */
  async function budgetApp(options: {
    perClient: number;
    perBrand?: number;
    env?: Record<string, string>;
    ownPool?: boolean;
  }) {
    let db = database.db;
    if (options.ownPool && database.url) {
      const own = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
      db = own.db;
      closeOwnDb = () => own.close();
    }
    const env = {
      SMS_REQUESTS_PER_CLIENT_HOUR: String(options.perClient),
      SMS_REQUESTS_PER_BRAND_HOUR: String(options.perBrand ?? 1000),
      ...options.env,
    };
    const app = await authApp(db, { now: clock.now, log, env });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await closeOwnDb();
    await database.dispose();
  });

  const budgetRow = async (clientKey: string) =>
    (
      await database.db
        .select()
        .from(smsRequestBudget)
        .where(and(eq(smsRequestBudget.whiteLabelId, 'demo'), eq(smsRequestBudget.clientKey, clientKey)))
    )[0];

  it("stops one client spraying codes across phones, in the customer's words, without touching the phone", async () => {
    const app = await budgetApp({ perClient: 3 });
    for (const phone of ['9140000001', '9140000002', '9140000003'])
      expect((await requestCode(app, phone, {}, { ip: '198.51.100.1' })).statusCode).toBe(200);
    clock.advance(600);

    const refused = await requestCode(app, '9140000004', {}, { ip: '198.51.100.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3000');
    expect(refused.json()).toMatchObject({
      errors: [{ code: 'sms.send-failed', message: 'Не удалось отправить СМС, попробуйте позже' }],
      retryAfter: 3000,
    });
    expect(log.lastCode('+79140000004')).toBeUndefined();
    const phoneRows = await database.db
      .select()
      .from(phoneSignIn)
      .where(eq(phoneSignIn.phone, '+79140000004'));
    expect(phoneRows.every((row) => row.lastRequestedAt === null && row.requestsInWindow === 0)).toBe(true);
    expect((await budgetRow('ip:198.51.100.1'))?.requestsInWindow).toBe(3);

    expect((await requestCode(app, '9140000004', {}, { ip: '198.51.100.1' })).statusCode).toBe(429);
    // Another client is not affected, and the refused phone had not lost its 90 s.
    expect((await requestCode(app, '9140000004', {}, { ip: '198.51.100.2' })).statusCode).toBe(200);

    clock.advance(3000);
    expect((await requestCode(app, '9140000005', {}, { ip: '198.51.100.1' })).statusCode).toBe(200);
    expect((await budgetRow('ip:198.51.100.1'))?.requestsInWindow).toBe(1);
  });

  it('shares one budget across the addresses of an IPv6 /64', async () => {
    const app = await budgetApp({ perClient: 2 });
    expect((await requestCode(app, '9140000011', {}, { ip: '2001:db8:5:5::1' })).statusCode).toBe(200);
    expect((await requestCode(app, '9140000012', {}, { ip: '2001:db8:5:5::2' })).statusCode).toBe(200);
    expect((await requestCode(app, '9140000013', {}, { ip: '2001:db8:5:5:abcd::9' })).statusCode).toBe(429);
    expect((await requestCode(app, '9140000013', {}, { ip: '2001:db8:5:6::1' })).statusCode).toBe(200);
  });

  it('caps the whole brand, and a request refused there costs its client nothing', async () => {
    clock.advance(7200);
    const app = await budgetApp({ perClient: 5, perBrand: 3 });
    for (const [i, ip] of ['192.0.2.1', '192.0.2.2', '192.0.2.3'].entries())
      expect((await requestCode(app, `914000002${i}`, {}, { ip })).statusCode).toBe(200);
    const refused = await requestCode(app, '9140000029', {}, { ip: '192.0.2.4' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('sms.send-failed');
    expect(await budgetRow('ip:192.0.2.4')).toBeUndefined();
    expect((await budgetRow('brand'))?.requestsInWindow).toBe(3);
  });

  it('never lets simultaneous requests from two instances overshoot a budget', async () => {
    clock.advance(7200);
    const first = await budgetApp({ perClient: 4 });
    const second = await budgetApp({ perClient: 4, ownPool: true });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        requestCode(
          i % 2 ? first : second,
          `91400001${String(i).padStart(2, '0')}`,
          {},
          { ip: '192.0.2.50' },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(4).fill(200), ...Array(12).fill(429)]);
    expect((await budgetRow('ip:192.0.2.50'))?.requestsInWindow).toBe(4);
  });

  it('counts the address the trusted proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    clock.advance(7200);
    const app = await budgetApp({ perClient: 1, env: { TRUST_PROXY: '1' } });
    const viaProxy = (phone: string, forwardedFor: string) =>
      requestCode(app, phone, {}, { ip: '10.0.0.2', forwardedFor });
    expect((await viaProxy('9140000041', '6.6.6.1, 198.51.100.77')).statusCode).toBe(200);
    expect((await viaProxy('9140000042', '6.6.6.2, 198.51.100.77')).statusCode).toBe(429);
    expect((await viaProxy('9140000042', '198.51.100.78')).statusCode).toBe(200);
    expect((await budgetRow('ip:198.51.100.77'))?.requestsInWindow).toBe(1);
    expect(await budgetRow('ip:10.0.0.2')).toBeUndefined();
  });

  it('gives the budget back when the SMS gateway fails', async () => {
    clock.advance(7200);
    const app = await budgetApp({
      perClient: 1,
      env: { SMS_SENDER: 'smsru', SMSRU_API_ID: 'test-api-id', SMSRU_URL: 'http://127.0.0.1:9' },
    });
    expect((await requestCode(app, '9140000031', {}, { ip: '192.0.2.60' })).statusCode).toBe(502);
    expect((await requestCode(app, '9140000032', {}, { ip: '192.0.2.60' })).statusCode).toBe(502);
    expect((await budgetRow('ip:192.0.2.60'))?.requestsInWindow).toBe(0);
  });
});
