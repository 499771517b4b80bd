import { paymentFailureText } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { logCapture, testClock } from '../../test/auth-test-kit.ts';
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, startFakeYooKassa } from '../../test/fakes/yookassa.ts';
import { newPerson, orderBody, place } from '../../test/orders-kit.ts';
import {
  type OrderAnswer,
  orderCall,
  PAYER,
  placeOnline,
  readOrderAs,
  rowsOf,
} from '../../test/payments-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import {
  callsTo,
  createsWithKey,
  fakeIdOf,
  listenLocally,
  onHostedPage,
  restaurantOnYooKassa,
  yookassaEnv,
} from '../../test/yookassa-kit.ts';
import { runOnce } from './payments-sweeper.ts';

/**
 * Paying online by SBP and SberPay (decision 55) against the fake YooKassa through the real adapter: the method
 * goes as payment_method_data, one-stage; a method the restaurant does not offer is refused before anything is
 * written; one its YooKassa shop lacks (403 forbidden) ends the attempt in words and leaves the order payable;
 * refunds, receipts, retries and the sweeper work as for a card. The app's clock is pinned.
 */
let fake: FakeYooKassa;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let notificationUrl: string;
const log = logCapture();
const clock = testClock(DAY);

beforeAll(async () => {
  fake = await startFakeYooKassa({ timeoutHoldMs: 4000 });
  ({ app, database, close } = await createTestApp({
    now: clock.now,
    env: yookassaEnv(fake),
    logger: log.logger,
  }));
  await restaurantOnYooKassa(database.db, app);
  notificationUrl = await listenLocally(app);
});
afterAll(async () => {
  await fake?.close();
  await close?.();
});
beforeEach(() => {
  fake.setNotificationUrl(notificationUrl);
  fake.setShopMethods(FAKE_YOOKASSA_SHOP.shopId, ['bank_card', 'sbp', 'sberbank']);
  clock.advance(3);
});

type Body = { capture: boolean; payment_method_data?: { type: string }; receipt?: unknown };

const createBody = (orderId: number, attempt = 1): Body =>
  JSON.parse(createsWithKey(fake, `order-${orderId}-${attempt}`).at(-1)?.body ?? '{}');

const methodsOfAttempts = (orderId: number) =>
  rowsOf<{ attempt: number; method: string; status: string; cancellation_reason: string | null }>(
    database.db,
    sql`select attempt, method, status, cancellation_reason from payments where order_id = ${orderId} order by attempt`,
  );

const setRestaurantMethods = async (methods: string) => {
  await database.db.execute(sql`update restos set online_methods = ${methods}::text[] where id = 1`);
  await app.catalog.refresh();
};

async function delivered() {
  await fake.notificationsSettled();
}

const methodOf = (order: OrderAnswer) => (order.payment as unknown as { method: string | null }).method;

