import { isAccessTokenExpired, type StoredTokenSet } from '@storefront/domain';
import type { PersonProfile, PhoneCodeResponse, TokenSet } from '@storefront/domain/contracts';
import { ApiError, apiFetch, authCallFetch } from '../../shared/api-client.ts';
import { useBrand } from '../../shared/config.tsx';
import { serverNow } from '../clock/clock-store.ts';
import { personStore, storedTokenSet } from './person-store.ts';

/** VK ID's own logout, called when a VK session ends (docs/product.md §4 'Token refresh'). */
const VK_ID_URL = 'https://id.vk.com';

let vkAppId: string | null = null;

/** The brand's VK app id, which VK's logout needs. */
export function configureSession(options: { vkAppId: string | null }) {
  vkAppId = options.vkAppId;
}

/** Pages that use the session call this, so it knows the brand. */
export function useSessionConfig() {
  configureSession({ vkAppId: useBrand().clients.vkAppId });
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface PhoneSignInContext {
  apiKey: string;
  whiteLabel: string;
  /** Empty while the brand has no bot protection. */
  captchaToken: string;
}

export function requestPhoneCode(phone: string, context: PhoneSignInContext): Promise<PhoneCodeResponse> {
  return authCallFetch<PhoneCodeResponse>(
    '/api/v1/sign/in/phone/code',
    json({ ...context, mode: 'WEB', phone }),
  );
}

export async function signInWithPhone(
  phone: string,
  code: string,
  { apiKey, captchaToken }: PhoneSignInContext,
): Promise<PersonProfile> {
  const tokens = await authCallFetch<TokenSet>(
    '/api/v1/sign/in/phone',
    json({ apiKey, captchaToken, code, phone }),
  );
  return completeSignIn(tokens);
}

/**
 * Any sign-in ends here: the token set is kept first, then the profile is loaded with it (docs/product.md
 * §4), so a profile that fails to load does not cost the customer the sign-in they just made.
 */
export async function completeSignIn(tokens: TokenSet): Promise<PersonProfile> {
  personStore.getState().setTokens(tokens);
  const profile = await authCallFetch<PersonProfile>('/api/v1/me', { headers: bearer(tokens.accessToken) });
  personStore.getState().signedIn(tokens, profile);
  return profile;
}

/** The name of the Web Lock under which one tab at a time refreshes the shared token set (decision 42). */
export const REFRESH_LOCK_NAME = 'storefront-token-refresh';

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/** The browser's Web Locks, where it has them; tests may put their own in. */
let lockManager: () => LockManagerLike | null = () =>
  (typeof navigator !== 'undefined' && (navigator as { locks?: LockManagerLike }).locks) || null;

export function setLockManagerForTests(locks: LockManagerLike | null) {
  lockManager = () => locks;
}

/** The refresh answer as stored: VK's access token rides along, for VK's logout (the API does not repeat it). */
function successorOf(tokens: StoredTokenSet, next: TokenSet): StoredTokenSet {
  const vkAccessToken = next.vkAccessToken ?? tokens.vkAccessToken;
  return vkAccessToken === undefined ? next : { ...next, vkAccessToken };
}

async function refresh(tokens: StoredTokenSet): Promise<string | null> {
  try {
    const next = await apiFetch<TokenSet>('/api/v1/sign/refresh', {
      method: 'POST',
      headers: bearer(tokens.refreshToken),
    });
    const stored = successorOf(tokens, next);
    personStore.getState().setTokens(stored);
    return stored.accessToken;
  } catch (error) {
    // An expired, revoked or reused refresh token ends the session; a network failure is ignored.
    if (error instanceof ApiError && error.status === 401) {
      endSession(tokens);
      return null;
    }
    return tokens.accessToken;
  }
}

/**
 * Under the lock: another tab may have rotated the set while this one waited. Its newer set (in local
 * storage before any storage event reaches this tab) is taken over; only a set still expired is refreshed.
 */
async function refreshShared(seen: StoredTokenSet): Promise<string | null> {
  // Nothing stored: signed out elsewhere, or a storage that keeps nothing; the server tells which.
  const latest = storedTokenSet() ?? personStore.getState().tokens;
  if (!latest) return null;
  if (latest.refreshToken !== seen.refreshToken) {
    if (personStore.getState().tokens?.refreshToken !== latest.refreshToken)
      personStore.getState().setTokens(latest);
    if (!isAccessTokenExpired(latest.accessToken, serverNow())) return latest.accessToken;
  }
  return refresh(latest);
}

let refreshing: Promise<string | null> | null = null;

/**
 * docs/product.md §4: before an authorised call, an expired access token is refreshed with the refresh token.
 * Calls made at the same moment share one refresh, and open tabs take turns under one Web Lock, the later
 * ones taking over the set the first one got (decision 42): a second refresh would present an already
 * rotated token. Where the browser has no Web Locks, the API's short grace for the token just rotated
 * keeps two tabs' refreshes from ending the session.
 */
export function freshAccessToken(): Promise<string | null> {
  const { tokens } = personStore.getState();
  if (!tokens) return Promise.resolve(null);
  if (!isAccessTokenExpired(tokens.accessToken, serverNow())) return Promise.resolve(tokens.accessToken);
  const locks = lockManager();
  refreshing ??= (
    locks ? locks.request(REFRESH_LOCK_NAME, () => refreshShared(tokens)) : refresh(tokens)
  ).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** An API call as the signed-in person; without a session it is made anonymously. */
export async function authFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = await freshAccessToken();
  return apiFetch<T>(path, { ...init, headers: { ...init.headers, ...(token ? bearer(token) : {}) } });
}

function endSession(tokens: StoredTokenSet) {
  personStore.getState().signedOut();
  if (tokens.source === 'VK' && tokens.vkAccessToken && vkAppId) {
    // Best effort: the provider's session ends too; nothing waits for it.
    void fetch(`${VK_ID_URL}/oauth2/logout?client_id=${encodeURIComponent(vkAppId)}`, {
      method: 'POST',
      mode: 'cors',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: tokens.vkAccessToken }),
    }).catch(() => {});
  }
}

/** Sign-out: the server forgets the refresh token, the browser forgets the person. */
export async function signOut(): Promise<void> {
  const { tokens } = personStore.getState();
  if (!tokens) return;
  try {
    await apiFetch('/api/v1/sign/out', { method: 'POST', headers: bearer(tokens.refreshToken) });
  } catch {
    // Signing out must work offline too: the tokens are dropped here whatever the server said.
  }
  endSession(tokens);
}
