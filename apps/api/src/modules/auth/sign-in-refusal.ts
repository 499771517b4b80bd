import type { ErrorCode } from '@storefront/domain';
import { ApiError } from '../../core/api-error.ts';

/**
 * An ApiError that also tells how long to wait (429, with Retry-After) or how many tries are left, as
 * top-level fields of the body (signInErrorBody). The app's one error handler answers it.
 */
export class SignInRefusal extends ApiError {
  constructor(
    status: number,
    code: ErrorCode,
    extra: { retryAfter?: number; attemptsLeft?: number } = {},
    field?: string,
  ) {
    super(status, code, field, {
      extra,
      ...(extra.retryAfter !== undefined ? { headers: { 'retry-after': String(extra.retryAfter) } } : {}),
    });
  }
}