describe('SBP and SberPay at YooKassa', () => {
  it('an SBP order: created one-stage with type sbp, the receipt a card’s; paid on the page; the method read back', async () => {
    const who = await newPerson(app, database.db);
    const card = await placeOnline(app, who, { positions: [line(1, 2)] });
    const placed = await placeOnline(app, who, { positions: [line(1, 2)], onlineMethod: 'sbp' });
    const body = createBody(placed.id);
    expect(body).toMatchObject({ capture: true, payment_method_data: { type: 'sbp' } });
    expect(createBody(card.id).payment_method_data).toEqual({ type: 'bank_card' });
    // 54-FZ: the same items and customer as the same cart paid by card.
    expect(body.receipt).toEqual(createBody(card.id).receipt);
    expect(placed.payment).toMatchObject({
      status: 'pending',
      method: 'sbp',
      methods: ['card', 'sbp', 'sberpay'],
    });
    expect(fake.payment(fakeIdOf(placed.payment.confirmationUrl)).payment_method).toMatchObject({
      type: 'sbp',
    });

    await onHostedPage(placed.payment.confirmationUrl, 'pay');
    await delivered();
    const paid = await readOrderAs(app, who, placed.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(methodOf(paid)).toBe('sbp');
    expect(await methodsOfAttempts(placed.id)).toEqual([
      { attempt: 1, method: 'sbp', status: 'succeeded', cancellation_reason: null },
    ]);
  });

  it('a SberPay order goes as type sberbank and is paid', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who, { onlineMethod: 'sberpay' });
    expect(createBody(placed.id)).toMatchObject({ capture: true, payment_method_data: { type: 'sberbank' } });
    await onHostedPage(placed.payment.confirmationUrl, 'pay');
    await delivered();
    const paid = await readOrderAs(app, who, placed.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(methodOf(paid)).toBe('sberpay');
  });

  it('a method the restaurant does not offer: 422 payment.method-not-offered on onlineMethod, nothing written', async () => {
    const who = await newPerson(app, database.db);
    await setRestaurantMethods('{card,sbp}');
    try {
      const count = async () =>
        (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from orders`))[0]?.n;
      const before = await count();
      const creates = callsTo(fake, 'POST', '/v3/payments').length;
      const body = await orderBody(app, who, {
        payType: 'CARD_ONLINE',
        positions: [line(1, 2)],
        onlineMethod: 'sberpay',
      });
      const refused = await place(app, who, { ...body, person: PAYER });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ code: 'payment.method-not-offered', field: 'onlineMethod' }),
      ]);
      expect(await count()).toBe(before);
      expect(callsTo(fake, 'POST', '/v3/payments')).toHaveLength(creates);
      // A method it offers is placed.
      const placed = await placeOnline(app, who, { onlineMethod: 'sbp' });
      expect(placed.payment).toMatchObject({ methods: ['card', 'sbp'], method: 'sbp' });
    } finally {
      await setRestaurantMethods('{card,sbp,sberpay}');
    }
  });

  it('a method the shop lacks at YooKassa (403): the attempt ends in words, the order stays payable, a card pays it', async () => {
    const who = await newPerson(app, database.db);
    fake.setShopMethods(FAKE_YOOKASSA_SHOP.shopId, ['bank_card']);
    const placed = await placeOnline(app, who, { onlineMethod: 'sbp' });
    const failed = await readOrderAs(app, who, placed.id, 'ru');
    expect(failed).toMatchObject({
      status: 'new',
      paymentStatus: 'failed',
      payment: {
        confirmationUrl: null,
        canRetry: true,
        failure: { code: 'method_not_enabled', message: paymentFailureText('method_not_enabled').ru },
      },
    });
    expect((await readOrderAs(app, who, placed.id, 'en')).payment.failure?.message).toBe(
      paymentFailureText('method_not_enabled').en,
    );
    expect(log.lines.some((l) => JSON.stringify(l).includes('forbidden'))).toBe(true);

    const retry = await orderCall(app, who, placed.id, '/payments', {
      replacesAttempt: 1,
      onlineMethod: 'card',
    });
    expect(retry.statusCode, retry.body.slice(0, 300)).toBe(201);
    expect(createBody(placed.id, 2).payment_method_data).toEqual({ type: 'bank_card' });
    await onHostedPage(retry.json().payment.confirmationUrl, 'pay');
    await delivered();
    expect((await readOrderAs(app, who, placed.id)).paymentStatus).toBe('paid');
    expect(
      (await methodsOfAttempts(placed.id)).map((a) => [a.method, a.status, a.cancellation_reason]),
    ).toEqual([
      ['sbp', 'canceled', 'method_not_enabled'],
      ['card', 'succeeded', null],
    ]);
  });

  it('a retry keeps the previous method unless told; one not offered is 422 with nothing started', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who, { onlineMethod: 'sberpay' });
    await onHostedPage(placed.payment.confirmationUrl, 'decline', 'general_decline');
    await delivered();
    await setRestaurantMethods('{card,sbp}');
    try {
      // The previous attempt's SberPay is no longer offered: said, and attempt 2 is not started.
      const kept = await orderCall(app, who, placed.id, '/payments', { replacesAttempt: 1 });
      expect(kept.statusCode).toBe(422);
      expect(kept.json().errors[0]).toMatchObject({
        code: 'payment.method-not-offered',
        field: 'onlineMethod',
      });
      expect(await methodsOfAttempts(placed.id)).toHaveLength(1);
      const sbp = await orderCall(app, who, placed.id, '/payments', {
        replacesAttempt: 1,
        onlineMethod: 'sbp',
      });
      expect(sbp.statusCode, sbp.body.slice(0, 300)).toBe(201);
      expect(sbp.json().payment).toMatchObject({ attempt: 2, method: 'sbp' });
      expect(createBody(placed.id, 2).payment_method_data).toEqual({ type: 'sbp' });
      await onHostedPage(sbp.json().payment.confirmationUrl, 'abandon');
      // Absent: attempt 2's SBP again.
      const again = await orderCall(app, who, placed.id, '/payments', { replacesAttempt: 2 });
      expect(again.statusCode).toBe(201);
      expect(createBody(placed.id, 3).payment_method_data).toEqual({ type: 'sbp' });
    } finally {
      await setRestaurantMethods('{card,sbp,sberpay}');
    }
  });

  it('a restaurant that stopped taking online payment: its SBP order’s retry keeps SBP and the old shop', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who, { onlineMethod: 'sbp' });
    await onHostedPage(placed.payment.confirmationUrl, 'decline', 'general_decline');
    await delivered();
    await database.db.execute(
      sql`update restos set pay_take_away = jsonb_set(pay_take_away, '{cardOnline}', 'null'),
        pay_delivery = jsonb_set(pay_delivery, '{cardOnline}', 'null') where id = 1`,
    );
    await app.catalog.refresh();
    try {
      const failed = await readOrderAs(app, who, placed.id);
      expect(failed.payment).toMatchObject({ canRetry: true, method: 'sbp', methods: ['sbp'] });
      const retry = await orderCall(app, who, placed.id, '/payments', { replacesAttempt: 1 });
      expect(retry.statusCode, retry.body.slice(0, 300)).toBe(201);
      expect(createBody(placed.id, 2).payment_method_data).toEqual({ type: 'sbp' });
    } finally {
      await database.db.execute(
        sql`update restos set pay_take_away = jsonb_set(pay_take_away, '{cardOnline}', '"demo-shop"'),
          pay_delivery = jsonb_set(pay_delivery, '{cardOnline}', '"demo-shop"') where id = 1`,
      );
      await app.catalog.refresh();
    }
  });

  it('money that arrives late by SBP is refunded as a card’s: the whole payment, once', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who, { onlineMethod: 'sbp' });
    const first = fakeIdOf(placed.payment.confirmationUrl);
    await onHostedPage(placed.payment.confirmationUrl, 'abandon');
    const retry = await orderCall(app, who, placed.id, '/payments', {
      replacesAttempt: 1,
      onlineMethod: 'card',
    });
    await onHostedPage(retry.json().payment.confirmationUrl, 'pay');
    await delivered();
    fake.pay(first);
    await delivered();
    const order = await readOrderAs(app, who, placed.id);
    expect(order.paymentStatus).toBe('paid');
    expect(order.payment.refunds.map((r) => [r.reason, r.status])).toEqual([['second-payment', 'succeeded']]);
    const refunds = callsTo(fake, 'POST', '/v3/refunds').filter(
      (r) => (JSON.parse(r.body) as { payment_id: string }).payment_id === first,
    );
    expect(refunds).toHaveLength(1);
    expect(fake.payment(first).refunded_amount).toEqual(fake.payment(first).amount);
  });

  it('the sweeper creates an SBP attempt YooKassa did not answer with the same key and body', async () => {
    const who = await newPerson(app, database.db);
    fake.failNext('create', '500-before');
    const placed = await placeOnline(app, who, { onlineMethod: 'sbp' });
    expect(placed.payment.confirmationUrl).toBeNull();
    clock.advance(11);
    await runOnce(app.payments);
    const creates = createsWithKey(fake, `order-${placed.id}-1`);
    expect(creates).toHaveLength(2);
    expect(creates[1]?.body).toBe(creates[0]?.body);
    expect(createBody(placed.id).payment_method_data).toEqual({ type: 'sbp' });
    const order = await readOrderAs(app, who, placed.id);
    expect(order.payment.confirmationUrl).toMatch(/\/checkout\//);
  });
});
