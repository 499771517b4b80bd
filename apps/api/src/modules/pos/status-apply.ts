import {
  IIKO_DELIVERY_STATUSES,
  type OrderStatus,
  orderStatusOfPos,
  posForwardPath,
} from '@storefront/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orderHistory, orders, payments, posOrderTransfers } from '../../db/schema.ts';
import type { PosOrderState } from '../../integrations/pos/pos-adapter.ts';
import { settleOrderBonus } from '../bonus/index.ts';
import { giveSlotBack } from '../capacity/index.ts';
import type { OrderRow } from '../orders/index.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { advanceRefund, queueAutomaticRefund, sendSettlementReceipt } from '../payments/index.ts';
import { givePromoUseBack } from '../promotions/index.ts';
import { markCancelled, reopenCancel } from './order-cancel.ts';
import { logOrder } from './order-log.ts';
import {
  clearCreatedAfterTakeOver,
  markCreated,
  markFailed,
  OPEN_TRANSFER_STATES,
  type TransferRow,
} from './order-transfer-state.ts';
import type { PosContext } from './pos-context.ts';

/**
 * What the POS says of an order (a webhook or the poll by revision), applied to ours: its creation settles
 * the transfer, its status moves our order forward along the board's own steps, one guarded update, history
 * row and outbox event each (as the board's moves, board/staff-moves.ts), never back. Duplicates and
 * reordering are harmless: a status behind the order's is ignored, a step someone else made first is
 * re-read. A cancel declines the order as staff would: promo use back, a paid online order refunded.
 */

/** Who the order's history says moved it. */
export const POS_ACTOR = 'pos';

/** How far along iiko's own list a status is: the stored external status only moves forward too. */
const posRank = (status: string | null) =>
  status === null ? -1 : (IIKO_DELIVERY_STATUSES as readonly string[]).indexOf(status);

export type ApplySource = 'webhook' | 'poll';

export async function applyPosOrderState(
  ctx: PosContext,
  state: PosOrderState,
  source: ApplySource,
): Promise<void> {
  const provider = ctx.adapter?.provider ?? 'iiko';
  const [transfer] = await ctx.db
    .select()
    .from(posOrderTransfers)
    .where(
      and(
        eq(posOrderTransfers.provider, provider),
        eq(posOrderTransfers.externalOrderId, state.id),
        eq(posOrderTransfers.whiteLabelId, ctx.whiteLabel),
      ),
    );
  // Not one of ours (typed in at the till), or another organization's claim to our id: nothing to do.
  if (!transfer || transfer.organizationId !== state.organizationId) return;

  // The creation settles an open transfer only (created and taken over are final: a duplicate is a no-op;
  // one taken over by hand that the POS took too is flagged by markCreated).
  const open = (OPEN_TRANSFER_STATES as readonly string[]).includes(transfer.state);
  const made = state.creationStatus === 'Success' || state.status !== null;
  if (open && made) await markCreated(ctx, transfer, null);
  else if (open && state.creationStatus === 'Error') {
    const code = `pos.${state.failure ?? 'rejected'}`;
    // iiko sends an error more than once: a copy of the one already flagged neither logs again nor puts the
    // retry further off.
    if (!(transfer.state === 'failed' && transfer.lastError === code))
      await markFailed(ctx, transfer, code, state.message);
  } else if (transfer.state === 'taken-over' && made && state.status !== 'Cancelled')
    await markCreated(ctx, transfer, null);

  if (state.status === null) return;
  if (isWithdrawal(transfer)) {
    // Our own withdrawal: the POS's Cancelled settles it, after a refusal too (cancelled there by hand); our
    // order is already cancelled or declined, and iiko's cause is not the restaurant's word to the customer. A
    // live status after we found nothing to
    // cancel (a send that reached the POS late) makes the worker cancel it after all.
    if (state.status === 'Cancelled' && transfer.state !== 'cancelled')
      await markCancelled(ctx, transfer, 'cancelled', state.cancelCause);
    else if (state.status !== 'Cancelled' && transfer.state === 'cancelled')
      await reopenCancel(ctx, transfer);
    await recordExternalStatus(ctx, transfer, state);
    return;
  }
  if (transfer.state === 'taken-over' && state.status === 'Cancelled') {
    // Staff cancelled the POS's copy of an order typed in by hand: not a decline of ours.
    await clearCreatedAfterTakeOver(ctx, transfer);
    await recordExternalStatus(ctx, transfer, state);
    return;
  }
  const heard = await recordExternalStatus(ctx, transfer, state);
  await moveOrderAlong(ctx, transfer, state, source, heard);
}

/** A transfer of an order withdrawn on our side, being (or done being) cancelled in the POS. */
const isWithdrawal = (transfer: TransferRow) =>
  transfer.state === 'cancelling' || transfer.state === 'cancelled' || transfer.state === 'cancel-refused';

/**
 * Keeps the furthest status heard (and a cancel's cause, unless the cancel was ours), atomically; true when
 * this one is news.
 */
