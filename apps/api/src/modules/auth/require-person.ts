import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '../../plugins/api-error.ts';
import type { AccessClaims, AccessTokens } from './access-tokens.ts';

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1];
}

const signedIn = new WeakMap<FastifyRequest, AccessClaims>();

/** The person whose access token the request carried; only after authenticate or requirePerson ran. */
export function authenticatedPerson(request: FastifyRequest): AccessClaims {
  const claims = signedIn.get(request);
  if (!claims) throw new Error('authenticatedPerson() on a route without authenticate/requirePerson');
  return claims;
}

/** preHandler: a valid access token, else 401 auth.token-missing / auth.token-invalid / auth.token-expired. */
export function authenticate(tokens: AccessTokens): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'auth.token-missing');
    signedIn.set(request, await tokens.verify(token));
  };
}

/**
 * preHandler for `/persons/{personId}/…` routes: authenticates, then answers 403 auth.forbidden-person
 * unless the token's person is the one in the path. Put it on routes whose params schema reads personId.
 */
export function requirePerson(tokens: AccessTokens): preHandlerAsyncHookHandler {
  const check = authenticate(tokens);
  return async function (request, reply) {
    await check.call(this, request, reply);
    const personId = Number((request.params as { personId?: unknown }).personId);
    if (authenticatedPerson(request).personId !== personId)
      throw new ApiError(403, 'auth.forbidden-person', 'personId');
  };
}
