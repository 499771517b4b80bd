import { PAYABLE_PAYMENT_STATUSES, type RefundReason } from '@storefront/domain';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.ts';
import type { ProviderPayment } from '../../integrations/payments/payment-gateway.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { startAttempt } from './attempts.ts';
import { endAttempt } from './end-attempt.ts';
import { nextCheckDelayMs, type PaymentsContext } from './payments-context.ts';
import { advanceRefund, queueAutomaticRefund } from './refunds.ts';

/**
 * The one way a payment's outcome reaches an order (decision 22): the notification, the return page's check and
 * the sweeper all call `settlePayment`. It believes nothing it is told: it reads the payment from the
 * provider, checks it is this attempt's (our order id and attempt in metadata, our amount and currency), and
 * then moves rows only with guarded updates in one transaction:
 *
 *   succeeded → the attempt succeeded; the order paid only if it still wants this money (unpaid, open, paid
 *               online, no payment kept). Otherwise the money is refunded automatically: a refund row in the
 *               same transaction, the provider asked after the commit.
 *   canceled  → the attempt canceled with its reason; the order failed only if pending on this very attempt.
 *   pending   → nothing but the next check.
 *
 * A repeated, late or reordered outcome matches no guard and changes nothing; nothing moves `paid` back.
 * Provider errors are thrown (PaymentProviderError) for the caller to answer.
 */

type PaymentRow = typeof payments.$inferSelect;

export type SettleResult =
  | 'paid'
  | 'refunding'
  | 'failed'
  | 'pending'
  | 'unchanged'
  | 'mismatch'
  | 'not-started';

function matches(row: PaymentRow, provider: ProviderPayment): boolean {
  return (
    provider.metadata.orderId === String(row.orderId) &&
    provider.metadata.attempt === String(row.attempt) &&
    provider.amount === row.amount &&
    provider.currency === row.currency
  );
}

export async function settlePayment(ctx: PaymentsContext, paymentId: number): Promise<SettleResult> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) return 'unchanged';
  if (!row.providerPaymentId) {
    // Never created at the provider (or its answer was lost): creating it again with the same key is safe.
    if (row.status === 'creating') await startAttempt(ctx, row);
    const [again] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!again?.providerPaymentId) return 'not-started';
    return settleRead(ctx, again);
  }
  return settleRead(ctx, row);
}

async function settleRead(ctx: PaymentsContext, row: PaymentRow): Promise<SettleResult> {
  const gateway = ctx.gateways.get(row.engine);
  if (!gateway || !row.providerPaymentId) return 'unchanged';
  const provider = await gateway.getPayment(row.shop, row.providerPaymentId);
  const nowMs = ctx.now();
  if (provider.id !== row.providerPaymentId || !matches(row, provider)) {
    ctx.log.error(
      {
        paymentId: row.id,
        orderId: row.orderId,
        ours: { amount: row.amount, currency: row.currency, attempt: row.attempt },
        theirs: {
          id: provider.id,
          amount: provider.amount,
          currency: provider.currency,
          metadata: provider.metadata,
        },
      },
      'the provider’s payment does not match our attempt; nothing changed',
    );
    return 'mismatch';
  }
  if (provider.status === 'succeeded') return succeeded(ctx, row, provider, nowMs);
  if (provider.status === 'canceled') return canceled(ctx, row, provider, nowMs);
  await ctx.db
    .update(payments)
    .set({
      status: row.status === 'creating' ? 'pending' : row.status,
      confirmationUrl: row.confirmationUrl ?? provider.confirmationUrl,
      nextCheckAt: new Date(nowMs + nextCheckDelayMs(row.checks)),
      checks: row.checks + 1,
      updatedAt: new Date(nowMs),
    })
    .where(and(eq(payments.id, row.id), inArray(payments.status, ['creating', 'pending'])));
  return 'pending';
}

async function succeeded(
  ctx: PaymentsContext,
  row: PaymentRow,
  provider: ProviderPayment,
  nowMs: number,
): Promise<SettleResult> {
  const now = new Date(nowMs);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      // The method the money came by, as the provider read it back says (the one asked, unless it says not).
      .set({ status: 'succeeded', method: provider.method ?? row.method, nextCheckAt: null, updatedAt: now })
      .where(and(eq(payments.id, row.id), inArray(payments.status, ['creating', 'pending', 'canceled'])))
      .returning();
    if (!moved) return { result: 'unchanged' as const, refundId: null };
    const [paid] = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paidPaymentId: row.id, paidAt: now, payUntil: null })
      .where(
        and(
          eq(orders.id, row.orderId),
          inArray(orders.paymentStatus, [...PAYABLE_PAYMENT_STATUSES]),
          notInArray(orders.status, ['canceled', 'declined']),
          isNull(orders.paidPaymentId),
          eq(orders.payType, 'CARD_ONLINE'),
        ),
      )
      .returning();
    if (paid) {
      await writeOrderEvent(tx, paid, 'paid', new Date(nowMs));
      return { result: 'paid' as const, refundId: null };
    }
    // The order keeps no more money: it was paid by another attempt, closed, or switched to on receipt.
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    if (!order) return { result: 'unchanged' as const, refundId: null };
    const reason: RefundReason =
      order.paidPaymentId !== null && order.paidPaymentId !== row.id
        ? 'second-payment'
        : order.status === 'canceled' || order.status === 'declined'
          ? 'order-canceled'
          : order.payType !== 'CARD_ONLINE'
            ? 'pay-type-changed'
            : 'not-ours';
    const refundId = await queueAutomaticRefund(tx, moved, reason, nowMs);
    await writeOrderEvent(tx, order, 'refund', new Date(nowMs));
    ctx.log.warn(
      { paymentId: row.id, orderId: row.orderId, reason },
      'money the order does not keep: refunding',
    );
    return { result: 'refunding' as const, refundId };
  });
  if (outcome.refundId !== null) await advanceRefund(ctx, outcome.refundId);
  return outcome.result;
}

async function canceled(
  ctx: PaymentsContext,
  row: PaymentRow,
  provider: ProviderPayment,
  nowMs: number,
): Promise<SettleResult> {
  const outcome = await ctx.db.transaction((tx) =>
    endAttempt(
      tx,
      row,
      {
        party: provider.cancellation?.party ?? null,
        reason: provider.cancellation?.reason ?? 'general_decline',
      },
      nowMs,
    ),
  );
  return outcome === 'failed' ? 'failed' : 'unchanged';
}
