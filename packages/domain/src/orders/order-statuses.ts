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

/**
 * The order's state machine (ORDERING.md 'Statuses'): which statuses each status may move to. Only forward;
 * declined from new or accepted (the restaurant); canceled only before acceptance (the customer, or an unpaid
 * online order past its time); done, declined and canceled are final. The board's moves are guarded by it
 * (apps/api/src/modules/board/staff-moves.ts).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['accepted', 'declined', 'canceled'],
  accepted: ['cooking', 'declined'],
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

/** The statuses an order may move to `to` from: what a move's guarded update may find it at. */
export function statusesMovingTo(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canMoveOrder(from, to));
}
