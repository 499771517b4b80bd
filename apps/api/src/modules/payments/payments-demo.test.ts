import { PAYMENT_CANCELLATION_REASONS, paymentFailureText } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { escapeHtml } from '../../core/html.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { codeOf, newPerson, type Person } from '../../test/orders-kit.ts';
import {
  attemptsOf,
  demoForm,
  demoIdOf,
  eventsOf,
  orderCall,
  placeOnline,
  readOrderAs,
  rowsOf,
} from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * Online payment through the embedded demo engine, end to end over HTTP: its page, paying, declining with a
 * reason, walking away and retrying, and money that arrives when the order keeps none (refunded).
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
let anna: Person;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  anna = await newPerson(app, database.db);
});
afterAll(() => close());

describe('the demo engine', () => {
  it('place → 201 with the demo page → pay → the order is paid, once, with its event', async () => {
    const placed = await placeOnline(app, anna);
    expect(placed).toMatchObject({ paymentStatus: 'pending', payment: { status: 'pending', attempt: 1 } });
    expect(placed.payment.payUntil).toBe(new Date(clock.now() + 60 * 60_000).toISOString());
    const id = demoIdOf(placed.payment.confirmationUrl);

    const page = await app.inject({ method: 'GET', url: `/api/v1/payments/demo/pay/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const testId of ['demo-pay', 'demo-decline', 'demo-decline-reason', 'demo-abandon'])
      expect(page.body).toContain(`data-testid="${testId}"`);
    expect(page.body).toContain(testConfig().brand.name.ru);
    // Every decline reason is a radio with its whole text (a phone's drop-down cut them to its width).
    expect(page.body).not.toContain('<select');
    for (const reason of PAYMENT_CANCELLATION_REASONS)
      expect(page.body).toContain(`<input type="radio" name="reason" value="${reason}"`);
    expect(page.body).toContain(escapeHtml(paymentFailureText('insufficient_funds').ru));
    expect(page.body).toMatch(/деньги не списываются/);
    expect(page.body.replace(/\u00a0/g, ' ')).toContain(
      `${(placed.payable / 100).toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`,
    );

    const paid = await demoForm(app, id, { action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/orders/${placed.id}/payment$`));
    const order = await readOrderAs(app, anna, placed.id);
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      payment: { status: 'paid', confirmationUrl: null },
    });
    expect(order.payment.paidAt).toBe(new Date(clock.now()).toISOString());
    expect(order.payment.payUntil).toBeNull();
    expect(order.payment.canRetry).toBe(false);

    // Paying twice changes nothing: no second event, no refund.
    expect((await demoForm(app, id, { action: 'pay' })).statusCode).toBe(303);
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
    expect((await readOrderAs(app, anna, placed.id)).payment.refunds).toEqual([]);
    const retry = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 });
    expect(retry.statusCode).toBe(409);
    expect(codeOf(retry)).toBe('payment.already-paid');
  });

  it('a decline with a reason fails the order with the reason in words, in ru and en', async () => {
    const placed = await placeOnline(app, anna);
    const declined = await demoForm(app, demoIdOf(placed.payment.confirmationUrl), {
      action: 'decline',
      reason: 'insufficient_funds',
    });
    expect(declined.statusCode).toBe(303);
    const ru = await readOrderAs(app, anna, placed.id, 'ru');
    expect(ru).toMatchObject({
      paymentStatus: 'failed',
      payment: {
        failure: { code: 'insufficient_funds', message: 'На карте недостаточно денег' },
        canRetry: true,
        canSwitchTo: ['CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT'],
        confirmationUrl: null,
      },
    });
    const en = await readOrderAs(app, anna, placed.id, 'en');
    expect(en.payment.failure?.message).toBe('Not enough money on the card');
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'payment-failed']);
  });

  it('abandon, then a new attempt that is paid; a double click starts one attempt 2; an old number is stale', async () => {
    const placed = await placeOnline(app, anna);
    const abandoned = await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'abandon' });
    expect(abandoned.statusCode).toBe(303);
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('pending');

    const [first, second] = await Promise.all([
      orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 }),
      orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 }),
    ]);
    expect(first?.statusCode, first?.body.slice(0, 300)).toBe(201);
    expect(second?.statusCode, second?.body.slice(0, 300)).toBe(201);
    expect(first?.json().payment.attempt).toBe(2);
    expect(second?.json().payment.attempt).toBe(2);
    const attempts = await attemptsOf(database.db, placed.id);
    expect(attempts.map((a) => [a.attempt, a.idempotence_key])).toEqual([
      [1, `order-${placed.id}-1`],
      [2, `order-${placed.id}-2`],
    ]);
    const stale = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 0 });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe('payment.attempt-stale');

    const url = first?.json().payment.confirmationUrl as string;
    expect(url).not.toBe(placed.payment.confirmationUrl);
    expect((await demoForm(app, demoIdOf(url), { action: 'pay' })).statusCode).toBe(303);
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('paid');
  });

  it('attempt 1 paid late after attempt 2 paid is refunded (second-payment); the order keeps one payment', async () => {
    const placed = await placeOnline(app, anna);
    const firstId = demoIdOf(placed.payment.confirmationUrl);
    const retry = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: 1 });
    expect(retry.statusCode).toBe(201);
    await demoForm(app, demoIdOf(retry.json().payment.confirmationUrl), { action: 'pay' });
    expect((await demoForm(app, firstId, { action: 'pay' })).statusCode).toBe(303);

    const order = await readOrderAs(app, anna, placed.id, 'en');
    expect(order.paymentStatus).toBe('paid');
    expect(order.payment.refunds).toEqual([
      expect.objectContaining({ reason: 'second-payment', status: 'succeeded', amount: placed.payable }),
    ]);
    expect(order.payment.refunds[0]?.message).toMatch(/already paid/);
    const attempts = await attemptsOf(database.db, placed.id);
    const [kept] = await rowsOf<{ paid_payment_id: number }>(
      database.db,
      sql`select paid_payment_id from orders where id = ${placed.id}`,
    );
    expect(kept?.paid_payment_id).toBe(attempts[1]?.id);
    const demoRefunds = await rowsOf<{ payment_id: string; amount: number }>(
      database.db,
      sql`select payment_id, amount from demo_refunds where payment_id = ${firstId}`,
    );
    expect(demoRefunds).toEqual([{ payment_id: firstId, amount: placed.payable }]);
    expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid', 'refund']);
  });

  it('money for an order cancelled meanwhile is refunded (order-canceled)', async () => {
    const placed = await placeOnline(app, anna);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId}/orders/${placed.id}/cancel`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(anna.personId)}` },
    });
    expect(cancel.statusCode).toBe(200);
    await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
    const order = await readOrderAs(app, anna, placed.id);
    expect(order).toMatchObject({ status: 'canceled', paymentStatus: 'pending' });
    expect(order.payment.refunds.map((r) => [r.reason, r.status])).toEqual([['order-canceled', 'succeeded']]);
  });

  it('switching to cash, then money arriving for the old attempt: refunded (pay-type-changed)', async () => {
    const placed = await placeOnline(app, anna);
    const switched = await orderCall(app, anna, placed.id, '/pay-type', { payType: 'CASH_UPON_RECEIPT' });
    expect(switched.statusCode, switched.body.slice(0, 300)).toBe(200);
    expect(switched.json()).toMatchObject({
      payType: 'CASH_UPON_RECEIPT',
      paymentStatus: 'not_required',
      payment: { payUntil: null, canRetry: false, canSwitchTo: [] },
    });
    await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
    const order = await readOrderAs(app, anna, placed.id);
    expect(order.paymentStatus).toBe('not_required');
    expect(order.payment.refunds.map((r) => r.reason)).toEqual(['pay-type-changed']);
    const again = await orderCall(app, anna, placed.id, '/pay-type', { payType: 'CARD_UPON_RECEIPT' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('payment.not-online');
  });

  it('the page: unknown payment → 404 page, bad action or reason → 400 page, English on request', async () => {
    const placed = await placeOnline(app, anna);
    const id = demoIdOf(placed.payment.confirmationUrl);
    const missing = await app.inject({ method: 'GET', url: '/api/v1/payments/demo/pay/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect((await demoForm(app, 'nope', { action: 'pay' })).statusCode).toBe(404);
    for (const form of [{ action: 'steal' }, { action: 'decline', reason: 'nope' }, {}]) {
      const bad = await demoForm(app, id, form as Record<string, string>);
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('text/html');
    }
    const json = await app.inject({
      method: 'POST',
      url: `/api/v1/payments/demo/pay/${id}`,
      payload: { action: 'pay' },
    });
    expect(json.statusCode).toBeLessThan(500);
    const en = await app.inject({
      method: 'GET',
      url: `/api/v1/payments/demo/pay/${id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body).toMatch(/no money is taken/);
  });

  // The ordering fuzz (decision 27): a refusal before the handler (a path its schema refuses, a body the JSON parser refuses)
  // is the JSON body of every other call, and the form's 400 documented only the HTML page: 500 instead.
  it('the form: a malformed path or body is a coded JSON 400/415, never a 500', async () => {
    const placed = await placeOnline(app, anna);
    const id = demoIdOf(placed.payment.confirmationUrl);
    const refusals = [
      await demoForm(app, '9'.repeat(65), { action: 'pay' }),
      await app.inject({
        method: 'POST',
        url: `/api/v1/payments/demo/pay/${id}`,
        headers: { 'content-type': 'application/json; charset=utf-16' },
        payload: 'action=decline&reason=insufficient_funds',
      }),
      await app.inject({
        method: 'POST',
        url: `/api/v1/payments/demo/pay/${id}`,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, refused.body).toBeLessThan(500);
      expect(codeOf(refused)).toBe('request.invalid');
    }
    expect(await attemptsOf(database.db, placed.id)).toMatchObject([{ status: 'pending' }]);
  });

  it('the settlement receipt at handover goes to the demo engine for a paid order only', async () => {
    const { sendSettlementReceipt } = await import('./settlement-receipt.ts');
    const placed = await placeOnline(app, anna);
    await expect(sendSettlementReceipt(app.payments, placed.id)).resolves.toBe('not-paid');
    await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
    await expect(sendSettlementReceipt(app.payments, placed.id)).resolves.toBe('sent');
  });

  it('a paid order the customer cancels gives its money back: refund_pending → refunded', async () => {
    const placed = await placeOnline(app, anna);
    await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId}/orders/${placed.id}/cancel`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(anna.personId)}` },
    });
    expect(cancel.statusCode).toBe(200);
    const order = await readOrderAs(app, anna, placed.id);
    expect(order).toMatchObject({ status: 'canceled', paymentStatus: 'refunded' });
    expect(order.payment.refunds.map((r) => [r.reason, r.status, r.amount])).toEqual([
      ['order-canceled', 'succeeded', placed.payable],
    ]);
  });
});
