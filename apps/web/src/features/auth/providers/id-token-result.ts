import type { IdTokenProvider } from '@storefront/domain';

/** Sign-in with a provider that hands the browser an ID token (Google, Apple), for POST /api/v1/sign/in/{provider}. */
export type { IdTokenProvider };

export type IdTokenResult =
  /** `nonce` goes to the server with the token: it must find the same value in the token's claims. */
  | { ok: true; provider: IdTokenProvider; idToken: string; nonce: string }
  /** The brand has no client id for this provider: the button should not be shown at all. */
  | { ok: false; provider: IdTokenProvider; reason: 'disabled' }
  /** The customer closed the provider's window or the page gave up waiting: no message needed. */
  | { ok: false; provider: IdTokenProvider; reason: 'cancelled' }
  /** Script did not load, the provider answered an error, or the answer was unusable: 'provider error'. */
  | { ok: false; provider: IdTokenProvider; reason: 'failed'; message: string };

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'error' in error) return String(error.error);
  return String(error);
}
