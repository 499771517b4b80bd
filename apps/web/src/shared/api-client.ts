import { type Locale, type LocalizedText, pickText, REQUEST_FAILED_TEXT } from '@storefront/domain';
import { apiUrl } from './api-base.ts';
import { prefetchedOrFetch } from './prefetch/prefetched-answers.ts';

/** One entry of the docs/product.md §8 error body (errorBody in the domain's contracts). */
interface ErrorEntry {
  code?: string;
  message?: string;
  field?: string;
}

/** A `400`'s wrong field: the field the API names, with the error's code and words. */
export interface ApiFieldError {
  field: string;
  code: string;
  message: string;
}

/**
 * docs/product.md §8: a failed call keeps the first error's code and message, the status and the body, and what
 * the caller needs to act on: the seconds to wait (`retryAfter`) and the wrong fields. Status 0 is a call
 * that got no answer at all (`network`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly code: string | null,
    readonly data: unknown,
    /** Seconds the server asked to wait: the body's `retryAfter` (sign-in refusals), else Retry-After. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all: offline, refused, cut off. */
  get network(): boolean {
    return this.status === 0;
  }

  /** The errors the answer names a field of (`errors[].field`), in the API's order. */
  get fieldErrors(): ApiFieldError[] {
    return errorEntries(this.data).flatMap((error) =>
      error.field ? [{ field: error.field, code: error.code ?? '', message: error.message ?? '' }] : [],
    );
  }

  /** The answer's own words for the failure (its first error's, else the status text), '' when none. */
  get answerText(): string {
    return errorEntries(this.data)[0]?.message ?? this.statusText;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error when attempting to fetch resource.';

/** docs/product.md §8's network failure in the interface language: its English words on an English screen only. */
export const NETWORK_ERROR_TEXT = {
  ru: 'Ошибка сети при обращении к серверу',
  en: NETWORK_ERROR_MESSAGE,
} as const satisfies LocalizedText;

/** docs/product.md §8: a sign-in call (code, sign-in, profile) that got no answer says this, in the interface language. */
export const AUTH_NETWORK_ERROR_TEXT = {
  ru: 'Ошибка сети',
  en: 'Network error',
} as const satisfies LocalizedText;

let currentLocale: Locale = 'ru';
/** The language errors should come back in; i18n keeps it in step with the interface. */
export function setApiLocale(locale: Locale) {
  currentLocale = locale;
}

function errorEntries(data: unknown): ErrorEntry[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ErrorEntry[]) : [];
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date; null when absent or unreadable. */
function retryAfterHeader(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/** The docs/product.md §8 error of a refused answer, its body already read. */
function refusal(response: Response, data: unknown): ApiError {
  const first = errorEntries(data)[0];
  // The answer's own words, else the general failure in the interface language: a status text
  // ('Bad Gateway') is English and technical, and stays in `statusText`.
  const message = first?.message ?? pickText(REQUEST_FAILED_TEXT, currentLocale);
  const bodyWait = (data as { retryAfter?: unknown } | null)?.retryAfter;
  const retryAfter =
    typeof bodyWait === 'number' ? bodyWait : retryAfterHeader(response.headers.get('retry-after'));
  return new ApiError(message, response.status, response.statusText, first?.code ?? null, data, retryAfter);
}

/**
 * One call of the API: its base, CORS, the interface language (errors come back in it) and the caller's
 * headers. A plain read the page head started already (a returning customer's boot) is claimed, once.
 * Throws ApiError: status 0 when no answer came at all.
 */
async function call(path: string, init: RequestInit, accept: string): Promise<Response> {
  const request = () =>
    fetch(apiUrl(path), {
      ...init,
      mode: 'cors',
      headers: { accept, 'accept-language': currentLocale, ...init.headers },
    });
  const plainRead = (init.method ?? 'GET') === 'GET' && !init.headers && !init.signal;
  try {
    return plainRead ? await prefetchedOrFetch(path, currentLocale, request) : await request();
  } catch {
    throw new ApiError(pickText(NETWORK_ERROR_TEXT, currentLocale), 0, '', null, null);
  }
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** GET (or any method) a JSON answer of the API; throws ApiError with the docs/product.md §8 message. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await call(path, init, 'application/json');
  const data = parsed(await response.text());
  if (!response.ok) throw refusal(response, data);
  return data as T;
}

/** apiFetch for the sign-in calls: no answer at all is 'Network error' in the interface language (status 0). */
export async function authCallFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  try {
    return await apiFetch<T>(path, init);
  } catch (error) {
    if (error instanceof ApiError && error.network)
      throw new ApiError(pickText(AUTH_NETWORK_ERROR_TEXT, currentLocale), 0, '', null, null);
    throw error;
  }
}

/** A text the API serves as is (the brand's markdown pages under /content); throws ApiError as apiFetch. */
export async function apiFetchText(path: string, init: RequestInit = {}): Promise<string> {
  const response = await call(path, init, '*/*');
  const text = await response.text();
  if (!response.ok) throw refusal(response, parsed(text));
  return text;
}
