import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paymentFailureText } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { REPO_ROOT } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { smsLogRef } from '../../integrations/sms/log-sms-sender.ts';
import { API_KEY, logCapture, testClock } from '../../test/auth-test-kit.ts';
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, startFakeYooKassa } from '../../test/fakes/yookassa.ts';
import { CONTACTS, newPerson, type Person } from '../../test/orders-kit.ts';
import {
  attemptsOf,
  eventsOf,
  type OrderAnswer,
  orderCall,
  PAYER,
  placeOnline,
  readOrderAs,
  rowsOf,
} from '../../test/payments-kit.ts';
import { cart, DAY, line, POINTS } from '../../test/preflight-kit.ts';
import { freePort, type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import {
  createDatabaseFromTemplate,
  databaseUrlWithName,
  dropDatabase,
  uniqueDatabaseName,
} from '../../test/test-database.ts';
import {
  callsTo,
  createsWithKey,
  fakeIdOf,
  fakePaymentsOf,
  listenLocally,
  onHostedPage,
  restaurantOnYooKassa,
  yookassaEnv,
} from '../../test/yookassa-kit.ts';
import { runOnce } from './payments-sweeper.ts';
import { sendSettlementReceipt } from './settlement-receipt.ts';

/**
 * The payments module against the fake YooKassa through the real adapter (decision 22): the app listens
 * on 127.0.0.1 and the fake's notifications reach it there, so every notification goes the real way (address
 * check, hint, read back from the fake). The app's clock is pinned; the fake's is real.
 */
let fake: FakeYooKassa;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let notificationUrl: string;
const log = logCapture();
const clock = testClock(DAY);
let anna: Person;

beforeAll(async () => {
  fake = await startFakeYooKassa({ timeoutHoldMs: 4000 });
  ({ app, database, close } = await createTestApp({
    now: clock.now,
    env: yookassaEnv(fake),
    logger: log.logger,
  }));
  await restaurantOnYooKassa(database.db, app);
  notificationUrl = await listenLocally(app);
  anna = await newPerson(app, database.db);
});
afterAll(async () => {
  await fake?.close();
  await close?.();
});
beforeEach(() => {
  fake.setNotificationUrl(notificationUrl);
  // The return page's check reads at most every 2 s per attempt on the app's clock: each test starts past it.
  clock.advance(3);
});

const providerIdOf = async (orderId: number, attempt = 1) =>
  (await attemptsOf(database.db, orderId)).find((a) => a.attempt === attempt)?.provider_payment_id as string;

/** How many of the fake's deliveries `delivered` has looked at. */
let seen = 0;

/** The notifications under way have reached the app, and each one since the last call was answered 200. */
async function delivered() {
  await fake.notificationsSettled();
  const fresh = fake.deliveries.slice(seen);
  seen = fake.deliveries.length;
  expect(fresh.filter((d) => d.status !== 200)).toEqual([]);
}

const refundsAt = (fakeYooKassa: FakeYooKassa, paymentId: string) =>
  callsTo(fakeYooKassa, 'POST', '/v3/refunds').filter(
    (r) => (JSON.parse(r.body) as { payment_id: string }).payment_id === paymentId,
  );

interface ReceiptItem {
  description: string;
  quantity: number;
  amount: { value: string; currency: string };
  payment_subject: string;
}

describe('the happy path', () => {
  it('a delivery order: one create with our key, amount, metadata and receipt; paid by the notification after a read', async () => {
    const placed = await placeOnline(app, anna, {
      deliveryType: 'DELIVERY',
      location: POINTS.zone1,
      address: 'Казань, ул. Баумана, 1',
      positions: [line(8, 1)],
      deliveryPlace: { apartment: '5', entrance: null, floor: '2', intercom: null, comment: null },
    });
    expect(placed).toMatchObject({ paymentStatus: 'pending', payment: { status: 'pending', attempt: 1 } });
    const [payment] = fakePaymentsOf(fake, placed.id);
    expect(payment).toBeDefined();
    expect(placed.payment.confirmationUrl).toBe(`${fake.url.replace(/\/v3$/, '')}/checkout/${payment?.id}`);

    const creates = createsWithKey(fake, `order-${placed.id}-1`);
    expect(creates).toHaveLength(1);
    expect(callsTo(fake, 'POST', '/v3/payments').filter((r) => r.body.includes(`"${placed.id}"`))).toEqual(
      creates,
    );
    const [create] = creates;
    expect(create?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FAKE_YOOKASSA_SHOP.shopId}:${FAKE_YOOKASSA_SHOP.secretKey}`).toString('base64')}`,
    );
    const body = JSON.parse(create?.body ?? '{}');
    const amount = `${Math.floor(placed.payable / 100)}.${String(placed.payable % 100).padStart(2, '0')}`;
    expect(amount).toMatch(/\.00$/);
    expect(body).toMatchObject({
      amount: { value: amount, currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect' },
      metadata: { orderId: String(placed.id), attempt: '1' },
      receipt: { customer: { email: PAYER.email } },
    });
    expect(body.confirmation.return_url).toMatch(new RegExp(`/orders/${placed.id}/payment$`));
    const items = body.receipt.items as ReceiptItem[];
    const sum = items.reduce(
      (total, item) => total + item.quantity * Math.round(Number(item.amount.value) * 100),
      0,
    );
    expect(sum).toBe(placed.payable);
    const order = await readOrderAs(app, anna, placed.id);
    const deliveryPrice = (order as unknown as { deliveryPrice: number }).deliveryPrice;
    expect(deliveryPrice).toBeGreaterThan(0);
    expect(items.filter((item) => item.payment_subject === 'service')).toEqual([
      expect.objectContaining({
        quantity: 1,
        amount: { value: `${deliveryPrice / 100}.00`, currency: 'RUB' },
      }),
    ]);

    // The customer pays on the hosted page; the fake notifies the app, which reads the payment back.
    const reads = callsTo(fake, 'GET', `/v3/payments/${payment?.id}`).length;
    const back = await onHostedPage(placed.payment.confirmationUrl, 'pay');
    expect(back).toBe(body.confirmation.return_url);
    await delivered();
    expect(callsTo(fake, 'GET', `/v3/payments/${payment?.id}`).length).toBeGreaterThan(reads);
    const paid = await readOrderAs(app, anna, placed.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', payment: { status: 'paid', confirmationUrl: null } });
    expect(paid.payment.paidAt).toBe(new Date(clock.now()).toISOString());
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
    expect(fakePaymentsOf(fake, placed.id)).toHaveLength(1);
  });
});

describe('the settlement receipt at handover', () => {
  it('a paid order’s receipt goes to YooKassa once, as full payment against the prepayment; none before it is paid', async () => {
    const placed = await placeOnline(app, anna);
    expect(await sendSettlementReceipt(app.payments, placed.id)).toBe('not-paid');
    await onHostedPage(placed.payment.confirmationUrl, 'pay');
    await delivered();
    const before = fake.receipts.length;
    expect(await sendSettlementReceipt(app.payments, placed.id)).toBe('sent');
    expect(await sendSettlementReceipt(app.payments, placed.id)).toBe('sent');
    const sent = callsTo(fake, 'POST', '/v3/receipts').slice(-2);
    expect(sent.map((r) => r.headers['idempotence-key'])).toEqual([
      sent[0]?.headers['idempotence-key'],
      sent[0]?.headers['idempotence-key'],
    ]);
    expect(fake.receipts.length).toBe(before + 1);
    const receipt = fake.receipts.at(-1) as {
      payment_id: string;
      items: { payment_mode: string }[];
      settlements: { type: string; amount: { value: string } }[];
    };
    expect(receipt.payment_id).toBe(await providerIdOf(placed.id));
    expect(receipt.items.map((item) => item.payment_mode)).toEqual(receipt.items.map(() => 'full_payment'));
    expect(receipt.settlements).toEqual([
      { type: 'prepayment', amount: { value: `${placed.payable / 100}.00`, currency: 'RUB' } },
    ]);
  });
});

describe('receipts YooKassa takes', () => {
  for (const [promoCode, positions] of [
    ['KAZANONLY', [line(1, 3), line(2, 7), line(8, 1)]],
    ['WELCOME10', [line(2, 3), line(3, 1), line(8, 2)]],
    ['MINUS300', [line(1, 7), line(2, 3), line(8, 3)]],
  ] as const)
    it(`a delivery order with ${promoCode} and uneven counts: the receipt adds up, the payment is created`, async () => {
      const who = await newPerson(app, database.db);
      const placed = await placeOnline(app, who, {
        deliveryType: 'DELIVERY',
        location: POINTS.zone1,
        address: 'Казань, ул. Баумана, 1',
        positions,
        promoCode,
        deliveryPlace: { apartment: '5', entrance: null, floor: '2', intercom: null, comment: null },
      });
      expect((placed as unknown as { discount: number }).discount).toBeGreaterThan(0);
      // The fake refuses a receipt whose items do not add up to the amount: a page means it took this one.
      expect(placed.payment.confirmationUrl, JSON.stringify(placed.payment)).not.toBeNull();
      expect(placed.payment.status).toBe('pending');
      const [create] = createsWithKey(fake, `order-${placed.id}-1`);
      const items = JSON.parse(create?.body ?? '{}').receipt.items as ReceiptItem[];
      expect(
        items.reduce((total, item) => total + item.quantity * Math.round(Number(item.amount.value) * 100), 0),
      ).toBe(placed.payable);
    });
});

describe('declined', () => {
  for (const reason of [
    'insufficient_funds',
    '3d_secure_failed',
    'card_expired',
    'general_decline',
    'fraud_suspected',
    'expired_on_confirmation',
  ])
    it(`${reason}: the order failed, the reason in words in ru and en`, async () => {
      const placed = await placeOnline(app, anna);
      if (reason === 'expired_on_confirmation') fake.expire(fakeIdOf(placed.payment.confirmationUrl));
      else await onHostedPage(placed.payment.confirmationUrl, 'decline', reason);
      await delivered();
      const ru = await readOrderAs(app, anna, placed.id, 'ru');
      expect(ru).toMatchObject({
        paymentStatus: 'failed',
        payment: { failure: { code: reason, message: paymentFailureText(reason).ru }, canRetry: true },
      });
      const en = await readOrderAs(app, anna, placed.id, 'en');
      expect(en.payment.failure?.message).toBe(paymentFailureText(reason).en);
      expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'payment-failed']);
    });
});

