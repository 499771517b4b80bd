/**
 * Where an order's creation in the chain's POS stands (pos_order_transfers.state): waiting to be sent, sent
 * and being created, created, failed (flagged on the board and retried with the same id), or taken over by
 * staff by hand (no more tries). An order we withdraw (the customer cancels, staff decline) once the POS may
 * have it is cancelled there: cancelling (retried like a send), then cancelled, or cancel-refused when the
 * POS will not (already cooked or closed: flagged for staff to call the kitchen).
 */
export const POS_TRANSFER_STATES = [
  'waiting',
  'in-progress',
  'created',
  'failed',
  'taken-over',
  'cancelling',
  'cancelled',
  'cancel-refused',
] as const;
export type PosTransferState = (typeof POS_TRANSFER_STATES)[number];

/** States staff may take over from: the POS does not have the order (as far as we know) and is not taking it now. */
export const POS_TAKE_OVER_STATES: readonly PosTransferState[] = ['waiting', 'failed'];
