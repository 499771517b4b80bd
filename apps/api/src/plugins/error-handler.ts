import {
  describeIssue,
  ERROR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  type Locale,
  localeFromAcceptLanguage,
  pickText,
} from '@storefront/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

type ZodIssue = z.core.$ZodIssue;

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

export function errorBody(locale: Locale, code: ErrorCode, field?: string): ErrorBody {
  return { errors: [{ code, message: pickText(ERROR_MESSAGES[code], locale), ...(field ? { field } : {}) }] };
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/** For requests refused before routing (an undecodable URL). */
export function sendBadRequest(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 400, errorBody(requestLocale(request), 'request.invalid'));
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, too large) mapped onto our codes. */
function frameworkCode(error: FastifyError): ErrorCode {
  if (error.statusCode === 413) return 'payload.too-large';
  if (error.statusCode === 405) return 'method.not-allowed';
  return 'request.invalid';
}

/**
 * One place turns every failure into the SPEC §8 body {errors:[{code, message, field?}]} in the request's
 * language. A coded ApiError adds its extra fields beside `errors` (a sign-in refusal's retryAfter,
 * attemptsLeft) and its headers (Retry-After). Details of a 5xx stay in the log: the customer gets
 * 'Неизвестная ошибка'.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return send(reply, error.status, { ...errorBody(locale, error.code, error.field), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((problem) => {
        const field = problem.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // The provider flattens zod's issue into {keyword, message, params}; put it back together.
        const issue = {
          ...problem.params,
          code: problem.keyword,
          message: problem.message,
          path: [],
        } as unknown as ZodIssue;
        return { code: 'request.invalid', message: describeIssue(issue, locale, field), field };
      });
      return send(reply, 400, { errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'answer does not match its contract');
      return send(reply, 500, errorBody(locale, 'unknown'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(reply, status, errorBody(locale, frameworkCode(error)));
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, errorBody(locale, 'unknown'));
  });
}
