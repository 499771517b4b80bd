import { ERROR_MESSAGES, type Locale, type PaymentMethod, pickText } from '@storefront/domain';
import type { Order, OrderSummary, PlaceOrderRequest, PreflightResponse } from '@storefront/domain/contracts';
import { apiUrl } from '../../shared/api-base.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../shared/api-client.ts';
import { freshAccessToken } from '../session/session.ts';

/** GET …/orders: one page of the person's orders, newest first (personOrdersResponse). */
export interface PersonOrdersPage {
  content: OrderSummary[];
  page: number;
  size: number;
  totalElements: number;
}

/**
 * SPEC §8 'Order calls throw a wrapped API error': the API error of an order call with its code, status and
 * body, plus what the placement needs to act on — the Retry-After of `409 idempotency.in-progress` and the
 * new pricing of `409 order.price-changed` or a refused cart.
 */
export class OrderApiError extends ApiError {
  constructor(
    error: ApiError,
    /** Seconds the server asked to wait (Retry-After), or null. */
    readonly retryAfter: number | null,
  ) {
    super(error.message, error.status, error.statusText, error.code, error.data);
    this.name = 'OrderApiError';
  }

  get network(): boolean {
    return this.status === 0;
  }

  /** The preflight the server attached (price changed, or a cart refused with its problems). */
  get preflight(): PreflightResponse | null {
    const data = this.data as { preflight?: PreflightResponse } | null;
    return data && typeof data === 'object' && data.preflight ? data.preflight : null;
  }

  /** `400` field errors: `errors[].field` (or the code's field) → message. */
  get fieldErrors(): { field: string; code: string; message: string }[] {
    const errors = (this.data as { errors?: { code?: string; message?: string; field?: string }[] } | null)
      ?.errors;
    return (errors ?? []).flatMap((error) =>
      error.field ? [{ field: error.field, code: error.code ?? '', message: error.message ?? '' }] : [],
    );
  }
}

/** The words of an unknown failure (SPEC §8 'General'): the request failed, and why if anyone knows. */
export function failureText(error: unknown, locale: Locale): string {
  if (error instanceof ApiError && error.code) {
    const known = (ERROR_MESSAGES as Record<string, { ru: string; en?: string }>)[error.code];
    if (known) return pickText(known, locale);
  }
  if (error instanceof ApiError && error.status !== 0 && error.message) return error.message;
  return `${pickText(ERROR_MESSAGES['request.failed'], locale)}. ${pickText(ERROR_MESSAGES.unknown, locale)}`;
}

function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/** One authorised call of the orders API, answering JSON or throwing an OrderApiError. */
async function orderCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = await freshAccessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      mode: 'cors',
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new OrderApiError(new ApiError(NETWORK_ERROR_MESSAGE, 0, '', null, null), null);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const first = (data as { errors?: { code?: string; message?: string }[] } | null)?.errors?.[0];
    const error = new ApiError(
      first?.message ?? response.statusText,
      response.status,
      response.statusText,
      first?.code ?? null,
      data,
    );
    throw new OrderApiError(error, retryAfterSeconds(response.headers.get('retry-after')));
  }
  return data as T;
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
export function startPayment(personId: number, orderId: number, replacesAttempt: number): Promise<Order> {
  return orderCall<Order>(`${base(personId)}/${orderId}/payments`, {
    method: 'POST',
    body: JSON.stringify({ replacesAttempt }),
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
