import type { Order } from '@storefront/domain/contracts';

/**
 * What the return page says about an order's payment (decision 22), one name per screen. The order's own
 * status wins over the payment's: a cancelled order is over whatever its payment says, and money that came
 * for it anyway shows as a refund below.
 */
export type PaymentScreen =
  /** Cancelled by the system because the money did not come in time. */
  | 'canceled-unpaid'
  /** Cancelled by the customer (or the restaurant declined it). */
  | 'over'
  | 'paid'
  | 'failed'
  | 'waiting'
  | 'refund-pending'
  | 'refunded'
  /** Paid on receipt: nothing to pay here (switched, or never online). */
  | 'on-receipt';

export function paymentScreen(order: Order): PaymentScreen {
  if (order.status === 'canceled' || order.status === 'declined') {
    const paidOrRefunded = ['paid', 'refund_pending', 'refunded'].includes(order.paymentStatus);
    if (order.status === 'canceled' && !paidOrRefunded && cancelledBy(order) !== 'customer') {
      return 'canceled-unpaid';
    }
    if (order.paymentStatus === 'refund_pending') return 'refund-pending';
    if (order.paymentStatus === 'refunded') return 'refunded';
    return 'over';
  }
  switch (order.paymentStatus) {
    case 'paid':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'pending':
      return 'waiting';
    case 'refund_pending':
      return 'refund-pending';
    case 'refunded':
      return 'refunded';
    case 'not_required':
      return 'on-receipt';
  }
}

/** Who cancelled the order: the last 'canceled' entry of its history ('customer', 'staff', 'system'). */
function cancelledBy(order: Order): string | null {
  return order.history.findLast((entry) => entry.status === 'canceled')?.by ?? null;
}

/** The return page keeps asking while the money may still come: a pending payment of a live order. */
export function awaitingPayment(order: Order): boolean {
  return paymentScreen(order) === 'waiting';
}

/** A retry or a switch to payment on receipt makes sense only while the order is alive and unpaid. */
export function paymentActionable(order: Order): boolean {
  const screen = paymentScreen(order);
  return screen === 'waiting' || screen === 'failed';
}
