import {
  canMoveOrder,
  type DeclineReason,
  declineReasonsFor,
  nextStaffStatus,
  type OrderStatus,
  statusesMovingTo,
} from '@storefront/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { orderHistory, orderLines, orders, payments } from '../../db/schema.ts';
import { settleOrderBonus } from '../bonus/index.ts';
import { giveSlotBack } from '../capacity/index.ts';
import type { OrderRow } from '../orders/index.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { advanceRefund, queueAutomaticRefund, sendSettlementReceipt } from '../payments/index.ts';
import { givePromoUseBack } from '../promotions/index.ts';
import { type BoardContext, staffActor } from './board-context.ts';
import { takeAwayMinutesOf, visibleOrderRow } from './board-read.ts';
import { kitchenSeesSql, leadMinutesOf } from './board-view.ts';

/**
 * The moves staff make on the board (ORDERING.md 'Statuses'). Each is one transaction: a guarded
 * `UPDATE … WHERE status = <what the move starts from>` (and, online, paid), so two staff clicking at once
 * make one change and the other hears 409 order.transition-invalid; then the history row (who and when)
 * and the outbox event with the new status as its kind. What a move may start from is the order's state
 * machine's (ORDER_TRANSITIONS in packages/domain): nothing moves backwards or skips a step.
 */

const MINUTE = 60_000;

async function recordMove(
  tx: Executor,
  row: Pick<OrderRow, 'id' | 'whiteLabelId' | 'restoId'>,
  status: Exclude<OrderStatus, 'new'>,
  access: StaffAccess,
  now: Date,
) {
  await tx.insert(orderHistory).values({ orderId: row.id, status, at: now, by: staffActor(access.staffId) });
  await writeOrderEvent(tx, row, status, now);
}

const transitionInvalid = () => new ApiError(409, 'order.transition-invalid', 'orderId');

/**
 * Accept: promised_at = max(now + lead, placement's promise) + delay, accepted_at = now. The lead is the
 * one placement used (band time or take-away minutes, + extended cooking); placement's promise is the
 * pre-order's time, or the ASAP time moved to a slot with room and delayed (decision 56).
 */
export async function acceptOrder(
  ctx: BoardContext,
  access: StaffAccess,
  orderId: number,
  delayMinutes: number,
) {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  await ctx.db.transaction(async (tx) => {
    const row = await visibleOrderRow(tx, access, orderId);
    const lines = await tx
      .select({ positionId: orderLines.positionId })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const lead = leadMinutesOf(
      row,
      lines.map((l) => l.positionId),
      ctx.snapshot(),
      await takeAwayMinutesOf(tx, row.restoId),
    );
    const earliest = nowMs + lead * MINUTE;
    // Placement's promise is kept when later: a pre-order's time, or an ASAP order moved to a slot with room or
    // delayed (decision 56); accepting never promises sooner than placement did.
    const base = Math.max(earliest, row.promisedAt.getTime());
    const [moved] = await tx
      .update(orders)
      .set({ status: 'accepted', acceptedAt: now, promisedAt: new Date(base + delayMinutes * MINUTE) })
      .where(
        and(eq(orders.id, orderId), inArray(orders.status, statusesMovingTo('accepted')), kitchenSeesSql()),
      )
      .returning({ id: orders.id });
    if (!moved) throw transitionInvalid();
    await recordMove(tx, row, 'accepted', access, now);
  });
}

/**
 * Decline from new or accepted, with a reason the customer reads that fits the order's method (422
 * order.decline-reason-invalid otherwise, declineReasonsFor). The promo use comes back; a paid online
 * order's money goes back in full: the refund row and refund_pending in this same transaction (as a
 * cancellation does, cancel-order.ts), the provider asked after the commit (advanceRefund; the payments
 * sweeper finishes what a crash leaves), so a declined paid order never stays without its refund.
 */
export async function declineOrder(
  ctx: BoardContext,
  access: StaffAccess,
  orderId: number,
  reason: DeclineReason,
) {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const refundId = await ctx.db.transaction(async (tx) => {
    // Scoping first: another restaurant's order is a 404, never a 409 that would reveal it.
    const row = await visibleOrderRow(tx, access, orderId);
    // The customer reads the reason: a take-away order is never declined as 'the courier cannot deliver'.
    if (!declineReasonsFor(row.deliveryType).includes(reason)) {
      throw new ApiError(422, 'order.decline-reason-invalid', 'reason');
    }
    const [moved] = await tx
      .update(orders)
      .set({ status: 'declined', declineReason: reason })
      .where(
        and(eq(orders.id, orderId), inArray(orders.status, statusesMovingTo('declined')), kitchenSeesSql()),
      )
      .returning();
    if (!moved) throw transitionInvalid();
    if (moved.promoCodeId !== null) await givePromoUseBack(tx, orderId, moved.promoCodeId);
    await recordMove(tx, moved, 'declined', access, now);
    // Its points hold goes back in the same transaction as the decline (decision 55).
    await settleOrderBonus(tx, orderId, nowMs);
    // Its place in the slot goes back, once (decision 56).
    await giveSlotBack(tx, orderId);
    if (moved.paymentStatus !== 'paid' || moved.paidPaymentId === null) return null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, moved.paidPaymentId));
    if (!payment) return null;
    const queued = await queueAutomaticRefund(tx, payment, 'declined', nowMs);
    // An earlier refund of this payment holds the first refund key: a partial refund before a decline is not
    // something the board does, so this is loud rather than silently unrefunded.
    if (queued === null)
      throw new Error(`order ${orderId}: a refund of payment ${payment.id} already exists`);
    await tx
      .update(orders)
      .set({ paymentStatus: 'refund_pending' })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')));
    await writeOrderEvent(tx, moved, 'refund', new Date(nowMs));
    return queued;
  });
  if (refundId !== null) await advanceRefund(ctx.payments, refundId);
}

/**
 * One step forward: `to` must be nextStaffStatus(from) for the order's method, and the order must still be
 * at `from`. Handing over a paid online order sends the settlement receipt after the commit; a failure is
 * logged and not retried yet (nothing sweeps unsent settlement receipts: a follow-up).
 */
export async function moveOrder(
  ctx: BoardContext,
  access: StaffAccess,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
) {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const moved = await ctx.db.transaction(async (tx) => {
    const row = await visibleOrderRow(tx, access, orderId);
    // The order's state machine allows the step, and it is the board's one step for the order's method. No
    // move leads back to 'new' (the machine has none): said here for the outbox's kind.
    if (to === 'new' || !canMoveOrder(from, to) || nextStaffStatus(from, row.deliveryType) !== to)
      throw transitionInvalid();
    const [updated] = await tx
      .update(orders)
      .set({ status: to })
      .where(and(eq(orders.id, orderId), eq(orders.status, from), kitchenSeesSql()))
      .returning();
    if (!updated) throw transitionInvalid();
    await recordMove(tx, updated, to, access, now);
    // A done order earns its points in the same transaction as the move (decision 55).
    if (to === 'done') await settleOrderBonus(tx, orderId, nowMs);
    return updated;
  });
  if (to === 'done' && moved.payType === 'CARD_ONLINE' && moved.paymentStatus === 'paid') {
    try {
      await sendSettlementReceipt(ctx.payments, orderId);
    } catch (error) {
      ctx.payments.log.error(
        { err: error, orderId },
        'the settlement receipt was not sent; nothing retries it yet',
      );
    }
  }
}
