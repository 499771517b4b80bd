import type { ErrorCode } from '@storefront/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../plugins/api-error.ts';
import { errorBody, requestLocale } from '../../plugins/error-handler.ts';

/** An ApiError that also tells how long to wait (429, with Retry-After) or how many tries are left. */
export class SignInRefusal extends ApiError {
  constructor(
    status: number,
    code: ErrorCode,
    readonly extra: { retryAfter?: number; attemptsLeft?: number } = {},
    field?: string,
  ) {
    super(status, code, field);
  }
}

/**
 * For the sign-in routes only: answers a SignInRefusal with its extra fields and a Retry-After header,
 * and hands every other error to the app's own handler.
 */
export function handleSignInRefusals(app: FastifyInstance) {
  const parent = app.errorHandler;
  app.setErrorHandler(function (error, request, reply) {
    if (!(error instanceof SignInRefusal)) return parent.call(this, error, request, reply);
    const body = { ...errorBody(requestLocale(request), error.code, error.field), ...error.extra };
    if (error.extra.retryAfter !== undefined) reply.header('retry-after', String(error.extra.retryAfter));
    return reply.code(error.status).header('cache-control', 'no-store').send(body);
  });
}
