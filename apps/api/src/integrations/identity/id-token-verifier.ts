import { createHash, timingSafeEqual } from 'node:crypto';
import type { IdTokenProvider } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { ApiError } from '../../core/api-error.ts';

export type { IdTokenProvider };

/**
 * What each provider's ID token must look like (INTEGRATIONS.md 'Google and Apple ID tokens'). Keys come
 * only from the configured JWKS URL; the algorithm must be on the list (never 'none' or an HMAC, so a
 * public key cannot serve as a shared secret) and match the key picked by kid.
 */
export const ID_TOKEN_PROVIDERS = {
  GOOGLE: {
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    algorithms: ['RS256'],
    /**
     * The storefront gives Google Identity Services the SHA-256 of a random value it keeps, GIS writes it into
     * the token, and the API checks it against the raw value (X-Id-Token-Nonce): a Google token issued to
     * another page or lifted from a log cannot sign anyone in here.
     */
    nonce: 'required',
  },
  APPLE: {
    issuers: ['https://appleid.apple.com'],
    algorithms: ['RS256', 'ES256'],
    nonce: 'required',
  },
} as const satisfies Record<
  IdTokenProvider,
  { issuers: string[]; algorithms: string[]; nonce: 'required' | 'when-sent' }
>;

/** Leeway for the provider's clock against ours on exp, nbf and iat. */
const ID_TOKEN_CLOCK_TOLERANCE_S = 30;
/** No provider issues ID tokens for longer; an older iat is refused even if exp says otherwise. */
const MAX_TOKEN_AGE_S = 24 * 3600;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The person an ID token speaks of. The email is null unless the provider says it is verified. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
}

export interface IdTokenVerifier {
  readonly provider: IdTokenProvider;
  /** The token's identity, or an ApiError: 401 auth.id-token-*, 503 auth.provider-unavailable. */
  verify(token: string, nonce: string | undefined): Promise<VerifiedIdentity>;
}

/** The client keeps the raw nonce and gives the provider its SHA-256 in hex; the token carries the hash. */
export const nonceHash = (raw: string) => createHash('sha256').update(raw).digest('hex');

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The JWKS could not be read: not the token's fault, so a 503 rather than a 401. */
class KeysUnavailable extends Error {}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;

function identityOf(payload: JWTPayload): VerifiedIdentity | undefined {
  const subject = text(payload.sub, 255);
  if (!subject) return undefined;
  // Apple writes email_verified as the string 'true' in some tokens, Google as a boolean.
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  const email = text(payload.email, 254);
  const avatar = text(payload.picture, 2048);
  return {
    subject,
    email: verified && email?.includes('@') ? email.toLowerCase() : null,
    firstName: text(payload.given_name, 100),
    lastName: text(payload.family_name, 100),
    avatar: avatar?.startsWith('https://') ? avatar : null,
  };
}

/**
 * Verifies one provider's ID tokens for one client id (the audience). Checks, in jose's order: the
 * algorithm against the list (before any key is looked up), a key with the token's kid from the JWKS
 * (cached; an unknown kid refetches at most every 30 s), the signature, iss, aud, exp/nbf/iat against the
 * app's clock with a small tolerance; then sub, and the nonce where the provider needs one.
 */
export function createIdTokenVerifier(
  provider: IdTokenProvider,
  settings: { clientId: string; jwksUrl: string; timeoutMs: number },
  now: () => number,
  log: FastifyBaseLogger,
): IdTokenVerifier {
  const rules = ID_TOKEN_PROVIDERS[provider];
  const jwks = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: settings.timeoutMs });
  const keyOf: JWTVerifyGetKey = async (header, token) => {
    if (typeof header.kid !== 'string' || header.kid === '') throw new errors.JWKSNoMatchingKey();
    try {
      return await jwks(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
        throw error;
      throw new KeysUnavailable('the JWKS could not be read', { cause: error });
    }
  };

  return {
    provider,
    async verify(token, nonce) {
      if (token.length > 8192 || !TOKEN_SHAPE.test(token)) throw new ApiError(401, 'auth.id-token-invalid');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keyOf, {
          algorithms: [...rules.algorithms],
          issuer: [...rules.issuers],
          audience: settings.clientId,
          requiredClaims: ['sub', 'iat', 'exp'],
          maxTokenAge: MAX_TOKEN_AGE_S,
          clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
          currentDate: new Date(now()),
        }));
      } catch (error) {
        if (error instanceof KeysUnavailable) {
          log.warn({ err: error.cause, provider }, 'the ID-token keys could not be read');
          throw new ApiError(503, 'auth.provider-unavailable');
        }
        // exp passed; jose also says JWTExpired for an iat older than the maximum age.
        if (error instanceof errors.JWTExpired) throw new ApiError(401, 'auth.id-token-expired');
        log.info(
          { provider, reason: error instanceof errors.JOSEError ? error.code : 'malformed' },
          'an ID token was refused',
        );
        throw new ApiError(401, 'auth.id-token-invalid');
      }
      const claimed = typeof payload.nonce === 'string' ? payload.nonce : undefined;
      if (rules.nonce === 'required' || nonce !== undefined) {
        if (
          nonce === undefined ||
          nonce === '' ||
          claimed === undefined ||
          !sameText(claimed, nonceHash(nonce))
        )
          throw new ApiError(401, 'auth.id-token-nonce-mismatch');
      }
      const identity = identityOf(payload);
      if (!identity) throw new ApiError(401, 'auth.id-token-invalid');
      return identity;
    },
  };
}
