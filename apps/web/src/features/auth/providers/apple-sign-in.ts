import type { BrandConfig } from '@storefront/domain/contracts';
import { errorMessage, type IdTokenResult } from './id-token-result.ts';
import { createState } from './pkce.ts';
import { createNonce } from './random-string.ts';
import { type LoadScript, loadScriptOnce } from './script-loader.ts';

/**
 * Sign in with Apple JS in popup mode: AppleID.auth.init(ClientConfigI) then AppleID.auth.signIn(), which
 * resolves with { authorization: { code, id_token, state }, user? } or rejects with { error }. The
 * id_token goes to POST /api/v1/sign/in/apple, which checks it and the nonce we sent
 * (developer.apple.com/documentation/signinwithapplejs).
 */
export const APPLE_ID_SRC =
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

/** Apple's codes for a customer who closed the popup or pressed cancel: not an error to report. */
const CANCEL_ERRORS = new Set(['popup_closed_by_user', 'user_cancelled_authorize']);

export interface AppleClientConfig {
  clientId: string;
  scope: string;
  redirectURI: string;
  state: string;
  nonce: string;
  usePopup: boolean;
}
export interface AppleSignInResponse {
  authorization?: { code?: string; id_token?: string; state?: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
}
export interface AppleIdAuth {
  init(config: AppleClientConfig): void;
  signIn(): Promise<AppleSignInResponse>;
}

type AppleGlobal = { AppleID?: { auth?: AppleIdAuth } };

/** The brand's Apple Services ID, or null when Apple sign-in is off for the brand. */
export function appleClientId(brand: Pick<BrandConfig, 'clients'>): string | null {
  const id = brand.clients.appleClientId?.trim();
  return id ? id : null;
}

/** Loads Sign in with Apple JS once per page and returns AppleID.auth. */
export async function loadAppleId(doc: Document = document, loadScript: LoadScript = loadScriptOnce) {
  const existing = (doc.defaultView as (Window & AppleGlobal) | null)?.AppleID?.auth;
  if (existing) return existing;
  await loadScript(APPLE_ID_SRC, doc);
  const auth = (doc.defaultView as (Window & AppleGlobal) | null)?.AppleID?.auth;
  if (!auth) throw new Error('Sign in with Apple JS loaded without AppleID.auth');
  return auth;
}

export interface AppleSignInOptions {
  brand: Pick<BrandConfig, 'clients'>;
  /**
   * Must be registered with Apple for the Services ID even in popup mode (Apple checks it and uses it
   * as the popup's origin); the /auth page of this site by default.
   */
  redirectUri?: string;
  load?: () => Promise<AppleIdAuth>;
  nonce?: () => string;
  state?: () => string;
}

function isCancel(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'error' in error && CANCEL_ERRORS.has(String(error.error))
  );
}

/** Opens Apple's popup; call it from the click handler of the Apple button or the popup is blocked. */
export async function signInWithApple({
  brand,
  redirectUri = `${globalThis.location.origin}/auth`,
  load = () => loadAppleId(),
  nonce: makeNonce = createNonce,
  state: makeState = createState,
}: AppleSignInOptions): Promise<IdTokenResult> {
  const provider = 'APPLE' as const;
  const clientId = appleClientId(brand);
  if (!clientId) return { ok: false, provider, reason: 'disabled' };

  const nonce = makeNonce();
  const state = makeState();
  try {
    const auth = await load();
    auth.init({ clientId, scope: 'name email', redirectURI: redirectUri, state, nonce, usePopup: true });
    const response = await auth.signIn();
    const idToken = response?.authorization?.id_token;
    // Apple echoes the state: a different one means the answer belongs to another attempt.
    if (response?.authorization?.state !== undefined && response.authorization.state !== state) {
      return { ok: false, provider, reason: 'failed', message: 'state mismatch' };
    }
    if (typeof idToken !== 'string' || idToken === '') {
      return { ok: false, provider, reason: 'failed', message: 'Apple answered without an id_token' };
    }
    return { ok: true, provider, idToken, nonce };
  } catch (error) {
    if (isCancel(error)) return { ok: false, provider, reason: 'cancelled' };
    return { ok: false, provider, reason: 'failed', message: errorMessage(error) };
  }
}
