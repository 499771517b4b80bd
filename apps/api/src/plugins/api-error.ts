import type { ErrorCode } from '@storefront/domain';

/** A failure the customer should hear about: a code of SPEC §8 and an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code);
  }
}