async function recordExternalStatus(ctx: PosContext, transfer: TransferRow, state: PosOrderState) {
  const status = state.status as string;
  const rank = posRank(status);
  if (rank < 0) return false;
  // array_position is 1-based and null for a status not heard yet (or one we do not know).
  const known = sql`array[${sql.join(
    IIKO_DELIVERY_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
  const [updated] = await ctx.db
    .update(posOrderTransfers)
    .set({
      externalStatus: status,
      updatedAt: new Date(ctx.now()),
      ...(status === 'Cancelled' && !isWithdrawal(transfer) ? { cancelCause: state.cancelCause } : {}),
    })
    .where(
      and(
        eq(posOrderTransfers.orderId, transfer.orderId),
        sql`coalesce(array_position(${known}, ${posOrderTransfers.externalStatus}), 0) < ${rank + 1}`,
      ),
    )
    .returning({ orderId: posOrderTransfers.orderId });
  return updated !== undefined;
}

/** At most this many steps per call: new → accepted → cooking → ready / on the way → done, and re-reads. */
const MAX_STEPS = 8;

async function moveOrderAlong(
  ctx: PosContext,
  transfer: TransferRow,
  state: PosOrderState,
  source: ApplySource,
  heard: boolean,
) {
  for (let i = 0; i < MAX_STEPS; i++) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, transfer.orderId));
    if (!order) return;
    const target = orderStatusOfPos(state.status as string, order.deliveryType);
    if (target === null) return;
    const [step] = posForwardPath(order.status, target, order.deliveryType);
    if (!step) {
      // A cancel the state machine cannot follow (cooking began): staff decide. Said once, in the log and as
      // a flag on the board's order (the created transfer keeps the reason; the board re-reads on the event).
      if (target === 'declined' && heard && order.status !== 'declined' && order.status !== 'canceled')
        await flagLateCancel(ctx, transfer, order.status, state, source);
      return;
    }
    const nowMs = ctx.now();
    const refundId = await ctx.db.transaction((tx) =>
      stepOrder(tx, { transfer, order, step, state, source, nowMs }),
    );
    if (refundId === 'raced') continue;
    if (refundId !== null) await advanceRefund(ctx.payments, refundId);
    if (step === 'done' && order.payType === 'CARD_ONLINE' && order.paymentStatus === 'paid') {
      try {
        await sendSettlementReceipt(ctx.payments, order.id);
      } catch (error) {
        ctx.log.error({ err: error, orderId: order.id }, 'pos: the settlement receipt was not sent');
      }
    }
  }
}

async function flagLateCancel(
  ctx: PosContext,
  transfer: TransferRow,
  status: OrderStatus,
  state: PosOrderState,
  source: ApplySource,
) {
  const nowMs = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(posOrderTransfers)
      .set({ lastError: 'pos.cancelled-late', lastErrorText: state.cancelCause, updatedAt: new Date(nowMs) })
      .where(eq(posOrderTransfers.orderId, transfer.orderId));
    await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-failed', new Date(nowMs));
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'status',
        ok: false,
        error: 'pos.cancelled-late',
        summary: { posStatus: state.status, status, cause: state.cancelCause, source },
      },
      nowMs,
    );
  });
}

/**
 * One step, as the board makes it: guarded on the status the order was read at. Answers the refund to ask
 * the provider for after the commit (a decline of a paid online order), null, or 'raced' when the order had
 * moved meanwhile (read again).
 */
async function stepOrder(
  tx: Executor,
  move: {
    transfer: TransferRow;
    order: OrderRow;
    step: OrderStatus;
    state: PosOrderState;
    source: ApplySource;
    nowMs: number;
  },
): Promise<number | 'raced' | null> {
  const { transfer, order, step, state, source, nowMs } = move;
  const now = new Date(nowMs);
  const set =
    step === 'accepted'
      ? // The promised time stays placement's: the POS does not tell us one.
        { status: step, acceptedAt: now }
      : step === 'declined'
        ? { status: step, declineReason: 'other' }
        : { status: step };
  const [moved] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) return 'raced';
  if (step === 'new') throw new Error('the POS never moves an order back to new');
  await tx.insert(orderHistory).values({ orderId: order.id, status: step, at: now, by: POS_ACTOR });
  await writeOrderEvent(tx, moved, step, now);
  // iiko's done earns the order's points, its cancel releases their hold, as the board's moves do (decision 55).
  if (step === 'done' || step === 'declined') await settleOrderBonus(tx, order.id, nowMs);
  // iiko's cancel gives the order's place in its slot back, once (decision 56).
  if (step === 'declined') await giveSlotBack(tx, order.id);
  await logOrder(
    tx,
    {
      ...transfer,
      kind: 'status',
      ok: true,
      summary: {
        from: order.status,
        to: step,
        posStatus: state.status,
        source,
        ...(step === 'declined' ? { cause: state.cancelCause } : {}),
      },
    },
    nowMs,
  );
  if (step !== 'declined') return null;
  if (moved.promoCodeId !== null) await givePromoUseBack(tx, order.id, moved.promoCodeId);
  if (state.cancelCause)
    await tx
      .update(posOrderTransfers)
      .set({ cancelCause: state.cancelCause })
      .where(eq(posOrderTransfers.orderId, order.id));
  if (moved.paymentStatus !== 'paid' || moved.paidPaymentId === null) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, moved.paidPaymentId));
  if (!payment) return null;
  // As the board's decline (staff-moves.ts declineOrder): the refund row and refund_pending in this
  // transaction, the provider asked after the commit; the payments sweeper finishes what a crash leaves.
  const queued = await queueAutomaticRefund(tx, payment, 'declined', nowMs);
  if (queued === null) throw new Error(`order ${order.id}: a refund of payment ${payment.id} already exists`);
  await tx
    .update(orders)
    .set({ paymentStatus: 'refund_pending' })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'paid')));
  await writeOrderEvent(tx, moved, 'refund', now);
  return queued;
}
