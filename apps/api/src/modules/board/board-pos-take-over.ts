import { POS_TAKE_OVER_STATES } from '@storefront/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { posLinks, posOrderTransfers } from '../../db/schema.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import type { BoardContext } from './board-context.ts';
import { visibleOrderRow } from './board-read.ts';

/**
 * Staff take an order the POS did not get over by hand: no more tries (the worker leases open rows only).
 * 409 pos.taken-over when already taken over, pos.order-created when the POS has it (nothing to retype),
 * pos.order-sending while the POS is taking it this moment, pos.order-withdrawn for an order we cancelled or
 * declined (its cancel goes to the POS), pos.not-linked for an order with no transfer.
 * A guarded update: two staff at once make one change.
 */
export async function takeOverOrder(ctx: BoardContext, access: StaffAccess, orderId: number): Promise<void> {
  const nowMs = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await visibleOrderRow(tx, access, orderId);
    const [taken] = await tx
      .update(posOrderTransfers)
      .set({ state: 'taken-over', updatedAt: new Date(nowMs) })
      .where(
        and(
          eq(posOrderTransfers.orderId, orderId),
          inArray(posOrderTransfers.state, [...POS_TAKE_OVER_STATES]),
        ),
      )
      .returning({ orderId: posOrderTransfers.orderId });
    if (taken) {
      await writeOrderEvent(tx, order, 'pos-taken-over', new Date(nowMs));
      return;
    }
    const [row] = await tx
      .select({ state: posOrderTransfers.state })
      .from(posOrderTransfers)
      .where(eq(posOrderTransfers.orderId, orderId));
    if (row?.state === 'taken-over') throw new ApiError(409, 'pos.taken-over', 'orderId');
    if (row?.state === 'created') throw new ApiError(409, 'pos.order-created', 'orderId');
    if (row?.state === 'in-progress') throw new ApiError(409, 'pos.order-sending', 'orderId');
    if (row?.state === 'cancelling' || row?.state === 'cancelled' || row?.state === 'cancel-refused')
      throw new ApiError(409, 'pos.order-withdrawn', 'orderId');
    // No transfer yet: a linked restaurant's order the worker has not picked up is about to be sent.
    const [link] = await tx
      .select({ restoId: posLinks.restoId })
      .from(posLinks)
      .where(eq(posLinks.restoId, order.restoId));
    throw link
      ? new ApiError(409, 'pos.order-sending', 'orderId')
      : new ApiError(409, 'pos.not-linked', 'orderId');
  });
}
