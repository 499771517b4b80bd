import { errorBody } from '@storefront/domain/contracts';
import type {
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { AppConfig } from '../config.ts';
import { type AccessClaims, AccessTokens } from '../core/access-tokens.ts';
import { ApiError } from '../core/api-error.ts';
import { type AuthSettings, readAuthSettings } from '../core/auth-settings.ts';
import { loadStaffAccess, type StaffAccess } from '../core/staff-access.ts';
import { StaffTokens } from '../core/staff-tokens.ts';
import type { Database } from '../db/client.ts';

/**
 * What a route asks of the caller, as its `config: { auth }`:
 * - 'personal': no token, but the answer speaks of one person (sign-in, tokens): never cached;
 * - 'signed-in': a valid access token, read into request.person, else 401; never cached;
 * - 'path-person': signed in as the path's `{personId}`, else 403 auth.forbidden-person (the rule of
 *   every `/persons/{personId}/…` call, docs/product.md §7); never cached;
 * - 'staff': a valid staff access token of an enabled account, read into request.staff with its role and
 *   restaurants (decision 23), else 401; a customer token is refused here as a staff token is on the others.
 */
export type RouteAuth = 'personal' | 'signed-in' | 'path-person' | 'staff';

export interface Authentication {
  /** The sign-in settings, read and checked once for the whole app. */
  settings: AuthSettings;
  tokens: AccessTokens;
  staffTokens: StaffTokens;
}

declare module 'fastify' {
  interface FastifyInstance {
    authentication: Authentication;
  }
  interface FastifyRequest {
    /** The person of the request's access token; set on routes with config.auth 'signed-in' or 'path-person'. */
    person: AccessClaims | null;
    /** The staff member of a route with config.auth 'staff'. */
    staff: StaffAccess | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1];
}

/** The staff member of a route with config.auth 'staff'. */
export function signedInStaff(request: FastifyRequest): StaffAccess {
  if (!request.staff) throw new Error('signedInStaff() on a route without config.auth staff');
  return request.staff;
}

/** The signed-in person of a route with config.auth 'signed-in' or 'path-person'. */
export function signedInPerson(request: FastifyRequest): AccessClaims {
  if (!request.person)
    throw new Error('signedInPerson() on a route without config.auth signed-in/path-person');
  return request.person;
}

const noStore: onSendHookHandler = async (_request, reply) => {
  reply.header('cache-control', 'no-store');
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : ([] as T[]).concat(value);

/**
 * Reads the sign-in settings once, decorates the app with them and the access-token signer, and turns a
 * route's `config: { auth }` into its checks: a route needs one line to be personal, signed in, or bound
 * to the path's person. Registered on the root instance before any route, so every module sees it.
 */
export function registerAuthentication(
  app: FastifyInstance,
  options: { config: AppConfig; db: Database; now: () => number },
) {
  const settings = readAuthSettings(options.config);
  const tokens = new AccessTokens(settings.accessTokenKey, settings.issuer, settings.whiteLabel, options.now);
  const staffTokens = new StaffTokens(
    settings.staffTokenKey,
    settings.issuer,
    settings.whiteLabel,
    options.now,
  );
  app.decorate('authentication', { settings, tokens, staffTokens });
  app.decorateRequest('person', null);
  app.decorateRequest('staff', null);

  const signedInAsStaff: preHandlerHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'auth.token-missing');
    const claims = await staffTokens.verify(token);
    const access = await loadStaffAccess(options.db, claims.whiteLabel, claims.staffId);
    if (!access) throw new ApiError(401, 'auth.token-invalid');
    request.staff = access;
  };

  const signedIn: preHandlerHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'auth.token-missing');
    request.person = await tokens.verify(token);
  };
  const pathPerson: preHandlerHookHandler = async (request) => {
    const personId = Number((request.params as { personId?: unknown }).personId);
    if (signedInPerson(request).personId !== personId)
      throw new ApiError(403, 'auth.forbidden-person', 'personId');
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const auth = route.config?.auth;
    if (!auth) return;
    // Errors answered by the error handler pass through onSend too: every answer of the route is no-store.
    route.onSend = [noStore, ...asArray(route.onSend)];
    if (auth === 'personal') return;
    const checks =
      auth === 'staff' ? [signedInAsStaff] : auth === 'path-person' ? [signedIn, pathPerson] : [signedIn];
    route.preHandler = [...checks, ...asArray(route.preHandler)];
    // The refusals the checks answer belong in the operation's documented responses.
    if (route.schema) {
      const response = (route.schema.response ?? {}) as Record<string | number, unknown>;
      route.schema.response = {
        ...response,
        401: response[401] ?? errorBody,
        ...(auth === 'path-person' ? { 403: response[403] ?? errorBody } : {}),
      };
    }
  });
}