describe('abandon and retry', () => {
  it('attempt 2 with its own key is paid; attempt 1 paid late is refunded (second-payment)', async () => {
    const placed = await placeOnline(app, anna);
    const first = await providerIdOf(placed.id);
    await onHostedPage(placed.payment.confirmationUrl, 'abandon');
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');

    // A double click: two retries at once start one attempt 2, one payment at YooKassa.
    const [retry, twin] = await Promise.all([
      orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 }),
      orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 }),
    ]);
    for (const answer of [retry, twin]) {
      expect(answer?.statusCode, answer?.body.slice(0, 300)).toBe(201);
      expect(answer?.json().payment.attempt).toBe(2);
    }
    if (!retry) throw new Error('no answer');
    expect(createsWithKey(fake, `order-${placed.id}-2`).length).toBeGreaterThanOrEqual(1);
    expect(fakePaymentsOf(fake, placed.id).map((p) => (p.metadata as { attempt: string }).attempt)).toEqual([
      '1',
      '2',
    ]);
    const second = await providerIdOf(placed.id, 2);
    expect(second).not.toBe(first);
    // The twin that lost the race may answer while the winner's creation is under way, without a page yet:
    // the customer pays on the page one of them has.
    const page = [retry, twin]
      .map((answer) => answer?.json().payment.confirmationUrl as unknown)
      .find((url): url is string => typeof url === 'string');
    expect(page, 'a hosted page in one of the answers').toBeDefined();
    await onHostedPage(page as string, 'pay');
    await delivered();
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('paid');

    // The first tab was still open: the customer pays attempt 1 too.
    fake.pay(first);
    await delivered();
    const order = await readOrderAs(app, anna, placed.id);
    expect(order.paymentStatus).toBe('paid');
    expect(order.payment.refunds.map((r) => [r.reason, r.status])).toEqual([['second-payment', 'succeeded']]);
    const refunds = refundsAt(fake, first);
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0]?.body ?? '{}').amount).toEqual(fake.payment(first).amount);
    expect(fake.payment(first).refunded_amount).toEqual(fake.payment(first).amount);
    expect(refundsAt(fake, second)).toEqual([]);
    const [kept] = await rowsOf<{ provider_payment_id: string }>(
      database.db,
      sql`select p.provider_payment_id from orders o join payments p on p.id = o.paid_payment_id where o.id = ${placed.id}`,
    );
    expect(kept?.provider_payment_id).toBe(second);
  });
});

