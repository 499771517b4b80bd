import { CUSTOMER_CANCELLABLE_STATUSES } from '@storefront/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import { orderHistory, orders, payments } from '../../db/schema.ts';
import { settleOrderBonus } from '../bonus/index.ts';
import { giveSlotBack } from '../capacity/index.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { queueAutomaticRefund } from '../payments/index.ts';
import { givePromoUseBack } from '../promotions/index.ts';

/**
 * The customer cancels an order the restaurant has not accepted yet: one guarded update (status in the
 * cancellable ones), so a restaurant accepting it at the same moment wins or loses cleanly, never both.
 * In the same transaction the promo use is given back (the counter and the person's redemption), and the
 * history and the outbox get their rows.
 */
export async function cancelOrder(
  db: Database,
  personId: number,
  orderId: number,
  nowMs: number,
): Promise<{ refundId: number | null }> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.personId, personId),
          inArray(orders.status, [...CUSTOMER_CANCELLABLE_STATUSES]),
        ),
      )
      .returning({
        promoCodeId: orders.promoCodeId,
        whiteLabelId: orders.whiteLabelId,
        restoId: orders.restoId,
        paymentStatus: orders.paymentStatus,
        paidPaymentId: orders.paidPaymentId,
      });
    if (!moved) {
      const [exists] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.personId, personId)));
      if (!exists) throw new ApiError(404, 'order.not-found', 'orderId');
      throw new ApiError(409, 'order.cannot-cancel');
    }
    if (moved.promoCodeId !== null) await givePromoUseBack(tx, orderId, moved.promoCodeId);
    await tx.insert(orderHistory).values({ orderId, status: 'canceled', at: now, by: 'customer' });
    await settleOrderBonus(tx, orderId, nowMs);
    // Its place in the slot goes back, once (decision 56).
    await giveSlotBack(tx, orderId);
    await writeOrderEvent(
      tx,
      { id: orderId, whiteLabelId: moved.whiteLabelId, restoId: moved.restoId },
      'canceled',
      now,
    );
    // A paid order that will not be made gives its money back: the refund row here, the provider after the
    // commit (the caller's advanceRefund, else the payments sweeper).
    if (moved.paymentStatus !== 'paid' || moved.paidPaymentId === null) return { refundId: null };
    const [payment] = await tx.select().from(payments).where(eq(payments.id, moved.paidPaymentId));
    if (!payment) return { refundId: null };
    const refundId = await queueAutomaticRefund(tx, payment, 'order-canceled', nowMs);
    await tx
      .update(orders)
      .set({ paymentStatus: 'refund_pending' })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')));
    return { refundId };
  });
}
