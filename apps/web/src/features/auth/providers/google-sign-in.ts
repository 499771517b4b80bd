import type { BrandConfig } from '@storefront/domain/contracts';
import { errorMessage, type IdTokenResult } from './id-token-result.ts';
import { createNonce } from './random-string.ts';
import { type LoadScript, loadScriptOnce } from './script-loader.ts';

/**
 * Sign in with Google through Google Identity Services (GIS): the button Google renders opens Google's
 * popup; GIS then calls `callback` with a CredentialResponse whose `credential` is the ID token (a JWT)
 * that POST /api/v1/sign/in/google verifies. Reference: developers.google.com/identity/gsi/web/reference/js-reference.
 */
export const GOOGLE_GSI_SRC = 'https://accounts.google.com/gsi/client';

/** The part of GIS's IdConfiguration used here. */
export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  nonce?: string;
  ux_mode?: 'popup' | 'redirect';
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
}
export interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}
/** GsiButtonConfiguration (the options this storefront may pass). */
export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}
export interface GoogleIdApi {
  initialize(config: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

type GoogleGlobal = { google?: { accounts?: { id?: GoogleIdApi } } };

/** The brand's Google client id, or null when Google sign-in is off for the brand. */
export function googleClientId(brand: Pick<BrandConfig, 'clients'>): string | null {
  const id = brand.clients.googleClientId?.trim();
  return id ? id : null;
}

/** Loads GIS once per page and returns google.accounts.id. */
export async function loadGoogleIdentity(
  doc: Document = document,
  loadScript: LoadScript = loadScriptOnce,
): Promise<GoogleIdApi> {
  const existing = (doc.defaultView as (Window & GoogleGlobal) | null)?.google?.accounts?.id;
  if (existing) return existing;
  await loadScript(GOOGLE_GSI_SRC, doc);
  const api = (doc.defaultView as (Window & GoogleGlobal) | null)?.google?.accounts?.id;
  if (!api) throw new Error('Google Identity Services loaded without google.accounts.id');
  return api;
}

/** The dark theme is the storefront's default (docs/product.md §1). */
export const DEFAULT_GOOGLE_BUTTON: GoogleButtonOptions = {
  type: 'standard',
  theme: 'filled_black',
  size: 'large',
  text: 'signin_with',
  shape: 'rectangular',
};

export interface GoogleSignInOptions {
  brand: Pick<BrandConfig, 'clients'>;
  /** Where Google draws its button; the promise settles after the customer uses it. */
  element: HTMLElement;
  button?: GoogleButtonOptions;
  /** Aborted when the page no longer waits (unmount): settles as 'cancelled'. */
  signal?: AbortSignal;
  load?: () => Promise<GoogleIdApi>;
  nonce?: () => string;
}

/**
 * Renders Google's button and settles with the ID token once the customer signs in with it. GIS has no
 * callback for a popup the customer closed, so that case simply keeps waiting for another click; the page
 * ends the wait with `signal`.
 */
export async function signInWithGoogle({
  brand,
  element,
  button = DEFAULT_GOOGLE_BUTTON,
  signal,
  load = () => loadGoogleIdentity(element.ownerDocument),
  nonce: makeNonce = createNonce,
}: GoogleSignInOptions): Promise<IdTokenResult> {
  const provider = 'GOOGLE' as const;
  const clientId = googleClientId(brand);
  if (!clientId) return { ok: false, provider, reason: 'disabled' };
  if (signal?.aborted) return { ok: false, provider, reason: 'cancelled' };

  let api: GoogleIdApi;
  try {
    api = await load();
  } catch (error) {
    return { ok: false, provider, reason: 'failed', message: errorMessage(error) };
  }
  if (signal?.aborted) return { ok: false, provider, reason: 'cancelled' };

  const nonce = makeNonce();
  return new Promise<IdTokenResult>((resolve) => {
    const onAbort = () => resolve({ ok: false, provider, reason: 'cancelled' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (result: IdTokenResult) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    try {
      api.initialize({
        client_id: clientId,
        nonce,
        ux_mode: 'popup',
        callback: (response) => {
          if (typeof response?.credential === 'string' && response.credential !== '') {
            settle({ ok: true, provider, idToken: response.credential, nonce });
          } else {
            settle({
              ok: false,
              provider,
              reason: 'failed',
              message: 'Google answered without a credential',
            });
          }
        },
      });
      api.renderButton(element, button);
    } catch (error) {
      settle({ ok: false, provider, reason: 'failed', message: errorMessage(error) });
    }
  });
}
