import { STAFF_LOGIN_PATTERN } from '@storefront/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { SignInRefusal } from '../auth/index.ts';
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
import { clearLoginFailures, countLoginFailure, loginRetryAfter } from './staff-sign-in-throttle.ts';
import { matchTotp } from './staff-totp.ts';

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
export const staffLocked = (retryAfter: number) => new SignInRefusal(429, 'staff.locked', { retryAfter });

/**
 * A wrong answer of a sign-in (or of a password or code check of a signed-in person): counted on the
 * login and, for a sign-in, on the client; answered with the block it started (429 staff.locked) or with
 * `refusal`.
 */
export async function refuseAndCount(
  db: Database,
  whiteLabel: string,
  login: string,
  now: Date,
  refusal: ApiError,
): Promise<ApiError> {
  const wait = await countLoginFailure(db, whiteLabel, login, now);
  return wait === undefined ? refusal : staffLocked(wait);
}

/**
 * Checks a login, password and (when the account has it on) TOTP code of this brand and answers the account
 * and the first refresh token of a new family. Every login typed, known or not, is slowed alike
 * (staff-sign-in-throttle.ts) and costs one password hash, so neither the answer, its headers nor its timing
 * tells which logins exist. The password is checked outside any transaction (scrypt takes ~0.4 s, and
 * PGlite has a single connection that a held transaction would block); the success then commits under the
 * same guards, so an account disabled meanwhile, or a code used meanwhile, does not sign in.
 */
export async function signInStaff(
  deps: StaffSignInDeps,
  whiteLabel: string,
  request: { login: string; password: string; totpCode?: string | undefined; clientIp: string },
): Promise<{ staffId: number; refreshToken: string }> {
  const now = new Date(deps.now());
  const limit = deps.clientFailuresPerHour ?? STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR;
  const clientWait = await clientSignInRetryAfter(deps.db, whiteLabel, request.clientIp, limit, now);
  if (clientWait !== undefined) throw staffLocked(clientWait);
  const login = normalizeStaffLogin(request.login);
  // Blocked logins answer at once, even to the right password: that is what the block is for.
  const loginWait = await loginRetryAfter(deps.db, whiteLabel, login, now);
  if (loginWait !== undefined) throw staffLocked(loginWait);

  const outcome = await checkAccount(deps, whiteLabel, login, request, now);
  if (outcome.failed) {
    await countClientSignInFailure(deps.db, whiteLabel, request.clientIp, now);
    throw await refuseAndCount(deps.db, whiteLabel, login, now, outcome.failed);
  }
  return outcome;
}

type Checked = { staffId: number; refreshToken: string; failed?: undefined } | { failed: ApiError };

async function checkAccount(
  deps: StaffSignInDeps,
  whiteLabel: string,
  login: string,
  request: { password: string; totpCode?: string | undefined },
  now: Date,
): Promise<Checked> {
  const [account] = STAFF_LOGIN_PATTERN.test(login)
    ? await deps.db
        .select()
        .from(staff)
        .where(and(eq(staff.whiteLabelId, whiteLabel), eq(staff.login, login)))
    : [];
  if (!account) {
    // The same scrypt work as a wrong password: the answer's timing does not tell which logins exist.
    await verifyAgainstDummy(request.password);
    return { failed: signInFailed() };
  }
  const passwordRight = await verifyStaffPassword(request.password, account.passwordHash);
  if (!passwordRight || account.disabledAt) return { failed: signInFailed() };

  let step: number | null = null;
  if (account.totpSecret) {
    // Only the right password reaches this question, and asking it is no wrong answer.
    if (!request.totpCode) throw new ApiError(401, 'staff.totp-required', 'totpCode');
    step = matchTotp(account.totpSecret, request.totpCode, now.getTime(), account.totpLastStep);
    if (step === null) return { failed: new ApiError(401, 'staff.totp-invalid', 'totpCode') };
  }

  // Parameters raised since this hash was made: store one with today's (the password is at hand only now).
  const upgraded = needsRehash(account.passwordHash) ? await hashStaffPassword(request.password) : undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const codeUnused =
      step === null ? undefined : or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step));
    const [current] = await tx
      .update(staff)
      .set({
        passwordHash: upgraded ?? sql`${staff.passwordHash}`,
        lastSignInAt: now,
        ...(step === null ? {} : { totpLastStep: step }),
      })
      .where(and(eq(staff.id, account.id), isNull(staff.disabledAt), codeUnused))
      .returning({ id: staff.id });
    if (!current) return null;
    await clearLoginFailures(tx, whiteLabel, login);
    return { staffId: current.id, refreshToken: await startStaffRefreshFamily(tx, current.id, now) };
  });
  if (!outcome)
    return { failed: step === null ? signInFailed() : new ApiError(401, 'staff.totp-invalid', 'totpCode') };
  return outcome;
}
