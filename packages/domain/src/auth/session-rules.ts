/**
 * Who is signed in, on the storefront's side (docs/product.md §3 'Person profile', 'Token set'; §4 'Authorisation',
 * 'Token refresh'). Pure rules; the store and the API client apply them.
 */

import type { PersonProfile, TokenSet } from '../contracts/auth.ts';

/** Sign-in providers whose ID token the browser receives and the API checks (docs/product.md §4). */
export const ID_TOKEN_PROVIDERS = ['GOOGLE', 'APPLE'] as const;
export type IdTokenProvider = (typeof ID_TOKEN_PROVIDERS)[number];

/** Social accounts a person can link and sign in with. */
export const SOCIAL_PROVIDERS = [...ID_TOKEN_PROVIDERS, 'VK'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** How a token set was obtained (docs/product.md §3 'Token set' source), also the brand's list of sign-in methods. */
export const TOKEN_SOURCES = ['PHONE', ...SOCIAL_PROVIDERS] as const;
export type TokenSource = (typeof TOKEN_SOURCES)[number];

/** docs/product.md §3 'Token set' as the storefront keeps it: the sign-in answer itself. */
export type StoredTokenSet = TokenSet;

/** The parts of docs/product.md §3's person profile these rules read; a whole PersonProfile fits. */
export type Profile = Pick<PersonProfile, 'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'deliveries'>;

/** The order draft's person: what the receipt and the courier need. */
export interface OrderContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export const EMPTY_CONTACT: Readonly<OrderContact> = Object.freeze({ name: null, email: null, phone: null });

/** docs/product.md §4: authorised only with a profile and both tokens. */
export function isAuthorised(profile: Profile | null, tokens: StoredTokenSet | null): boolean {
  return !!profile && !!tokens?.accessToken && !!tokens.refreshToken;
}

const blank = (value: string | null | undefined) => !value?.trim();

/**
 * docs/product.md §3: the profile's email, first name and phone, except that a first delivery entry's own email,
 * name or phone overrides them (the person used those for orders last time).
 */
export function contactFromProfile(profile: Profile): OrderContact {
  const first = profile.deliveries[0];
  return {
    name: (!blank(first?.personName) ? first?.personName : profile.firstName) ?? null,
    email: (!blank(first?.email) ? first?.email : profile.email) ?? null,
    phone: (!blank(first?.phone) ? first?.phone : profile.phone) ?? null,
  };
}

/** docs/product.md §4: sign-in fills only the fields the customer left empty. */
export function fillEmptyContact(contact: OrderContact, profile: Profile): OrderContact {
  const fromProfile = contactFromProfile(profile);
  return {
    name: blank(contact.name) ? fromProfile.name : contact.name,
    email: blank(contact.email) ? fromProfile.email : contact.email,
    phone: blank(contact.phone) ? fromProfile.phone : contact.phone,
  };
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url → text (UTF-8), without browser or Node globals: the domain package runs on both. */
export function decodeBase64Url(part: string): string | null {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of part.replace(/=+$/, '')) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    return null;
  }
}

/**
 * The `exp` claim of a JWT in milliseconds, read without checking the signature: the client only uses it
 * to decide when to refresh; the server checks the token itself. null when there is no readable claim.
 */
export function jwtExpiresAtMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const json = decodeBase64Url(payload);
  if (json === null) return null;
  try {
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Refresh a little early, so a token does not expire on its way to the server. */
const ACCESS_TOKEN_MARGIN_MS = 30_000;

/** docs/product.md §4: an access token without a readable expiry counts as expired, so it gets refreshed. */
export function isAccessTokenExpired(
  token: string,
  nowMs: number,
  marginMs = ACCESS_TOKEN_MARGIN_MS,
): boolean {
  const expiresAt = jwtExpiresAtMs(token);
  return expiresAt === null || expiresAt - marginMs <= nowMs;
}
