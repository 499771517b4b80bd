import {
  buildPaymentReceipt,
  type Locale,
  METHOD_NOT_ENABLED,
  type OnlinePayMethod,
  type PayEngine,
  type PaymentReceipt,
  pickText,
  RECEIPT_VAT_CODES,
  type ReceiptVatCode,
} from '@storefront/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orderLines, orders, payments } from '../../db/schema.ts';
import { PaymentProviderError, type PaymentsSettings } from '../../integrations/payments/payment-gateway.ts';
import { endAttempt } from './end-attempt.ts';
import { nextCheckDelayMs, type PaymentsContext } from './payments-context.ts';

/**
 * Payment attempts: the row first, the provider after. An attempt's row is written in the transaction that
 * makes it the order's current one (placement, a retry), in `creating`, with everything the provider will be
 * sent (amount, return URL, receipt) and its idempotence key. `startAttempt` sends exactly that, every time it
 * runs (after the commit, on a replay, from the sweeper), so the provider answers one payment per attempt.
 */

type PaymentRow = typeof payments.$inferSelect;

/** How soon the sweeper looks at an attempt the request itself did not finish. */
const FIRST_CHECK_MS = 10_000;

export const attemptKey = (orderId: number, attempt: number) => `order-${orderId}-${attempt}`;
const returnUrlOf = (publicUrl: string | null, orderId: number) =>
  `${publicUrl ?? ''}/orders/${orderId}/payment`;

export interface NewAttempt {
  orderId: number;
  attempt: number;
  engine: PayEngine;
  shop: string;
  /** Card, SBP or SberPay: one the restaurant's shop has enabled (checked by the caller). */
  method: OnlinePayMethod;
  nowMs: number;
  settings: PaymentsSettings;
  brandLocale: Locale;
}

const vatCodeOf = (code: number): ReceiptVatCode =>
  (RECEIPT_VAT_CODES as readonly number[]).includes(code) ? (code as ReceiptVatCode) : 1;

/** The 54-FZ receipt of the order as stored (lines' names in the brand's language); null without receipts. */
export async function orderReceipt(
  tx: Executor,
  orderId: number,
  settings: PaymentsSettings,
  locale: Locale,
): Promise<PaymentReceipt | null> {
  if (!settings.receipts) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  return buildPaymentReceipt({
    lines: lines.map((line) => ({
      name: pickText(line.name, locale),
      count: line.count,
      payableAmount: line.payableAmount,
    })),
    deliveryPrice: order.deliveryPrice,
    deliveryName: locale === 'en' ? 'Delivery' : 'Доставка',
    email: order.personEmail,
    phone: order.personPhone,
    vatCode: vatCodeOf(settings.vatCode),
  });
}

/** Writes the attempt's row (in the caller's transaction); the order's payment_attempt is the caller's. */
export async function insertAttempt(tx: Executor, attempt: NewAttempt): Promise<void> {
  const [order] = await tx
    .select({ payable: orders.payable, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, attempt.orderId));
  if (!order) throw new Error(`order ${attempt.orderId} not found for its payment attempt`);
  const now = new Date(attempt.nowMs);
  await tx.insert(payments).values({
    orderId: attempt.orderId,
    attempt: attempt.attempt,
    engine: attempt.engine,
    shop: attempt.shop,
    method: attempt.method,
    idempotenceKey: attemptKey(attempt.orderId, attempt.attempt),
    status: 'creating',
    amount: order.payable,
    currency: order.currency,
    returnUrl: returnUrlOf(attempt.settings.publicUrl, attempt.orderId),
    receipt: await orderReceipt(tx, attempt.orderId, attempt.settings, attempt.brandLocale),
    createdAt: now,
    updatedAt: now,
    nextCheckAt: new Date(attempt.nowMs + FIRST_CHECK_MS),
  });
}

export async function attemptRow(ctx: PaymentsContext, orderId: number, attempt: number) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.attempt, attempt)));
  return row;
}

export type StartResult = 'started' | 'not-creating' | 'unavailable' | 'refused';

/**
 * Creates the attempt's payment at the provider with its stored key and body (the same every time), and
 * stores the provider's id and page. An unknown outcome leaves it `creating` for the sweeper or a retry;
 * a refusal (the provider will never take this body) ends the attempt as canceled, so the customer can
 * start another.
 */
export async function startAttempt(ctx: PaymentsContext, row: PaymentRow): Promise<StartResult> {
  if (row.status !== 'creating') return 'not-creating';
  const gateway = ctx.gateways.get(row.engine);
  const [order] = await ctx.db
    .select({
      number: orders.number,
      restoName: orders.restoName,
      whiteLabelId: orders.whiteLabelId,
      restoId: orders.restoId,
    })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) return 'not-creating';
  const nowMs = ctx.now();
  const later = () =>
    ctx.db
      .update(payments)
      .set({
        nextCheckAt: new Date(nowMs + nextCheckDelayMs(row.checks)),
        checks: row.checks + 1,
        updatedAt: new Date(nowMs),
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'creating')));
  if (!gateway) {
    ctx.log.error({ paymentId: row.id, engine: row.engine }, 'no payment gateway for the attempt’s engine');
    await later();
    return 'unavailable';
  }
  const description = `Заказ ${order.number}, ${pickText(order.restoName, ctx.brandLocale)}`.slice(0, 128);
  try {
    const created = await gateway.createPayment({
      shop: row.shop,
      method: row.method,
      idempotenceKey: row.idempotenceKey,
      amount: row.amount,
      currency: row.currency,
      description,
      returnUrl: row.returnUrl,
      metadata: { orderId: String(row.orderId), attempt: String(row.attempt) },
      receipt: row.receipt ?? null,
    });
    await ctx.db
      .update(payments)
      .set({
        providerPaymentId: created.id,
        confirmationUrl: created.confirmationUrl,
        status: 'pending',
        updatedAt: new Date(nowMs),
        // An answer already final (a replayed create of a paid or expired payment) is settled by the next sweep.
        nextCheckAt: new Date(nowMs + (created.status === 'pending' ? nextCheckDelayMs(0) : 0)),
        checks: 0,
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'creating')));
    return 'started';
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'refused') {
      ctx.log.error({ err: error, paymentId: row.id }, 'the provider refused to create the payment');
      // YooKassa answers 403 forbidden for a method the shop has not enabled (SBP, SberPay switched off there
      // while on here): the customer hears that this way of paying is unavailable, not that a bank declined.
      const reason = error.details.status === 403 ? METHOD_NOT_ENABLED : 'general_decline';
      await ctx.db.transaction((tx) => endAttempt(tx, row, { party: 'merchant', reason }, nowMs));
      return 'refused';
    }
    ctx.log.warn({ err: error, paymentId: row.id }, 'creating the payment failed; it will be asked again');
    await later();
    return 'unavailable';
  }
}

/** After a placement (or its replay): the order's current attempt, if still `creating`, goes to the provider. */
export async function startCurrentAttempt(ctx: PaymentsContext, orderId: number): Promise<void> {
  const [order] = await ctx.db
    .select({ attempt: orders.paymentAttempt, payType: orders.payType })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.payType !== 'CARD_ONLINE' || order.attempt === 0) return;
  const row = await attemptRow(ctx, orderId, order.attempt);
  if (row?.status === 'creating') await startAttempt(ctx, row);
}
