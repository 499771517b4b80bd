import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { codeOf, newPerson, type Person } from '../../test/orders-kit.ts';
import {
  attemptsOf,
  eventsOf,
  orderCall,
  placeOnline,
  readOrderAs,
  rowsOf,
} from '../../test/payments-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { ScriptedGateway } from '../../test/scripted-gateway.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runOnce } from './payments-sweeper.ts';

/**
 * The payments module against a provider the test scripts: failures between the order and its payment,
 * answers that do not match, notifications from the wrong address, duplicated and reordered, and the sweeper.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
const gateway = new ScriptedGateway();
let anna: Person;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    now: clock.now,
    paymentGateways: new Map([['demo', gateway]]),
  }));
  anna = await newPerson(app, database.db);
});
afterAll(() => close());
beforeEach(() => {
  gateway.failCreates = 0;
  gateway.createdAnyway = false;
  gateway.failReads = 0;
  gateway.amountOnRead = null;
});

const YOOKASSA_IP = '185.71.76.1';
const notify = (id: string, event = 'payment.succeeded', ip = YOOKASSA_IP, engine = 'demo') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/payments/${engine}/notifications`,
    remoteAddress: ip,
    payload: { type: 'notification', event, object: { id, status: 'succeeded' } },
  });

const providerIdOf = async (orderId: number, attempt = 1) =>
  (await attemptsOf(database.db, orderId)).find((a) => a.attempt === attempt)?.provider_payment_id as string;

describe('between the order and its payment', () => {
  for (const createdAnyway of [false, true])
    it(`a provider 500 on create (${createdAnyway ? 'after' : 'before'} storing it): 201 without the page; the sweeper finishes it with the same key, one payment`, async () => {
      gateway.failCreates = 1;
      gateway.createdAnyway = createdAnyway;
      const before = gateway.payments.size;
      const placed = await placeOnline(app, anna);
      expect(placed).toMatchObject({
        paymentStatus: 'pending',
        payment: { status: 'pending', confirmationUrl: null },
      });
      expect((await attemptsOf(database.db, placed.id))[0]?.status).toBe('creating');

      clock.advance(11);
      await runOnce(app.payments);
      const [attempt] = await attemptsOf(database.db, placed.id);
      expect(attempt?.status).toBe('pending');
      const keys = gateway.creates.filter((c) => c.key === `order-${placed.id}-1`);
      expect(keys).toHaveLength(2);
      expect(new Set(keys.map((k) => k.hash)).size).toBe(1);
      expect(gateway.payments.size).toBe(before + 1);
      const order = await readOrderAs(app, anna, placed.id);
      expect(order.payment.confirmationUrl).toBe(`https://pay.example/${attempt?.provider_payment_id}`);
    });

  it('a retry while the provider is down: answered without a page (no 5xx, as at placement), the new attempt kept in creating; the double click finishes it', async () => {
    const placed = await placeOnline(app, anna);
    gateway.failCreates = 1;
    const down = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 });
    expect(down.statusCode).toBe(201);
    expect(down.json().payment).toMatchObject({ attempt: 2, status: 'pending', confirmationUrl: null });
    expect((await attemptsOf(database.db, placed.id)).map((a) => a.status)).toEqual(['pending', 'creating']);
    const again = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 });
    expect(again.statusCode).toBe(201);
    expect(again.json().payment).toMatchObject({ attempt: 2, status: 'pending' });
    expect(again.json().payment.confirmationUrl).toMatch(/^https:\/\/pay\.example\//);
  });
});

describe('reading the provider', () => {
  it('another amount on read: not paid, nothing changed', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    gateway.set(id, 'succeeded');
    gateway.amountOnRead = placed.payable - 100;
    const check = await orderCall(app, anna, placed.id, '/payment-check');
    expect(check.statusCode).toBe(200);
    expect(check.json().paymentStatus).toBe('pending');
    expect((await notify(id)).statusCode).toBe(200);
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed']);
    gateway.amountOnRead = null;
    clock.advance(3);
    expect((await orderCall(app, anna, placed.id, '/payment-check')).json().paymentStatus).toBe('paid');
  });

  it('the return page check: a provider failure answers the order as it is; reads at most every 2 s', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    gateway.failReads = 1;
    const failed = await orderCall(app, anna, placed.id, '/payment-check');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().paymentStatus).toBe('pending');
    const reads = gateway.reads.filter((r) => r === id).length;
    await orderCall(app, anna, placed.id, '/payment-check');
    expect(gateway.reads.filter((r) => r === id).length).toBe(reads);
  });
});

describe('notifications', () => {
  it('from an address outside the ranges: 403 before reading anything; nothing changed', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    gateway.set(id, 'succeeded');
    const reads = gateway.reads.length;
    const refused = await notify(id, 'payment.succeeded', '203.0.113.9');
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('payment.notification-refused');
    expect(gateway.reads.length).toBe(reads);
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
  });

  it('unknown payment → 200; unknown engine → 404; junk → 400; provider down → 503', async () => {
    expect((await notify('scripted-nobody')).json()).toEqual({ ok: true });
    const engine = await notify('x', 'payment.succeeded', YOOKASSA_IP, 'paypal');
    expect(engine.statusCode).toBe(404);
    expect(codeOf(engine)).toBe('payment.engine-not-found');
    for (const payload of [
      {},
      { type: 'notification' },
      { type: 'notification', event: 'x', object: {} },
      'junk',
    ]) {
      const junk = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/demo/notifications',
        remoteAddress: YOOKASSA_IP,
        ...(typeof payload === 'string'
          ? { payload, headers: { 'content-type': 'application/json' } }
          : { payload }),
      });
      expect(junk.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const placed = await placeOnline(app, anna);
    gateway.failReads = 1;
    const down = await notify(await providerIdOf(placed.id));
    expect(down.statusCode).toBe(503);
    expect(codeOf(down)).toBe('payment.provider-unavailable');
  });

  it('duplicated, then a reordered canceled: paid once, still paid', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    gateway.set(id, 'succeeded');
    const answers = await Promise.all([notify(id), notify(id), notify(id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    gateway.set(id, 'canceled', 'expired_on_confirmation');
    expect((await notify(id, 'payment.canceled')).statusCode).toBe(200);
    const order = await readOrderAs(app, anna, placed.id);
    expect(order.paymentStatus).toBe('paid');
    expect(order.payment.refunds).toEqual([]);
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
  });

  it('a canceled attempt that is not the current one does not fail the order', async () => {
    const placed = await placeOnline(app, anna);
    const first = await providerIdOf(placed.id);
    expect((await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 })).statusCode).toBe(201);
    gateway.set(first, 'canceled', 'card_expired');
    await notify(first, 'payment.canceled');
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
  });
});

describe('the sweeper', () => {
  it('cancels an order unpaid past pay_until and gives its promo use back; money after that is refunded', async () => {
    const who = await newPerson(app, database.db);
    const uses = async () =>
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select used_count as n from promo_codes where code = 'ONCE'`,
        )
      )[0]?.n;
    const before = await uses();
    const placed = await placeOnline(app, who, { positions: [line(1, 3)], promoCode: 'ONCE' });
    expect(await uses()).toBe((before ?? 0) + 1);
    const id = await providerIdOf(placed.id);

    clock.advance(59 * 60);
    await runOnce(app.payments);
    expect((await readOrderAs(app, who, placed.id)).status).toBe('new');
    clock.advance(61);
    await runOnce(app.payments);
    const canceled = await readOrderAs(app, who, placed.id);
    expect(canceled.status).toBe('canceled');
    expect(await uses()).toBe(before);
    const history = await rowsOf<{ status: string; by: string }>(
      database.db,
      sql`select status, by from order_history where order_id = ${placed.id} order by id`,
    );
    expect(history.at(-1)).toEqual({ status: 'canceled', by: 'system' });
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'canceled']);

    gateway.set(id, 'succeeded');
    expect((await notify(id)).statusCode).toBe(200);
    const refunded = await readOrderAs(app, who, placed.id);
    expect(refunded.paymentStatus).not.toBe('paid');
    expect(refunded.payment.refunds.map((r) => [r.reason, r.status])).toEqual([
      ['order-canceled', 'succeeded'],
    ]);
  });

  it('settles before cancelling: money that came in the last minute makes the order paid', async () => {
    const placed = await placeOnline(app, anna);
    gateway.set(await providerIdOf(placed.id), 'succeeded');
    clock.advance(61 * 60);
    await runOnce(app.payments);
    const order = await readOrderAs(app, anna, placed.id);
    expect(order).toMatchObject({ status: 'new', paymentStatus: 'paid' });
  });
});