describe('the notification and the customer’s return', () => {
  it('the notification first: paid before the return page asks; its check reads nothing more', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    await onHostedPage(placed.payment.confirmationUrl, 'pay');
    await delivered();
    const reads = callsTo(fake, 'GET', `/v3/payments/${id}`).length;
    expect(reads).toBeGreaterThan(0);
    const check = await orderCall(app, anna, placed.id, '/payment-check');
    expect(check.statusCode).toBe(200);
    expect(check.json().paymentStatus).toBe('paid');
    expect(callsTo(fake, 'GET', `/v3/payments/${id}`)).toHaveLength(reads);
  });

  it('the customer first: the check reads the provider and makes it paid; the late notification changes nothing', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    fake.setNotificationUrl(null); // held: YooKassa has not delivered it yet
    await onHostedPage(placed.payment.confirmationUrl, 'pay');
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
    const check = await orderCall(app, anna, placed.id, '/payment-check');
    expect(check.json().paymentStatus).toBe('paid');

    fake.setNotificationUrl(notificationUrl);
    fake.notify(id, 'payment.succeeded');
    await delivered();
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('paid');
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
    expect(refundsAt(fake, id)).toEqual([]);
  });
});

describe('duplicated and reordered notifications', () => {
  it('canceled and succeeded, each twice, newest first: paid once, one payment, nothing refunded', async () => {
    const reordering = await startFakeYooKassa({ reorder: true, duplicate: 2 });
    const second = await createTestApp({
      now: clock.now,
      db: database,
      env: yookassaEnv(reordering),
    });
    try {
      await second.app.catalog.refresh();
      const url = await listenLocally(second.app);
      reordering.setNotificationUrl(url);
      const placed = await placeOnline(second.app, anna);
      const id = fakeIdOf(placed.payment.confirmationUrl);
      await onHostedPage(placed.payment.confirmationUrl, 'pay');
      // YooKassa says canceled after succeeded (an object as it is now: succeeded), then both go out reversed.
      reordering.notify(id, 'payment.canceled');
      reordering.flushNotifications();
      await reordering.notificationsSettled();
      expect(reordering.deliveries.map((d) => `${d.event} ${d.status}`).sort()).toEqual([
        'payment.canceled 200',
        'payment.canceled 200',
        'payment.succeeded 200',
        'payment.succeeded 200',
      ]);
      const order = await readOrderAs(second.app, anna, placed.id);
      expect(order.paymentStatus).toBe('paid');
      expect(order.payment.refunds).toEqual([]);
      expect(fakePaymentsOf(reordering, placed.id)).toHaveLength(1);
      expect(callsTo(reordering, 'POST', '/v3/refunds')).toEqual([]);
      expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
    } finally {
      await reordering.close();
      await second.close();
    }
  });
});

