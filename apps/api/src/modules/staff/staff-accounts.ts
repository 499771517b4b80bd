import type { StaffRole } from '@storefront/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { staff, staffRestos } from '../../db/schema.ts';
import { revokeAllOfStaff } from './staff-refresh-tokens.ts';
import { clearLoginFailures } from './staff-sign-in-throttle.ts';

/**
 * Writes of staff accounts outside the HTTP API (the staff:add command and the demo seed). Passwords
 * arrive here already hashed: hashing takes ~0.1 s and must not run inside a transaction.
 */

export interface NewStaffAccount {
  whiteLabel: string;
  /** Already normalized (lower-case, STAFF_LOGIN_PATTERN). */
  login: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
  /** An operator's restaurants; a manager's are every restaurant of the brand and need none. */
  restoIds: readonly number[];
}

export async function findStaffByLogin(db: Executor, whiteLabel: string, login: string) {
  const [row] = await db
    .select({ id: staff.id, disabledAt: staff.disabledAt })
    .from(staff)
    .where(and(eq(staff.whiteLabelId, whiteLabel), eq(staff.login, login)));
  return row ?? null;
}

export async function createStaffAccount(db: Executor, account: NewStaffAccount, now: Date): Promise<number> {
  const [row] = await db
    .insert(staff)
    .values({
      whiteLabelId: account.whiteLabel,
      login: account.login,
      name: account.name,
      role: account.role,
      passwordHash: account.passwordHash,
      createdAt: now,
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('the staff insert answered no row');
  if (account.role !== 'owner' && account.restoIds.length > 0)
    await db.insert(staffRestos).values(account.restoIds.map((restoId) => ({ staffId: row.id, restoId })));
  return row.id;
}

/**
 * A new password set by whoever runs the server (staff:add --reset-password): the login's wrong answers are
 * forgotten, the second factor is turned off (the way back in for a manager who lost their phone), and
 * every session of the account ends (whoever knew the old password is signed out).
 */
export async function resetStaffPassword(db: Executor, staffId: number, passwordHash: string, now: Date) {
  const [row] = await db
    .update(staff)
    .set({ passwordHash, totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(staff.id, staffId))
    .returning({ whiteLabelId: staff.whiteLabelId, login: staff.login });
  if (row) await clearLoginFailures(db, row.whiteLabelId, row.login);
  await revokeAllOfStaff(db, staffId, now);
}

/**
 * Disables an account: its access tokens stop working at the next call (the staff guard reads the account
 * on every request) and its refresh tokens are revoked now.
 */
export async function disableStaffAccount(db: Executor, staffId: number, now: Date) {
  await db.update(staff).set({ disabledAt: now }).where(eq(staff.id, staffId));
  await revokeAllOfStaff(db, staffId, now);
}
