import { STAFF_PASSWORD_MIN, type StaffRole, seesEveryResto } from '@storefront/domain';
import type { StaffAccount } from '@storefront/domain/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { staff, staffSignInThrottle } from '../../db/schema.ts';
import { hashStaffPassword, verifyStaffPassword } from './staff-passwords.ts';
import { revokeAllOfStaff, startStaffRefreshFamily } from './staff-refresh-tokens.ts';
import { refuseAndCount, staffLocked } from './staff-sign-in.ts';
import { clearLoginFailures, loginRetryAfter } from './staff-sign-in-throttle.ts';
import { matchTotp, newTotpSecret, totpUri } from './staff-totp.ts';

/**
 * A signed-in staff member's own security and a manager's view of the brand's logins (decision 40). Every
 * password or code checked here is slowed like a sign-in's: a stolen access token is no way around it.
 */

/** Roles that may turn the second factor on. */
export const TOTP_ROLES: readonly StaffRole[] = ['manager', 'owner'];

/** A manager's call: an owner may make it too (decision 45). */
export function assertManager(role: StaffRole) {
  if (!seesEveryResto(role)) throw new ApiError(403, 'staff.forbidden-role');
}

async function accountRow(db: Database, staffId: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  if (!row) throw new ApiError(404, 'staff.not-found');
  return row;
}

/** A 429 while the login is blocked: the check below would be one more guess. */
async function assertNotBlocked(db: Database, whiteLabel: string, login: string, now: Date) {
  const wait = await loginRetryAfter(db, whiteLabel, login, now);
  if (wait !== undefined) throw staffLocked(wait);
}

export async function securityOf(db: Database, staffId: number, role: StaffRole) {
  const row = await accountRow(db, staffId);
  return {
    totp: row.totpSecret !== null,
    totpAvailable: TOTP_ROLES.includes(role),
    passwordMin: STAFF_PASSWORD_MIN,
  };
}

/**
 * A new password for oneself: the current one must be right (a wrong one counts on the login). Every
 * session of the account ends and this one gets a new refresh token: whoever knew the old password is out.
 */
export async function changeOwnPassword(
  db: Database,
  whiteLabel: string,
  staffId: number,
  change: { currentPassword: string; newPassword: string },
  now: Date,
): Promise<string> {
  const row = await accountRow(db, staffId);
  await assertNotBlocked(db, whiteLabel, row.login, now);
  if (!(await verifyStaffPassword(change.currentPassword, row.passwordHash)))
    throw await refuseAndCount(
      db,
      whiteLabel,
      row.login,
      now,
      new ApiError(403, 'staff.password-wrong', 'currentPassword'),
    );
  const passwordHash = await hashStaffPassword(change.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, staffId));
    await revokeAllOfStaff(tx, staffId, now);
    await clearLoginFailures(tx, whiteLabel, row.login);
    return startStaffRefreshFamily(tx, staffId, now);
  });
}

/** Starts enrolling the second factor: a new secret, kept aside until a code made with it is confirmed. */
export async function startTotpEnrolment(db: Database, whiteLabel: string, staffId: number) {
  const row = await accountRow(db, staffId);
  if (row.totpSecret) throw new ApiError(409, 'staff.totp-already-on');
  const secret = newTotpSecret();
  await db.update(staff).set({ totpPendingSecret: secret }).where(eq(staff.id, staffId));
  return { secret, uri: totpUri(whiteLabel, row.login, secret) };
}

/** Turns the second factor on with a code from the app: proof the app holds the secret. */
export async function confirmTotp(
  db: Database,
  whiteLabel: string,
  staffId: number,
  code: string,
  now: Date,
) {
  const row = await accountRow(db, staffId);
  if (row.totpSecret) throw new ApiError(409, 'staff.totp-already-on');
  if (!row.totpPendingSecret) throw new ApiError(409, 'staff.totp-not-started');
  await assertNotBlocked(db, whiteLabel, row.login, now);
  const step = matchTotp(row.totpPendingSecret, code, now.getTime(), null);
  if (step === null)
    throw await refuseAndCount(
      db,
      whiteLabel,
      row.login,
      now,
      new ApiError(403, 'staff.totp-invalid', 'code'),
    );
  await db
    .update(staff)
    .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(staff.id, staffId), eq(staff.totpPendingSecret, row.totpPendingSecret)));
}

/** Turns the second factor off: the password and a fresh code, both right. */
export async function disableTotp(
  db: Database,
  whiteLabel: string,
  staffId: number,
  proof: { password: string; code: string },
  now: Date,
) {
  const row = await accountRow(db, staffId);
  if (!row.totpSecret) throw new ApiError(409, 'staff.totp-off');
  await assertNotBlocked(db, whiteLabel, row.login, now);
  const passwordRight = await verifyStaffPassword(proof.password, row.passwordHash);
  const step = matchTotp(row.totpSecret, proof.code, now.getTime(), row.totpLastStep);
  if (!passwordRight || step === null) {
    const refusal = passwordRight
      ? new ApiError(403, 'staff.totp-invalid', 'code')
      : new ApiError(403, 'staff.password-wrong', 'password');
    throw await refuseAndCount(db, whiteLabel, row.login, now, refusal);
  }
  await db
    .update(staff)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(staff.id, staffId));
}

const accountColumns = {
  id: staff.id,
  login: staff.login,
  name: staff.name,
  role: staff.role,
  disabledAt: staff.disabledAt,
  totpSecret: staff.totpSecret,
  blockedUntil: staffSignInThrottle.blockedUntil,
  failures: staffSignInThrottle.failures,
};

const onLogin = (whiteLabel: string) =>
  and(eq(staffSignInThrottle.whiteLabelId, whiteLabel), eq(staffSignInThrottle.login, staff.login));

function accountOf(
  row: {
    id: number;
    login: string;
    name: string;
    role: StaffRole;
    disabledAt: Date | null;
    totpSecret: string | null;
    blockedUntil: Date | null;
    failures: number | null;
  },
  now: Date,
): StaffAccount {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    disabled: row.disabledAt !== null,
    blockedUntil: row.blockedUntil && row.blockedUntil > now ? row.blockedUntil.toISOString() : null,
    failures: row.failures ?? 0,
    totp: row.totpSecret !== null,
  };
}

/** The brand's logins with their sign-in blocks, for a manager. */
export async function listAccounts(db: Database, whiteLabel: string, now: Date): Promise<StaffAccount[]> {
  const rows = await db
    .select(accountColumns)
    .from(staff)
    .leftJoin(staffSignInThrottle, onLogin(whiteLabel))
    .where(eq(staff.whiteLabelId, whiteLabel))
    .orderBy(asc(staff.login));
  return rows.map((row) => accountOf(row, now));
}

/** A manager lifts a login's block and forgets its wrong answers; the account as it now stands. */
export async function unlockAccount(
  db: Executor,
  whiteLabel: string,
  staffId: number,
  now: Date,
): Promise<{ account: StaffAccount; wasBlocked: boolean; failures: number }> {
  const [row] = await db
    .select(accountColumns)
    .from(staff)
    .leftJoin(staffSignInThrottle, onLogin(whiteLabel))
    .where(and(eq(staff.id, staffId), eq(staff.whiteLabelId, whiteLabel)));
  if (!row) throw new ApiError(404, 'staff.not-found', 'staffId');
  await clearLoginFailures(db, whiteLabel, row.login);
  const before = accountOf(row, now);
  return {
    account: { ...before, blockedUntil: null, failures: 0 },
    wasBlocked: before.blockedUntil !== null,
    failures: before.failures,
  };
}