describe('a notification the app cannot confirm yet', () => {
  it('YooKassa cannot be read: 503, YooKassa delivers again, then paid', async () => {
    const retrying = await startFakeYooKassa({ retry: { tries: 3, backoffMs: 20 } });
    const second = await createTestApp({ now: clock.now, db: database, env: yookassaEnv(retrying) });
    try {
      await second.app.catalog.refresh();
      retrying.setNotificationUrl(await listenLocally(second.app));
      const placed = await placeOnline(second.app, anna);
      retrying.failNext('get', '500-before');
      await onHostedPage(placed.payment.confirmationUrl, 'pay');
      await retrying.notificationsSettled();
      expect(retrying.deliveries.map((d) => [d.event, d.attempt, d.status])).toEqual([
        ['payment.succeeded', 1, 503],
        ['payment.succeeded', 2, 200],
      ]);
      expect((await readOrderAs(second.app, anna, placed.id)).paymentStatus).toBe('paid');
      expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
    } finally {
      await retrying.close();
      await second.close();
    }
  });
});

describe('forged notifications', () => {
  it('from an address outside YOOKASSA_NOTIFICATION_IPS: 403, nothing read, nothing changed', async () => {
    const strict = await createTestApp({
      now: clock.now,
      db: database,
      env: yookassaEnv(fake, { YOOKASSA_NOTIFICATION_IPS: '185.71.76.0/27,77.75.156.11' }),
    });
    try {
      await strict.app.catalog.refresh();
      const placed = await placeOnline(app, anna);
      const id = await providerIdOf(placed.id);
      const strictUrl = await listenLocally(strict.app);
      fake.setNotificationUrl(strictUrl);
      const before = fake.deliveries.length;
      const reads = callsTo(fake, 'GET', `/v3/payments/${id}`).length;
      fake.pay(id);
      await fake.notificationsSettled();
      expect(fake.deliveries.slice(before).map((d) => d.status)).toEqual([403]);
      seen = fake.deliveries.length;
      expect(callsTo(fake, 'GET', `/v3/payments/${id}`)).toHaveLength(reads);
      expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
      expect(await eventsOf(database.db, placed.id)).toEqual(['placed']);
      // Without TRUST_PROXY, an X-Forwarded-For naming YooKassa's address is the sender's word only.
      const claimed = await fetch(`${strictUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '185.71.76.1' },
        body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id } }),
      });
      expect(claimed.status).toBe(403);
      expect(callsTo(fake, 'GET', `/v3/payments/${id}`)).toHaveLength(reads);
      expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
      // The same notification from YooKassa's address is believed.
      fake.setNotificationUrl(notificationUrl);
      fake.notify(id, 'payment.succeeded');
      await delivered();
      expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('paid');
    } finally {
      await strict.close();
    }
  });

  it('behind a trusted proxy: the forwarded address decides (YooKassa’s believed, another refused)', async () => {
    const proxied = await createTestApp({
      now: clock.now,
      db: database,
      env: yookassaEnv(fake, { YOOKASSA_NOTIFICATION_IPS: '185.71.76.0/27', TRUST_PROXY: '127.0.0.1' }),
    });
    try {
      await proxied.app.catalog.refresh();
      const url = await listenLocally(proxied.app);
      const placed = await placeOnline(app, anna);
      const id = await providerIdOf(placed.id);
      fake.setNotificationUrl(null);
      await onHostedPage(placed.payment.confirmationUrl, 'pay');
      const reads = callsTo(fake, 'GET', `/v3/payments/${id}`).length;
      const from = (address: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id } }),
        });
      expect((await from('203.0.113.9')).status).toBe(403);
      expect(callsTo(fake, 'GET', `/v3/payments/${id}`)).toHaveLength(reads);
      expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');
      expect((await from('185.71.76.1')).status).toBe(200);
      expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('paid');
    } finally {
      await proxied.close();
    }
  });

  it('claiming succeeded with another amount for a payment pending at YooKassa: the module believes the read', async () => {
    const placed = await placeOnline(app, anna);
    const id = await providerIdOf(placed.id);
    const reads = callsTo(fake, 'GET', `/v3/payments/${id}`).length;
    const forged = await fetch(notificationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'notification',
        event: 'payment.succeeded',
        object: { id, status: 'succeeded', paid: true, amount: { value: '1.00', currency: 'RUB' } },
      }),
    });
    expect(forged.status).toBe(200);
    expect(callsTo(fake, 'GET', `/v3/payments/${id}`).length).toBeGreaterThan(reads);
    expect(fake.payment(id).status).toBe('pending');
    const order = await readOrderAs(app, anna, placed.id);
    expect(order).toMatchObject({ paymentStatus: 'pending', payment: { status: 'pending' } });
    expect(order.payment.confirmationUrl).toBe(placed.payment.confirmationUrl);
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed']);
  });

  it('a payment at YooKassa with our metadata and another amount: unknown to a notification; a row pointing at it is not paid, logged', async () => {
    const placed = await placeOnline(app, anna);
    const ours = await providerIdOf(placed.id);
    // Someone creates a cheaper payment naming our order, with our shop's credentials, and pays it.
    const created = await fetch(`${fake.url}/payments`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${FAKE_YOOKASSA_SHOP.shopId}:${FAKE_YOOKASSA_SHOP.secretKey}`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotence-key': `forged-${placed.id}`,
      },
      body: JSON.stringify({
        amount: { value: '1.00', currency: 'RUB' },
        capture: true,
        confirmation: { type: 'redirect', return_url: 'http://127.0.0.1/x' },
        metadata: { orderId: String(placed.id), attempt: '1' },
      }),
    });
    expect(created.status).toBe(200);
    const foreign = ((await created.json()) as { id: string }).id;
    fake.pay(foreign);
    await delivered();
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');

    // Were our row ever to name it (a provider answering a create with the wrong payment), it is not believed.
    await database.db.execute(
      sql`update payments set provider_payment_id = ${foreign} where order_id = ${placed.id} and attempt = 1`,
    );
    try {
      const logged = log.lines.length;
      const check = await orderCall(app, anna, placed.id, '/payment-check');
      expect(check.json().paymentStatus).toBe('pending');
      expect(
        log.lines
          .slice(logged)
          .filter((l) => l.orderId === placed.id && String(l.msg).includes('does not match')),
      ).toHaveLength(1);
      expect(await eventsOf(database.db, placed.id)).toEqual(['placed']);
      expect(refundsAt(fake, foreign)).toEqual([]);
    } finally {
      await database.db.execute(
        sql`update payments set provider_payment_id = ${ours} where order_id = ${placed.id} and attempt = 1`,
      );
    }
  });
});

