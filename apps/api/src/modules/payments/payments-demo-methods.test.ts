import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson } from '../../test/orders-kit.ts';
import { demoForm, demoIdOf, placeOnline, readOrderAs, rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * The demo engine's page shows the method the customer chose (decision 55): a card's pay button as ever, SBP's
 * QR block and 'pay in the bank's app', SberPay's button; each pays or is declined like a card, and the demo
 * books keep the method.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
});
afterAll(() => close());

const pageOf = async (id: string, locale = 'ru') =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/v1/payments/demo/pay/${id}`,
      headers: { 'accept-language': locale },
    })
  ).body;

const demoMethodOf = async (id: string) =>
  (await rowsOf<{ method: string }>(database.db, sql`select method from demo_payments where id = ${id}`))[0]
    ?.method;

describe('the demo page by method', () => {
  it('a card: the pay button alone, no QR, no SberPay', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who);
    const id = demoIdOf(placed.payment.confirmationUrl);
    const page = await pageOf(id);
    expect(page).toContain('data-testid="demo-pay"');
    expect(page).not.toContain('data-testid="demo-method"');
    expect(page).not.toContain('demo-sbp-qr');
    expect(await demoMethodOf(id)).toBe('card');
  });

  it('SBP: the QR block and the bank app’s button, in ru and en; paying pays the order', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who, { onlineMethod: 'sbp' });
    const id = demoIdOf(placed.payment.confirmationUrl);
    expect(await demoMethodOf(id)).toBe('sbp');
    const ru = await pageOf(id);
    expect(ru).toContain('data-method="sbp"');
    expect(ru).toContain('data-testid="demo-sbp-qr"');
    expect(ru).toContain('Отсканируйте QR-код в приложении банка');
    expect(ru).toContain('Оплатить в приложении банка');
    // Declining stays possible, as with a card.
    expect(ru).toContain('data-testid="demo-decline"');
    const en = await pageOf(id, 'en');
    expect(en).toContain('Scan the QR code in your bank’s app');
    // The same payment draws the same picture.
    expect(/<svg class="qr".*?<\/svg>/.exec(ru)?.[0]).toBe(/<svg class="qr".*?<\/svg>/.exec(en)?.[0]);

    expect((await demoForm(app, id, { action: 'pay' })).statusCode).toBe(303);
    const paid = await readOrderAs(app, who, placed.id);
    expect(paid.paymentStatus).toBe('paid');
    expect((paid.payment as unknown as { method: string }).method).toBe('sbp');
  });

  it('SberPay: its button; a decline fails the order with the reason, and a retry may pay by card', async () => {
    const who = await newPerson(app, database.db);
    const placed = await placeOnline(app, who, { onlineMethod: 'sberpay' });
    const id = demoIdOf(placed.payment.confirmationUrl);
    const page = await pageOf(id);
    expect(page).toContain('data-method="sberpay"');
    expect(page).toContain('Оплатить через SberPay');
    expect(page).not.toContain('demo-sbp-qr');
    expect((await demoForm(app, id, { action: 'decline', reason: 'insufficient_funds' })).statusCode).toBe(
      303,
    );
    const failed = await readOrderAs(app, who, placed.id);
    expect(failed).toMatchObject({
      paymentStatus: 'failed',
      payment: { failure: { code: 'insufficient_funds' }, canRetry: true },
    });
    const retry = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${who.personId}/orders/${placed.id}/payments`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(who.personId)}` },
      payload: { replacesAttempt: 1, onlineMethod: 'card' },
    });
    expect(retry.statusCode, retry.body.slice(0, 300)).toBe(201);
    expect(retry.json().payment).toMatchObject({ attempt: 2, method: 'card' });
    expect(await demoMethodOf(demoIdOf(retry.json().payment.confirmationUrl))).toBe('card');
  });
});
