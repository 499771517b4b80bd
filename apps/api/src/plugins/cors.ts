import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { errorBody, requestLocale } from './error-handler.ts';

/**
 * Headers the storefront and the back office send (apps/web: api-client, order-client, session, social
 * sign-in, the order placement's Idempotency-Key; apps/backoffice: If-Match on every versioned change,
 * decision 45). Accept, Accept-Language and Content-Type are CORS-safelisted only for some values, so all of
 * them are listed.
 */
const CORS_ALLOWED_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'idempotency-key',
  'if-match',
  'last-event-id',
  'x-id-token',
  'x-id-token-nonce',
];

/**
 * Headers of our answers the apps read: Retry-After (a locked staff login, a busy placement),
 * Idempotent-Replayed (an order placement answered from its first try) and ETag (the version a back-office
 * change sends back as If-Match). Without this list a cross-origin page sees only the CORS-safelisted ones.
 */
const CORS_EXPOSED_HEADERS = ['retry-after', 'idempotent-replayed', 'etag'];

/** Chromium caps a cached preflight at 2 hours (Firefox at 24): more would be ignored. */
export const CORS_MAX_AGE_SECONDS = 7200;

const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The storefront origins that may call this API from another origin: CORS_ORIGINS, and PUBLIC_URL's
 * origin when PUBLIC_API_BASE puts the API on another one (the storefront then calls across).
 */
export function storefrontOrigins(config: Pick<AppConfig, 'env'>): string[] {
  const { CORS_ORIGINS, PUBLIC_URL, PUBLIC_API_BASE } = config.env;
  const origins = new Set(CORS_ORIGINS);
  const storefront = PUBLIC_URL ? new URL(PUBLIC_URL).origin : null;
  if (storefront && PUBLIC_API_BASE && new URL(PUBLIC_API_BASE).origin !== storefront)
    origins.add(storefront);
  return [...origins];
}

/** The request's own origin as the browser sees it (the protocol and host through TRUST_PROXY). */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Cross-origin calls from the brand's storefront origins only (decision 25). Bearer tokens, no cookies:
 * never `Access-Control-Allow-Credentials`. An allowed origin gets itself back in Access-Control-Allow-Origin
 * (with `Vary: Origin`), its preflights a 204 cached for Access-Control-Max-Age; any other origin gets no
 * CORS headers at all, so its browser keeps the answer from the page, and its preflight a coded 403 (not the
 * 404 an unknown OPTIONS route would get). Requests without Origin, and same-origin ones (a browser sends
 * Origin on a same-origin POST too), pass untouched.
 */
export async function registerCors(app: FastifyInstance, config: Pick<AppConfig, 'env'>): Promise<void> {
  const allowed = new Set(storefrontOrigins(config));
  const isSameOrigin = (request: FastifyRequest, origin: string) => origin === ownOrigin(request);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const isPreflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!origin || !isPreflight || allowed.has(origin) || isSameOrigin(request, origin)) return;
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .send(errorBody(requestLocale(request), 'origin.not-allowed'));
  });

  // Nothing may call from elsewhere: no CORS headers anywhere, and answers do not vary by Origin.
  if (allowed.size === 0) return;

  const common = {
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    credentials: false,
  } satisfies FastifyCorsOptions;
  await app.register(fastifyCors, {
    // Per request: the allowed origin is echoed (one origin per answer), anything else turns CORS off.
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, { ...common, origin: origin && allowed.has(origin) ? origin : false });
    },
  });
}
