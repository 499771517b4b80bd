import type { StaffProfile } from '@storefront/domain/contracts';
import { ApiError, apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { STORAGE_KEYS } from '@storefront/web/src/shared/storage/keys.ts';
import { readStored, writeStored } from '@storefront/web/src/shared/storage/local-storage.ts';
import { createStore, useStore } from 'zustand';

/**
 * The restaurant staff's session (decision 23): its own token set under its own key, apart from the customer's
 * (entities/session). A tablet at the counter may also be someone's phone that orders sushi: signing one in
 * or out never touches the other.
 */
export interface StaffSession {
  accessToken: string;
  refreshToken: string;
  /** When the access token ends, on this browser's clock (ms): sign-in time + expiresIn. */
  expiresAt: number;
  staff: StaffProfile;
}

interface StaffTokenSet {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  staff: StaffProfile;
}

/** Refresh this long before the access token ends, so a call never leaves with a token about to die. */
const REFRESH_MARGIN_MS = 30_000;

function isStaffSession(value: unknown): value is StaffSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const staff = v.staff as Record<string, unknown> | null | undefined;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expiresAt === 'number' &&
    !!staff &&
    typeof staff.id === 'number' &&
    typeof staff.name === 'string' &&
    Array.isArray(staff.restoIds)
  );
}

export const staffSessionStore = createStore<{ session: StaffSession | null }>()(() => ({
  session: readStored(STORAGE_KEYS.staffSession, isStaffSession) ?? null,
}));

function keep(session: StaffSession | null) {
  writeStored(STORAGE_KEYS.staffSession, session);
  staffSessionStore.setState({ session });
}

function fromTokenSet(tokens: StaffTokenSet): StaffSession {
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: Date.now() + tokens.expiresIn * 1000,
    staff: tokens.staff,
  };
}

export function useStaffSession(): StaffSession | null {
  return useStore(staffSessionStore, (state) => state.session);
}

/** Reads the stored session again (tests, or another tab signing in). */
export function reloadStaffSession() {
  staffSessionStore.setState({ session: readStored(STORAGE_KEYS.staffSession, isStaffSession) ?? null });
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * POST /api/v1/staff/sign-in. A refusal is the client's ApiError; a blocked login (429 staff.locked)
 * carries how long to wait in its `retryAfter`; an account with the second factor on answers 401
 * staff.totp-required until the authenticator's code comes along. A network failure is an ApiError with
 * status 0.
 */
export async function staffSignIn(login: string, password: string, totpCode?: string): Promise<StaffSession> {
  const body = totpCode ? { login, password, totpCode } : { login, password };
  const session = fromTokenSet(await apiFetch<StaffTokenSet>('/api/v1/staff/sign-in', postJson(body)));
  keep(session);
  return session;
}

/**
 * POST /api/v1/staff/me/password: every session of the account ends on the server, and this browser goes
 * on with the new token set the answer carries.
 */
export async function changeStaffPassword(currentPassword: string, newPassword: string): Promise<void> {
  const tokens = await staffFetch<StaffTokenSet>(
    '/api/v1/staff/me/password',
    postJson({ currentPassword, newPassword }),
  );
  keep(fromTokenSet(tokens));
}

let refreshing: Promise<string | null> | null = null;

async function refresh(session: StaffSession): Promise<string | null> {
  try {
    const tokens = await apiFetch<StaffTokenSet>(
      '/api/v1/staff/token',
      postJson({ refreshToken: session.refreshToken }),
    );
    const next = fromTokenSet(tokens);
    keep(next);
    return next.accessToken;
  } catch (error) {
    // staff.refresh-invalid (expired, revoked, reused): back to sign-in. A network failure keeps the session.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      keep(null);
      return null;
    }
    throw error;
  }
}

/**
 * One refresh at a time: refresh tokens rotate, and a second refresh with the same token would be read
 * by the server as a stolen one.
 */
function refreshOnce(session: StaffSession): Promise<string | null> {
  refreshing ??= refresh(session).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The access token to send, refreshed first when it ends within half a minute; null when signed out. */
export function freshStaffToken(): Promise<string | null> {
  const { session } = staffSessionStore.getState();
  if (!session) return Promise.resolve(null);
  if (session.expiresAt - REFRESH_MARGIN_MS > Date.now()) return Promise.resolve(session.accessToken);
  return refreshOnce(session);
}

function signedOutError() {
  return new ApiError('Staff session ended', 401, 'Unauthorized', 'staff.signed-out', null);
}

/**
 * A staff API call with the bearer. A 401 (the token was revoked or the clocks disagree) refreshes once
 * and tries again; a second 401 or a refused refresh ends the session, and the page shows sign-in.
 */
export async function staffFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const token = await freshStaffToken();
  if (!token) throw signedOutError();
  const call = (bearer: string) =>
    apiFetch<T>(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${bearer}` } });
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    const { session } = staffSessionStore.getState();
    if (!session) throw error;
    // Another call may have refreshed meanwhile: then its token is tried as it is.
    const next = session.accessToken !== token ? session.accessToken : await refreshOnce(session);
    if (!next) throw signedOutError();
    try {
      return await call(next);
    } catch (again) {
      if (again instanceof ApiError && again.status === 401) keep(null);
      throw again;
    }
  }
}

/** Sign-out: the server forgets the refresh token (best effort), the browser forgets the session. */
export async function staffSignOut(): Promise<void> {
  const { session } = staffSessionStore.getState();
  if (!session) return;
  keep(null);
  try {
    await apiFetch(
      '/api/v1/staff/sign-out',
      postJson({ refreshToken: session.refreshToken }, { authorization: `Bearer ${session.accessToken}` }),
    );
  } catch {
    // Signing out works offline too.
  }
}