describe('the provider fails the create', () => {
  for (const [fault, finisher] of [
    ['500-after', 'the sweeper'],
    ['timeout', 'the sweeper'],
    ['429', 'the return page check'],
    ['500-before', 'the return page check'],
  ] as const)
    it(`${fault}: 201 without a page; ${finisher} creates with the same key; one payment, its page`, async () => {
      fake.failNext('create', fault);
      const placed = await placeOnline(app, anna);
      expect(placed).toMatchObject({ paymentStatus: 'pending', payment: { confirmationUrl: null } });
      expect((await attemptsOf(database.db, placed.id))[0]?.status).toBe('creating');
      expect(fakePaymentsOf(fake, placed.id)).toHaveLength(fault === '500-after' ? 1 : 0);

      if (finisher === 'the sweeper') {
        clock.advance(11);
        await runOnce(app.payments);
      } else {
        const check = await orderCall(app, anna, placed.id, '/payment-check');
        expect(check.statusCode).toBe(200);
      }
      const key = `order-${placed.id}-1`;
      expect(createsWithKey(fake, key)).toHaveLength(2);
      expect(new Set(createsWithKey(fake, key).map((r) => r.body)).size).toBe(1);
      const payments = fakePaymentsOf(fake, placed.id);
      expect(payments).toHaveLength(1);
      const [attempt] = await attemptsOf(database.db, placed.id);
      expect(attempt).toMatchObject({ status: 'pending', provider_payment_id: payments[0]?.id });
      const order = await readOrderAs(app, anna, placed.id);
      expect(order.payment.confirmationUrl).toBe(
        (payments[0]?.confirmation as { confirmation_url: string } | undefined)?.confirmation_url,
      );
      await onHostedPage(order.payment.confirmationUrl, 'pay');
      await delivered();
      expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('paid');
    });
});

