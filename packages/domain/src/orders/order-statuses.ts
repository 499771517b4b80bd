/**
 * ORDERING.md 'Statuses': fulfilment and payment move apart. Each is a vocabulary tuple used by zod, Drizzle
 * and the storefront alike (decision 15).
 */
export const ORDER_STATUSES = [
  'new',
  'accepted',
  'cooking',
  'ready',
  'on_the_way',
  'done',
  'declined',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'not_required',
  'pending',
  'paid',
  'failed',
  'refund_pending',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The customer may cancel only before the restaurant accepts the order. */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['new'];

/** Orders that are over: nothing moves them any more. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['done', 'declined', 'canceled'];

/** Which statuses each status may move to (only forward; ORDERING.md). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['accepted', 'declined', 'canceled'],
  accepted: ['cooking', 'declined', 'canceled'],
  cooking: ['ready', 'on_the_way'],
  ready: ['done'],
  on_the_way: ['done'],
  done: [],
  declined: [],
  canceled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
