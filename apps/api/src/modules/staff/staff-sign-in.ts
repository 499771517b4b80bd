import { STAFF_LOCK_MINUTES, STAFF_LOGIN_PATTERN, STAFF_SIGN_IN_ATTEMPTS } from '@storefront/domain';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { SignInRefusal, secondsUntil } from '../auth/index.ts';
import {
  hashStaffPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyStaffPassword,
} from './staff-passwords.ts';
import { startStaffRefreshFamily } from './staff-refresh-tokens.ts';
import {
  clientSignInRetryAfter,
  countClientSignInFailure,
  STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR,
} from './staff-sign-in-budget.ts';

export interface StaffSignInDeps {
  db: Database;
  now: () => number;
  /** Failed sign-ins one client address may make an hour (default STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR). */
  clientFailuresPerHour?: number;
}

/** Logins are case-insensitive and stored lower-case; spaces around one are a typing slip. */
export const normalizeStaffLogin = (login: string) => login.trim().toLowerCase();

/** One answer for an unknown login, a wrong password and a disabled account: nothing tells them apart. */
const signInFailed = () => new ApiError(401, 'staff.sign-in-failed');
const locked = (retryAfter: number) => new SignInRefusal(429, 'staff.locked', { retryAfter });

/** Not locked now: a lock whose time has run out is no lock. */
const notLocked = (now: Date) => or(isNull(staff.lockedUntil), lte(staff.lockedUntil, now));

/** The refusal for an account that a concurrent request changed under us: locked meanwhile, or disabled. */
async function refusalOf(db: Executor, staffId: number, now: Date): Promise<ApiError> {
  const [row] = await db
    .select({ lockedUntil: staff.lockedUntil, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (row && !row.disabledAt && row.lockedUntil && row.lockedUntil > now)
    return locked(secondsUntil(row.lockedUntil, now));
  return signInFailed();
}

/**
 * Counts a wrong password on the account; the STAFF_SIGN_IN_ATTEMPTS-th locks it for STAFF_LOCK_MINUTES and
 * starts the count again. One conditional UPDATE, so two instances counting at once neither lose a count
 * nor extend a lock that is already running.
 */
async function countWrongPassword(db: Database, staffId: number, now: Date): Promise<ApiError> {
  const lockUntil = new Date(now.getTime() + STAFF_LOCK_MINUTES * 60_000);
  const reaches = sql`${staff.failedAttempts} + 1 >= ${STAFF_SIGN_IN_ATTEMPTS}`;
  const [row] = await db
    .update(staff)
    .set({
      failedAttempts: sql`case when ${reaches} then 0 else ${staff.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${lockUntil}::timestamptz else ${staff.lockedUntil} end`,
    })
    .where(and(eq(staff.id, staffId), notLocked(now)))
    .returning({ lockedUntil: staff.lockedUntil });
  if (!row) return refusalOf(db, staffId, now);
  return row.lockedUntil && row.lockedUntil > now
    ? locked(secondsUntil(row.lockedUntil, now))
    : signInFailed();
}

/**
 * Checks a login and password of this brand and answers the account and the first refresh token of a new
 * family. The password is checked outside any transaction (scrypt takes ~0.1 s, and PGlite has a single
 * connection that a held transaction would block); the success then commits under the same guards, so an
 * account locked or disabled meanwhile does not sign in.
 */
export async function signInStaff(
  deps: StaffSignInDeps,
  whiteLabel: string,
  request: { login: string; password: string; clientIp: string },
): Promise<{ staffId: number; refreshToken: string }> {
  const now = new Date(deps.now());
  const limit = deps.clientFailuresPerHour ?? STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR;
  const wait = await clientSignInRetryAfter(deps.db, whiteLabel, request.clientIp, limit, now);
  if (wait !== undefined) throw locked(wait);
  const outcome = await checkPassword(deps, whiteLabel, request.login, request.password, now);
  if (outcome.failed) {
    await countClientSignInFailure(deps.db, whiteLabel, request.clientIp, now);
    throw outcome.failed;
  }
  return outcome;
}

type Checked = { staffId: number; refreshToken: string; failed?: undefined } | { failed: ApiError };

/** The account's part of a sign-in; a refusal after a password check is answered (counted per client). */
async function checkPassword(
  deps: StaffSignInDeps,
  whiteLabel: string,
  loginInput: string,
  password: string,
  now: Date,
): Promise<Checked> {
  const login = normalizeStaffLogin(loginInput);
  const [account] = STAFF_LOGIN_PATTERN.test(login)
    ? await deps.db
        .select()
        .from(staff)
        .where(and(eq(staff.whiteLabelId, whiteLabel), eq(staff.login, login)))
    : [];
  if (!account) {
    // The same scrypt work as a wrong password: the answer's timing does not tell which logins exist.
    await verifyAgainstDummy(password);
    return { failed: signInFailed() };
  }
  if (account.disabledAt) {
    await verifyStaffPassword(password, account.passwordHash);
    return { failed: signInFailed() };
  }
  // A locked account answers at once, even to the right password: that is what the lock is for.
  if (account.lockedUntil && account.lockedUntil > now) throw locked(secondsUntil(account.lockedUntil, now));

  if (!(await verifyStaffPassword(password, account.passwordHash)))
    return { failed: await countWrongPassword(deps.db, account.id, now) };

  // Parameters raised since this hash was made: store one with today's (the password is at hand only now).
  const upgraded = needsRehash(account.passwordHash) ? await hashStaffPassword(password) : undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .update(staff)
      .set({ failedAttempts: 0, lockedUntil: null, ...(upgraded ? { passwordHash: upgraded } : {}) })
      .where(and(eq(staff.id, account.id), isNull(staff.disabledAt), notLocked(now)))
      .returning({ id: staff.id });
    if (!current) return refusalOf(tx, account.id, now);
    return { staffId: current.id, refreshToken: await startStaffRefreshFamily(tx, current.id, now) };
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}
