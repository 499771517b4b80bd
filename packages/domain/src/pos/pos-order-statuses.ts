import type { CustomerDeliveryMethod } from '../methods/methods.ts';
import { canMoveOrder, type OrderStatus } from '../orders/order-statuses.ts';
import { nextStaffStatus } from '../staff/staff-model.ts';

/**
 * The chain's point-of-sale system moves our order along (decision 54): iiko's delivery statuses in our terms,
 * and the steps that take an order from where it stands to where the POS says it is. The steps are the
 * board's own (accept, then nextStaffStatus) so an order moved by the POS has the same history as one moved
 * by staff; nothing goes backwards, so the POS's duplicated and reordered updates are harmless.
 */

/** iiko's delivery statuses, in the order a delivery passes them (Cancelled may come at any point). */
export const IIKO_DELIVERY_STATUSES = [
  'Unconfirmed',
  'WaitCooking',
  'ReadyForCooking',
  'CookingStarted',
  'CookingCompleted',
  'Waiting',
  'OnWay',
  'Delivered',
  'Closed',
  'Cancelled',
] as const;
export type IikoDeliveryStatus = (typeof IIKO_DELIVERY_STATUSES)[number];

/**
 * Where the POS's status puts our order; null for a status we do not know (a newer iiko may add some).
 * Waiting is "cooked, waiting to be handed over": ready for pickup for take-away; for a delivery it stays
 * cooking, because our delivery goes cooking → on the way (a ready delivery could never leave with a
 * courier: the state machine has no ready → on the way). OnWay of a take-away order (iiko does not send
 * it, but a mistyped order type could) counts as ready.
 */
export function orderStatusOfPos(status: string, method: CustomerDeliveryMethod): OrderStatus | null {
  switch (status) {
    case 'Unconfirmed':
    case 'WaitCooking':
    case 'ReadyForCooking':
      return 'accepted';
    case 'CookingStarted':
    case 'CookingCompleted':
      return 'cooking';
    case 'Waiting':
      return method === 'DELIVERY' ? 'cooking' : 'ready';
    case 'OnWay':
      return method === 'DELIVERY' ? 'on_the_way' : 'ready';
    case 'Delivered':
    case 'Closed':
      return 'done';
    case 'Cancelled':
      return 'declined';
    default:
      return null;
  }
}

/** The board's one step forward from a status: accept from new, then the method's next staff status. */
function nextStep(status: OrderStatus, method: CustomerDeliveryMethod): OrderStatus | null {
  return status === 'new' ? 'accepted' : nextStaffStatus(status, method);
}

/**
 * The statuses the order passes, one step each, from `from` to `to` (excluding `from`): empty when `to` is
 * where the order is, behind it, or off its path (a decline once cooking started, anything after a final
 * status). Each step is one the state machine allows (canMoveOrder); a decline is one step from new or
 * accepted.
 */
export function posForwardPath(
  from: OrderStatus,
  to: OrderStatus,
  method: CustomerDeliveryMethod,
): OrderStatus[] {
  if (to === 'declined' || to === 'canceled') return canMoveOrder(from, to) ? [to] : [];
  const path: OrderStatus[] = [];
  let at = from;
  while (at !== to) {
    const next = nextStep(at, method);
    if (next === null || !canMoveOrder(at, next)) return [];
    path.push(next);
    at = next;
  }
  return path;
}

/** How far along its method's lane an order is: what "never backwards" compares. Final statuses are last. */
export function posLaneRank(status: OrderStatus): number {
  switch (status) {
    case 'new':
      return 0;
    case 'accepted':
      return 1;
    case 'cooking':
      return 2;
    case 'ready':
    case 'on_the_way':
      return 3;
    default:
      return 4;
  }
}
