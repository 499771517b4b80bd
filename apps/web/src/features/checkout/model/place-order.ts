import { pickText } from '@storefront/domain';
import type { Order, PlaceOrderRequest } from '@storefront/domain/contracts';
import { postOrder } from '../../../entities/orders/order-client.ts';
import { type AnalyticsEvent, track } from '../../../shared/analytics/track.ts';
import { ApiError } from '../../../shared/api-client.ts';

/**
 * The placement's retry policy (decision 21). The same Idempotency-Key goes with every try of one body,
 * so a retry can never make a second order: the server answers the order it already made.
 * - A network failure (no answer at all) is retried NETWORK_RETRIES times, waiting 1 s, 2 s, 4 s.
 * - `409 idempotency.in-progress` (the first request with this key is still running) is waited out for its
 *   Retry-After (1 s when absent, at most 10 s a time), up to IN_PROGRESS_RETRIES times.
 * - Anything else is for the customer to see: price changed, cart refused, a field wrong, unknown.
 */
export const NETWORK_RETRIES = 3;
export const IN_PROGRESS_RETRIES = 10;
const MAX_WAIT_S = 10;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function placeOrder(
  personId: number,
  body: PlaceOrderRequest,
  idempotencyKey: string,
): Promise<Order> {
  let networkFailures = 0;
  let inProgress = 0;
  for (;;) {
    try {
      const order = await postOrder(personId, body, idempotencyKey);
      track(orderPlacedEvent(order));
      return order;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.network && networkFailures < NETWORK_RETRIES) {
        await wait(1000 * 2 ** networkFailures);
        networkFailures++;
        continue;
      }
      if (
        error.status === 409 &&
        error.code === 'idempotency.in-progress' &&
        inProgress < IN_PROGRESS_RETRIES
      ) {
        await wait(Math.min(MAX_WAIT_S, error.retryAfter ?? 1) * 1000);
        inProgress++;
        continue;
      }
      throw error;
    }
  }
}

/** The purchase as analytics reports it: the order's id, what the customer pays, and its dishes. */
export function orderPlacedEvent(order: Order): AnalyticsEvent {
  return {
    type: 'order-placed',
    orderId: order.id,
    total: order.payable,
    currency: order.currency,
    dishes: order.lines.map((line) => ({
      id: line.id,
      name: pickText(line.name, 'ru'),
      price: line.count > 0 ? Math.round(line.sum / line.count) : line.price,
      quantity: line.count,
      category: String(line.menu.id),
    })),
  };
}

/**
 * Where a placed order takes the customer (decision 22): an online card payment waiting at the provider goes
 * to the provider's page; one whose page is not there yet (the provider did not answer in time) or that is
 * already settled goes to our return page, which asks the server and waits; anything else to its page.
 */
export type AfterPlacement = { leave: true; url: string } | { leave: false; path: string };

export function afterPlacement(order: Order): AfterPlacement {
  if (order.payType !== 'CARD_ONLINE' || order.payment.status === 'not_required') {
    return { leave: false, path: `/orders/${order.id}` };
  }
  if (order.payment.status === 'pending' && order.payment.confirmationUrl) {
    return { leave: true, url: order.payment.confirmationUrl };
  }
  return { leave: false, path: `/orders/${order.id}/payment` };
}

/** A short stable fingerprint of a body (FNV-1a over its JSON): the draft keeps it beside the key. */
export function bodyFingerprint(body: unknown): string {
  const text = JSON.stringify(body);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16)}-${text.length}`;
}
