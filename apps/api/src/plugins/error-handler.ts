import {
  describeIssue,
  ERROR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  type Locale,
  localeFromAcceptLanguage,
  pickText,
} from '@storefront/domain';
import { errorBody as errorBodySchema } from '@storefront/domain/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '../core/api-error.ts';

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

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Refusals answered here before a route's own code runs belong in every operation's documented responses:
 * 400 for any route (an undecodable URL, input its schema refuses), and for a route that takes a body
 * 413 (too large) and 415 (not JSON).
 */
function documentFrameworkRefusals(route: RouteOptions) {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!route.schema || !response) return;
  const takesBody = [route.method].flat().some((method) => BODY_METHODS.has(method));
  route.schema.response = {
    ...response,
    400: response[400] ?? errorBodySchema,
    ...(takesBody ? { 413: response[413] ?? errorBodySchema, 415: response[415] ?? errorBodySchema } : {}),
  };
}

/**
 * One place turns every failure into the docs/product.md §8 body {errors:[{code, message, field?}]} in the request's
 * language. A coded ApiError adds its extra fields beside `errors` (a sign-in refusal's retryAfter,
 * attemptsLeft) and its headers (Retry-After). Details of a 5xx stay in the log: the customer gets
 * 'Неизвестная ошибка'.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook('onRoute', documentFrameworkRefusals);
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
