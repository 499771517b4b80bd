import { GeocoderError } from './geocoder.ts';

/** docs/product.md §5: address autocomplete starts at 3 characters; shorter input sends no request. */
export const MIN_QUERY_LENGTH = 3;

/** What an adapter reads of an answer: the HTTP status and the parsed body. */
export interface JsonAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

export interface FetchJsonOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  /** The caller's signal: the popup aborts a suggestion request when the customer types on. */
  signal?: AbortSignal | undefined;
  /** Names the service in error messages ('Nominatim', 'Google geocoding'). */
  service: string;
}

/**
 * The caller gave up: an error named 'AbortError' (as fetch itself throws), never a GeocoderError, so the
 * popup can drop it silently instead of showing 'service unavailable'.
 */
export function abortError(): Error {
  return new DOMException('The geocoder request was aborted', 'AbortError');
}

/** By name, not class: DOMException and Error differ between realms (a test DOM, an iframe). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * One request with a deadline. Every way it can go wrong becomes a GeocoderError (network failure, timeout,
 * a body that is not JSON) except the caller's own abort, so adapters only decide what a status means.
 */
export async function fetchJson(
  url: string,
  init: RequestInit,
  options: FetchJsonOptions,
): Promise<JsonAnswer> {
  const { signal, service } = options;
  if (signal?.aborted) throw abortError();

  // One controller carries both reasons to stop: our deadline and the caller's abort.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  const failure = (error: unknown, status?: number): Error => {
    if (signal?.aborted) return abortError();
    if (timedOut) return new GeocoderError(`${service} did not answer within ${options.timeoutMs} ms`);
    const reason = error instanceof Error ? error.message : String(error);
    return new GeocoderError(`${service} request failed: ${reason}`, status);
  };

  try {
    let response: Response;
    try {
      response = await options.fetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      throw failure(error);
    }
    let text: string;
    try {
      // The body can stall too: reading it is still under the same deadline.
      text = await response.text();
    } catch (error) {
      throw failure(error, response.status);
    }
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        // An error page from a proxy in front of the service is HTML: say so by status, not by parse error.
        if (response.ok) throw new GeocoderError(`${service} answered with invalid JSON`, response.status);
      }
    } else if (response.ok) {
      throw new GeocoderError(`${service} answered with an empty body`, response.status);
    }
    return { ok: response.ok, status: response.status, body };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** A plain JSON object (not an array, not null): the only shape whose fields the adapters read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty trimmed string or null: providers send '' and missing fields interchangeably. */
export function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A finite coordinate from a number or a numeric string (Nominatim sends lat/lon as strings). */
export function coordinate(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
}

/** The base address without a trailing slash, so `${base}/search` never doubles it. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}