describe('a late payment of a cancelled order', () => {
  it('the sweeper cancels it past pay_until, the promo use given back; money paid after that is refunded', async () => {
    const who = await newPerson(app, database.db);
    const uses = async () =>
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select used_count as n from promo_codes where code = 'ONCE'`,
        )
      )[0]?.n ?? 0;
    const before = await uses();
    const placed = await placeOnline(app, who, { positions: [line(1, 3)], promoCode: 'ONCE' });
    expect(await uses()).toBe(before + 1);
    const id = await providerIdOf(placed.id);

    clock.advance(61 * 60);
    await runOnce(app.payments);
    const canceled = await readOrderAs(app, who, placed.id);
    expect(canceled.status).toBe('canceled');
    expect(await uses()).toBe(before);

    await onHostedPage(placed.payment.confirmationUrl, 'pay');
    await delivered();
    const refunded = await readOrderAs(app, who, placed.id);
    expect(refunded.status).toBe('canceled');
    expect(refunded.paymentStatus).not.toBe('paid');
    expect(refunded.payment.refunds.map((r) => [r.reason, r.status])).toEqual([
      ['order-canceled', 'succeeded'],
    ]);
    expect(refundsAt(fake, id)).toHaveLength(1);
    expect(fake.payment(id).refunded_amount).toEqual(fake.payment(id).amount);
    expect(await uses()).toBe(before);
  });
});

describe('refunds that do not go through at once', () => {
  it('a 500 after YooKassa took the refund, then pending: the sweeper asks again with the same key, one refund; its notification ends it', async () => {
    const placed = await placeOnline(app, anna);
    const first = await providerIdOf(placed.id);
    const retry = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 });
    await onHostedPage(retry.json().payment.confirmationUrl, 'pay');
    await delivered();
    fake.setRefundStatus('pending');
    fake.failNext('refund', '500-after');
    try {
      fake.pay(first);
      await delivered();
      expect(refundsAt(fake, first)).toHaveLength(1);
      expect((await readOrderAs(app, anna, placed.id)).payment.refunds.map((r) => r.status)).not.toContain(
        'succeeded',
      );

      clock.advance(11);
      await runOnce(app.payments);
      const sent = refundsAt(fake, first);
      expect(sent).toHaveLength(2);
      expect(sent[0]?.headers['idempotence-key']).toBe(sent[1]?.headers['idempotence-key']);
      const [refund] = await rowsOf<{ provider_refund_id: string; status: string }>(
        database.db,
        sql`select provider_refund_id, status from payment_refunds where order_id = ${placed.id}`,
      );
      expect(refund?.status).toBe('pending');
      expect(fake.refund(refund?.provider_refund_id as string)?.status).toBe('pending');

      fake.succeedRefund(refund?.provider_refund_id as string);
      await delivered();
      const order = await readOrderAs(app, anna, placed.id);
      expect(order.paymentStatus).toBe('paid');
      expect(order.payment.refunds.map((r) => [r.reason, r.status])).toEqual([
        ['second-payment', 'succeeded'],
      ]);
      expect(fake.payment(first).refunded_amount).toEqual(fake.payment(first).amount);
    } finally {
      fake.setRefundStatus('succeeded');
    }
  });
});

describe('two API instances on one database', () => {
  it('a notification to one and the return page check on the other at once, and both sweepers: paid once', async () => {
    const own = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 })
      : null;
    const other = await createTestApp({
      now: clock.now,
      db: own ? { ...own, dispose: () => own.close() } : database,
      env: yookassaEnv(fake),
    });
    try {
      await other.app.catalog.refresh();
      const placed = await placeOnline(app, anna);
      const id = await providerIdOf(placed.id);
      fake.setNotificationUrl(null);
      await onHostedPage(placed.payment.confirmationUrl, 'pay');
      fake.setNotificationUrl(notificationUrl);
      clock.advance(60);
      fake.notify(id, 'payment.succeeded');
      fake.notify(id, 'payment.succeeded');
      const [check] = await Promise.all([
        orderCall(other.app, anna, placed.id, '/payment-check'),
        runOnce(app.payments),
        runOnce(other.app.payments),
        delivered(),
      ]);
      expect(check.statusCode).toBe(200);
      const order = await readOrderAs(other.app, anna, placed.id);
      expect(order.paymentStatus).toBe('paid');
      expect(order.payment.refunds).toEqual([]);
      expect(refundsAt(fake, id)).toEqual([]);
      expect((await eventsOf(database.db, placed.id)).filter((kind) => kind === 'paid')).toHaveLength(1);
      expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
    } finally {
      await other.close();
      await own?.close();
    }
  });
});

describe('a crash between the order and its payment', () => {
  let crashFake: FakeYooKassa | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let brandsDir: string | undefined;
  let dropOwnDatabase: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await server?.kill();
    await crashFake?.close();
    await dropOwnDatabase?.();
    for (const dir of [dataDir, brandsDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Where the server processes keep their data: a fresh PGlite dir, or a copy of the template on PostgreSQL. */
  async function serverDatabase(): Promise<Record<string, string>> {
    const template = inject('databaseTemplate');
    if (template.postgresAdminUrl && template.postgresTemplate) {
      const admin = template.postgresAdminUrl;
      const name = uniqueDatabaseName(template.postgresTemplate.replace(/_tpl_.*/, '_crash'));
      await createDatabaseFromTemplate(admin, name, template.postgresTemplate);
      dropOwnDatabase = () => dropDatabase(admin, name);
      const url = databaseUrlWithName(admin, name);
      const own = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await restaurantOnYooKassa(own.db);
      } finally {
        await own.close();
      }
      return { DATABASE_URL: url };
    }
    // PGlite cannot be written from outside the server: the server seeds it from a brand with restaurant 1 on
    // YooKassa (a copy of the demo brand; its shop keeps the name 'demo-shop' that YOOKASSA_SHOPS maps).
    brandsDir = mkdtempSync(join(tmpdir(), 'storefront-yk-brands-'));
    cpSync(join(REPO_ROOT, 'brands', 'demo'), join(brandsDir, 'demo'), { recursive: true });
    const restosFile = join(brandsDir, 'demo', 'seed', 'restos.json');
    const restos = JSON.parse(readFileSync(restosFile, 'utf8')) as { id: number; payEngine: string }[];
    for (const resto of restos) if (resto.id === 1) resto.payEngine = 'yookassa';
    writeFileSync(restosFile, JSON.stringify(restos, null, 2));
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-yk-data-'));
    return { DATA_DIR: dataDir, BRANDS_DIR: brandsDir };
  }

  const call = async (path: string, init: { token?: string; body?: unknown; key?: string } = {}) => {
    const answer = await fetch(`${server?.base}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await answer.text();
    return { status: answer.status, json: () => JSON.parse(text), text };
  };

  it('killed while YooKassa holds the create: the restarted server’s sweeper creates it once; paid', async () => {
    // The fake holds the create far longer than the test takes; the server waits as long for it.
    crashFake = await startFakeYooKassa({ timeoutHoldMs: 600_000 });
    const port = await freePort();
    const env = {
      ...(await serverDatabase()),
      ...yookassaEnv(crashFake, { PAYMENT_PROVIDER_TIMEOUT_MS: '60000' }),
      NODE_ENV: 'development',
      CLOCK_NOW: new Date(DAY).toISOString(),
      PAYMENT_SWEEP_MS: '1000',
      AUTH_TOKEN_SECRET: 'crash-test-secret-crash-test-secret-0123',
      SMS_SENDER: 'log',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    };
    server = await startServerProcess(env, port);
    crashFake.setNotificationUrl(`${server.base}/api/v1/payments/yookassa/notifications`);

    // Signed in over HTTP: the code is read from the server's log.
    const phone = '+79120007701';
    const sent = await call('/api/v1/sign/in/phone/code', {
      body: { apiKey: API_KEY, captchaToken: '', mode: 'WEB', phone, whiteLabel: 'demo' },
    });
    expect(sent.status, sent.text).toBe(200);
    const codeLine = () =>
      server?.lines.findLast((l) => (l.sms as { ref?: string } | undefined)?.ref === smsLogRef(phone));
    await expect.poll(codeLine, { timeout: 10_000 }).toBeDefined();
    const code = /\b(\d{6})\b/.exec((codeLine()?.sms as { text: string } | undefined)?.text ?? '')?.[1];
    const signedIn = await call('/api/v1/sign/in/phone', {
      body: { apiKey: API_KEY, captchaToken: '', code, phone },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    const token = signedIn.json().accessToken as string;
    const personId = (await call('/api/v1/me', { token })).json().id as number;

    // Priced for the persons the order says, as the storefront does: the seeded demo gives condiments by persons.
    const body = { ...cart({ payType: 'CARD_ONLINE' }), personCount: CONTACTS.personCount };
    const priced = await call(`/1/persons/${personId}/orders/preflight`, { token, body });
    expect(priced.status, priced.text).toBe(200);
    crashFake.failNext('create', 'timeout');
    const placing = call(`/api/v1/persons/${personId}/orders`, {
      token,
      key: randomUUID(),
      body: { ...body, quote: priced.json().quote, ...CONTACTS, person: PAYER },
    }).catch((error: unknown) => error);
    // The create is in flight at YooKassa: the server dies now.
    const held = () => callsTo(crashFake as FakeYooKassa, 'POST', '/v3/payments');
    await expect.poll(() => held().length, { timeout: 30_000 }).toBe(1);
    await server.kill('SIGKILL');
    expect(await placing).toBeInstanceOf(Error);
    const key = held()[0]?.headers['idempotence-key'] as string;
    const orderId = Number(/^order-(\d+)-1$/.exec(key)?.[1]);
    expect(orderId).toBeGreaterThan(0);
    expect(crashFake.paymentIds()).toEqual([]);

    server = await startServerProcess(env, port);
    const readOrder = async () => {
      const answer = await call(`/api/v1/persons/${personId}/orders/${orderId}`, { token });
      expect(answer.status, answer.text).toBe(200);
      return answer.json() as OrderAnswer;
    };
    // The sweeper's turn comes when it comes: wait for it, generously.
    await expect
      .poll(async () => (await readOrder()).payment.confirmationUrl, { timeout: 90_000, interval: 250 })
      .not.toBeNull();
    expect(createsWithKey(crashFake, key)).toHaveLength(2);
    expect(fakePaymentsOf(crashFake, orderId)).toHaveLength(1);
    const [payment] = fakePaymentsOf(crashFake, orderId);
    const order = await readOrder();
    expect(order).toMatchObject({ paymentStatus: 'pending', payment: { status: 'pending', attempt: 1 } });
    expect(order.payment.confirmationUrl).toBe(
      (payment?.confirmation as { confirmation_url: string } | undefined)?.confirmation_url,
    );

    await onHostedPage(order.payment.confirmationUrl, 'pay');
    await crashFake.notificationsSettled();
    await expect.poll(async () => (await readOrder()).paymentStatus, { timeout: 30_000 }).toBe('paid');
    expect(fakePaymentsOf(crashFake, orderId)).toHaveLength(1);
  }, 300_000);
});
