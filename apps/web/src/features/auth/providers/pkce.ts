import { randomString, URL_SAFE_ALPHABET } from './random-string.ts';

/** docs/product.md §5, §9 and RFC 7636 §4.1: a code verifier has 43 to 128 characters. */
export const CODE_VERIFIER_MIN_LENGTH = 43;
export const CODE_VERIFIER_MAX_LENGTH = 128;
/** docs/product.md §9: the client's own verifier and state are 64 characters. */
export const CODE_VERIFIER_DEFAULT_LENGTH = 64;
export const STATE_LENGTH = 64;

const VERIFIER_PATTERN = /^[A-Za-z0-9_-]{43,128}$/;

/** A fresh PKCE code verifier (RFC 7636 §4.1), new for every authorization request. */
export function createCodeVerifier(length: number = CODE_VERIFIER_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < CODE_VERIFIER_MIN_LENGTH || length > CODE_VERIFIER_MAX_LENGTH) {
    throw new RangeError(
      `code verifier length must be an integer in ${CODE_VERIFIER_MIN_LENGTH}..${CODE_VERIFIER_MAX_LENGTH}, got ${length}`,
    );
  }
  return randomString(length, URL_SAFE_ALPHABET);
}

/** The OAuth state: unguessable, so a redirect or message carrying another state is refused (104). */
export function createState(): string {
  return randomString(STATE_LENGTH, URL_SAFE_ALPHABET);
}

export function isValidCodeVerifier(value: unknown): value is string {
  return typeof value === 'string' && VERIFIER_PATTERN.test(value);
}

/** base64url without padding (RFC 4648 §5), as RFC 7636 §3 requires for the challenge. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** code_challenge = BASE64URL(SHA-256(ASCII(code_verifier))), RFC 7636 §4.2 method S256. */
export async function codeChallengeS256(verifier: string): Promise<string> {
  // The verifier alphabet is ASCII, so UTF-8 encoding equals the ASCII bytes the RFC names.
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}
