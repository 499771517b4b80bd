/**
 * The outbox's kinds (order_events.kind, ORDERING.md 'Events'): one row per change of an order, written in
 * the change's transaction; the board and the customer's order page read them as server-sent events.
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'payment-failed',
  'refund',
  'canceled',
  /** An unpaid online order switched to payment on receipt: it reaches the kitchen now. */
  'pay-type-changed',
  'accepted',
  'cooking',
  'ready',
  'on_the_way',
  'done',
  'declined',
  /** A linked restaurant's order did not reach the chain's POS (the board flags it) or reached it at last. */
  'pos-failed',
  'pos-created',
  /** Staff took an order the POS did not get over by hand: no more tries. */
  'pos-taken-over',
  /** An order withdrawn on our side is cancelled in the POS too (or the POS never had it): its flag goes. */
  'pos-cancelled',
  /** The customer rated the order or changed the rating (decision 57): the board flags 1–2 stars. */
  'rated',
  /** A manager marked a low rating seen: every other board takes its flag down. */
  'rating-seen',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** How long a stream ticket is good for (seconds): long enough to open the stream, too short to share. */
export const STREAM_TICKET_TTL_S = 60;
