import {
  ERROR_MESSAGES,
  type Locale,
  type OnlinePayMethod,
  type PaymentMethod,
  pickText,
} from '@storefront/domain';
import type { Order, OrderSummary, PlaceOrderRequest, PreflightResponse } from '@storefront/domain/contracts';
import { ApiError } from '../../shared/api-client.ts';
import { authFetch } from '../session/session.ts';

/** GET …/orders: one page of the person's orders, newest first (personOrdersResponse). */
export interface PersonOrdersPage {
  content: OrderSummary[];
  page: number;
  size: number;
  totalElements: number;
}

/**
 * The pricing a refused placement carries (docs/product.md §8 'Order calls'): the new preflight of `409
 * order.price-changed`, or of a cart the server refused with its problems; null otherwise.
 */
export function refusedPreflight(error: ApiError): PreflightResponse | null {
  const data = error.data as { preflight?: PreflightResponse } | null;
  return data && typeof data === 'object' && data.preflight ? data.preflight : null;
}

/** The words of an unknown failure (docs/product.md §8 'General'): the request failed, and why if anyone knows. */
export function failureText(error: unknown, locale: Locale): string {
  if (error instanceof ApiError && error.code) {
    const known = (ERROR_MESSAGES as Record<string, { ru: string; en?: string }>)[error.code];
    if (known) return pickText(known, locale);
  }
  if (error instanceof ApiError && !error.network && error.answerText) return error.answerText;
  return `${pickText(ERROR_MESSAGES['request.failed'], locale)}. ${pickText(ERROR_MESSAGES.unknown, locale)}`;
}

/** One authorised call of the orders API (JSON in, JSON out); throws the client's ApiError. */
function orderCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  return authFetch<T>(path, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
}

const base = (personId: number) => `/api/v1/persons/${personId}/orders`;

/** POST …/orders with the attempt's Idempotency-Key: one try; the placement decides about retrying. */
export function postOrder(personId: number, body: PlaceOrderRequest, idempotencyKey: string): Promise<Order> {
  return orderCall<Order>(base(personId), {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
}

export function fetchOrder(personId: number, orderId: number): Promise<Order> {
  return orderCall<Order>(`${base(personId)}/${orderId}`);
}

export function cancelOrder(personId: number, orderId: number): Promise<Order> {
  return orderCall<Order>(`${base(personId)}/${orderId}/cancel`, { method: 'POST' });
}

export function fetchOrders(personId: number, page: number, size: number): Promise<PersonOrdersPage> {
  return orderCall<PersonOrdersPage>(`${base(personId)}?page=${page}&size=${size}`);
}

/**
 * POST …/orders/{id}/payments: a new payment attempt replacing the numbered one the customer saw fail or
 * walk away from; the answer carries the new attempt's confirmation URL (or null while the provider is slow).
 */
export function startPayment(
  personId: number,
  orderId: number,
  replacesAttempt: number,
  onlineMethod?: OnlinePayMethod,
): Promise<Order> {
  return orderCall<Order>(`${base(personId)}/${orderId}/payments`, {
    method: 'POST',
    // Absent: the replaced attempt's method (decision 55).
    body: JSON.stringify(onlineMethod ? { replacesAttempt, onlineMethod } : { replacesAttempt }),
  });
}

/** The pay types an online order may switch to (changePayTypeRequest). */
export type OnReceiptPayType = Exclude<PaymentMethod, 'CARD_ONLINE'>;

/** POST …/orders/{id}/pay-type: pay on receipt instead of online. */
export function changePayType(personId: number, orderId: number, payType: OnReceiptPayType): Promise<Order> {
  return orderCall<Order>(`${base(personId)}/${orderId}/pay-type`, {
    method: 'POST',
    body: JSON.stringify({ payType }),
  });
}

/** POST …/orders/{id}/payment-check: the server reads the provider now and answers the order (the return page). */
export function checkPayment(personId: number, orderId: number): Promise<Order> {
  return orderCall<Order>(`${base(personId)}/${orderId}/payment-check`, { method: 'POST' });
}

/** The stream-tickets answer (streamTicket of the staff contracts). */
export interface StreamTicket {
  ticket: string;
  expiresAt: string;
}

/** POST …/stream-tickets: a short-lived single-use ticket that opens the person's own event stream once. */
export function requestStreamTicket(personId: number): Promise<StreamTicket> {
  return orderCall<StreamTicket>(`/api/v1/persons/${personId}/stream-tickets`, { method: 'POST' });
}

/** The person's own order events (server-sent events; opened with a ticket, see requestStreamTicket). */
export const ownEventsUrl = (personId: number) => `/api/v1/persons/${personId}/events`;

/** The key of the person's orders list (an infinite query of pages); every list page sits under it. */
export const ordersListKey = (personId: number) => ['orders', personId] as const;

export const orderQuery = (personId: number, orderId: number) => ({
  queryKey: ['order', personId, orderId] as const,
  queryFn: () => fetchOrder(personId, orderId),
});
