import { type Locale, pickText, REQUEST_FAILED_TEXT } from '@storefront/domain';
import { apiUrl } from './api-base.ts';
import { prefetchedOrFetch } from './prefetch/prefetched-answers.ts';

/** SPEC §8: a failed call keeps the first error's code and message, the status and the body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly code: string | null,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error when attempting to fetch resource.';

let currentLocale: Locale = 'ru';
/** The language errors should come back in; i18n keeps it in step with the interface. */
export function setApiLocale(locale: Locale) {
  currentLocale = locale;
}

/** GET (or any method) a JSON answer of the API; throws ApiError with the SPEC §8 message. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  const request = () =>
    fetch(apiUrl(path), {
      ...init,
      mode: 'cors',
      headers: { accept: 'application/json', 'accept-language': currentLocale, ...init.headers },
    });
  // A plain read the page head started already (a returning customer's boot) is claimed, once.
  const plainRead = (init.method ?? 'GET') === 'GET' && !init.headers && !init.signal;
  try {
    response = plainRead ? await prefetchedOrFetch(path, currentLocale, request) : await request();
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, '', null, null);
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
    const message = first?.message ?? (response.statusText || pickText(REQUEST_FAILED_TEXT, currentLocale));
    throw new ApiError(message, response.status, response.statusText, first?.code ?? null, data);
  }
  return data as T;
}
