import type { ErrorCode } from '@storefront/domain';

/** What a refusal may say beyond its code: fields beside `errors` in the body, and response headers. */
export interface ApiErrorDetails {
  /** Top-level body fields next to `errors`, e.g. retryAfter and attemptsLeft of a sign-in refusal. */
  extra?: Record<string, number | string | boolean>;
  /** E.g. Retry-After; names in lower case. */
  headers?: Record<string, string>;
}

/** A failure the customer should hear about: a code of docs/product.md §8 and an HTTP status. */
export class ApiError extends Error {
  readonly extra: NonNullable<ApiErrorDetails['extra']>;
  readonly headers: NonNullable<ApiErrorDetails['headers']>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly field?: string,
    details: ApiErrorDetails = {},
  ) {
    super(code);
    this.extra = details.extra ?? {};
    this.headers = details.headers ?? {};
  }
}
