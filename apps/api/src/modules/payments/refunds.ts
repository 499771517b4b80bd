import { type Minor, minor, type RefundReason, scaleReceipt } from '@storefront/domain';
import { and, count, eq, inArray, ne, sum } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { orders, paymentRefunds, payments } from '../../db/schema.ts';
import { PaymentProviderError } from '../../integrations/payments/payment-gateway.ts';
import { settleRefundBonus } from '../bonus/index.ts';
import { nextCheckDelayMs, type PaymentsContext, refundKey } from './payments-context.ts';

/**
 * Refunds: the row first (in the transaction that decided the money goes back), the provider after, with the
 * row's idempotence key every time. A full refund of the payment the order keeps moves its payment status
 * paid → refund_pending → refunded; a partial one, or money the order never kept, leaves it as it is.
 * A refund of a done order that succeeds moves its points (decision 55) in the same transaction.
 */

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

/** Queues the refund of a whole payment the order does not keep (settle-payment.ts), in the caller's tx. */
export async function queueAutomaticRefund(
  tx: Executor,
  payment: PaymentRow,
  reason: RefundReason,
  nowMs: number,
): Promise<number | null> {
  const now = new Date(nowMs);
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      idempotenceKey: refundKey(payment.id, 1),
      status: 'creating',
      reason,
      amount: payment.amount,
      currency: payment.currency,
      receipt: payment.receipt ?? null,
      createdAt: now,
      updatedAt: now,
      nextCheckAt: new Date(nowMs + 10_000),
    })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  return row?.id ?? null;
}

/** What of the payment is not refunded or on its way back (canceled refunds gave nothing back). */
export async function refundableOf(tx: Executor, payment: PaymentRow): Promise<Minor> {
  const [row] = await tx
    .select({ total: sum(paymentRefunds.amount) })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), ne(paymentRefunds.status, 'canceled')));
  return minor(payment.amount - Number(row?.total ?? 0));
}

/**
 * Staff's refund of (part of) a done order's payment, in the caller's transaction: the n-th refund of the
 * payment takes key refundKey(payment.id, n). The payment's row is locked so two refunds at once count each
 * other. The rest of the payment (the last part, or all of it) puts the order's payment refund_pending, so it
 * ends `refunded` as a full refund does; less than the rest leaves the order paid.
 */
export async function queueStaffRefund(
  tx: Executor,
  payment: PaymentRow,
  amount: Minor,
  nowMs: number,
): Promise<{ refundId: number; refundable: Minor }> {
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
  const left = await refundableOf(tx, payment);
  if (amount <= 0 || amount > left) throw new ApiError(422, 'payment.refund-amount-invalid', 'amount');
  const [made] = await tx
    .select({ n: count() })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, payment.id));
  const now = new Date(nowMs);
  const whole = amount === left;
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      idempotenceKey: refundKey(payment.id, (made?.n ?? 0) + 1),
      status: 'creating',
      // Staff's refunds of a done order: the whole payment at once, or a part. The automatic reasons (declined,
      // cancelled, second payment…) would tell the customer something that did not happen.
      reason: amount === payment.amount ? 'full' : 'partial',
      amount,
      currency: payment.currency,
      // A part's receipt must add up to the part (YooKassa refuses it otherwise): the items scaled to it.
      receipt: payment.receipt ? scaleReceipt(payment.receipt, amount) : null,
      createdAt: now,
      updatedAt: now,
      nextCheckAt: new Date(nowMs + 10_000),
    })
    .returning({ id: paymentRefunds.id });
  if (!row) throw new Error('the refund row was not written');
  if (whole) {
    await tx
      .update(orders)
      .set({ paymentStatus: 'refund_pending' })
      .where(
        and(
          eq(orders.id, payment.orderId),
          eq(orders.paidPaymentId, payment.id),
          eq(orders.paymentStatus, 'paid'),
        ),
      );
  }
  return { refundId: row.id, refundable: minor(left - amount) };
}

/** Moves the order's status when a full refund of its kept payment ends. */
async function finishOrderRefund(tx: Executor, refund: RefundRow, status: 'succeeded' | 'canceled') {
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order || order.paidPaymentId !== refund.paymentId || order.paymentStatus !== 'refund_pending') return;
  await tx
    .update(orders)
    .set({ paymentStatus: status === 'succeeded' ? 'refunded' : 'paid' })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'refund_pending')));
}

async function storeRefundState(
  ctx: PaymentsContext,
  refund: RefundRow,
  provider: { id: string; status: 'pending' | 'succeeded' | 'canceled' },
) {
  const nowMs = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(paymentRefunds)
      .set({
        providerRefundId: provider.id,
        status: provider.status,
        updatedAt: new Date(nowMs),
        nextCheckAt: provider.status === 'pending' ? new Date(nowMs + nextCheckDelayMs(refund.checks)) : null,
        checks: refund.checks + 1,
      })
      .where(and(eq(paymentRefunds.id, refund.id), inArray(paymentRefunds.status, ['creating', 'pending'])))
      .returning();
    if (moved && provider.status !== 'pending') await finishOrderRefund(tx, moved, provider.status);
    if (moved?.status === 'succeeded') await settleRefundBonus(tx, moved.id, nowMs);
  });
}

/** Sends a `creating` refund to the provider, or reads a `pending` one. Errors leave it for the sweeper. */
export async function advanceRefund(ctx: PaymentsContext, refundId: number): Promise<void> {
  const [refund] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (!refund || (refund.status !== 'creating' && refund.status !== 'pending')) return;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  const gateway = payment ? ctx.gateways.get(payment.engine) : undefined;
  const nowMs = ctx.now();
  const later = () =>
    ctx.db
      .update(paymentRefunds)
      .set({ nextCheckAt: new Date(nowMs + nextCheckDelayMs(refund.checks)), checks: refund.checks + 1 })
      .where(eq(paymentRefunds.id, refund.id));
  if (!payment?.providerPaymentId || !gateway) {
    await later();
    return;
  }
  try {
    const provider =
      refund.status === 'creating' || !refund.providerRefundId
        ? await gateway.createRefund({
            shop: payment.shop,
            idempotenceKey: refund.idempotenceKey,
            paymentId: payment.providerPaymentId,
            amount: refund.amount,
            currency: refund.currency,
            description: `Возврат по заказу ${refund.orderId}`,
            receipt: refund.receipt ?? null,
          })
        : await gateway.getRefund(payment.shop, refund.providerRefundId);
    await storeRefundState(ctx, refund, provider);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.kind === 'refused') {
      // The provider will never take this refund: it stays visible as canceled for staff to act on.
      ctx.log.error({ err: error, refundId: refund.id }, 'the provider refused the refund');
      await storeRefundState(ctx, refund, { id: refund.providerRefundId ?? '', status: 'canceled' });
      return;
    }
    ctx.log.warn(
      { err: error, refundId: refund.id },
      'the refund did not go through yet; it will be asked again',
    );
    await later();
  }
}

/** A refund hint from a notification: our row by the provider's id, then read back. */
export async function refundHinted(ctx: PaymentsContext, providerRefundId: string): Promise<void> {
  const [refund] = await ctx.db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.providerRefundId, providerRefundId));
  if (refund) await advanceRefund(ctx, refund.id);
}
