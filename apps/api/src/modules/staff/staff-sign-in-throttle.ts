import { STAFF_LOCK_MINUTES, STAFF_SIGN_IN_ATTEMPTS } from '@storefront/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { staffSignInThrottle } from '../../db/schema.ts';
import { secondsUntil } from '../auth/index.ts';

/**
 * Slowing down guesses at one login (decision 40). Counted per login typed, whether an account has it or
 * not, so a 429 tells nothing about which logins exist. The first STAFF_SIGN_IN_ATTEMPTS - 1 wrong answers
 * in a row cost nothing; the STAFF_SIGN_IN_ATTEMPTS-th blocks the login for STAFF_FIRST_DELAY_S, and each
 * further one (after the block ends) for twice as long, up to STAFF_LOCK_MINUTES. An hour without a wrong
 * answer forgets the count, and so do a success and a manager's unlock: nobody is locked out for good, and
 * an attacker who knows a name gets a guess every quarter hour at best.
 */

export const STAFF_FIRST_DELAY_S = 30;
export const STAFF_MAX_DELAY_S = STAFF_LOCK_MINUTES * 60;
export const STAFF_FAILURES_FORGOTTEN_S = 3600;

/** The block after the n-th wrong answer in a row, in seconds (0: none). */
export function delayAfterFailures(failures: number): number {
  if (failures < STAFF_SIGN_IN_ATTEMPTS) return 0;
  return Math.min(STAFF_FIRST_DELAY_S * 2 ** (failures - STAFF_SIGN_IN_ATTEMPTS), STAFF_MAX_DELAY_S);
}

const keyOf = (whiteLabel: string, login: string) =>
  and(eq(staffSignInThrottle.whiteLabelId, whiteLabel), eq(staffSignInThrottle.login, login));

/** Seconds the login must wait, or undefined while it may try. */
export async function loginRetryAfter(
  db: Executor,
  whiteLabel: string,
  login: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ blockedUntil: staffSignInThrottle.blockedUntil })
    .from(staffSignInThrottle)
    .where(keyOf(whiteLabel, login));
  return row?.blockedUntil && row.blockedUntil > now ? secondsUntil(row.blockedUntil, now) : undefined;
}

/**
 * Counts one wrong answer (password or code) for the login and answers how long it is now blocked
 * (undefined: not blocked). One upsert, so instances counting at once lose no count; a block already
 * running is neither counted against nor extended.
 */
export async function countLoginFailure(
  db: Executor,
  whiteLabel: string,
  login: string,
  now: Date,
): Promise<number | undefined> {
  const t = staffSignInThrottle;
  const forgotten = sql`${t.lastFailureAt} <= ${new Date(now.getTime() - STAFF_FAILURES_FORGOTTEN_S * 1000)}::timestamptz`;
  const next = sql`case when ${forgotten} then 1 else ${t.failures} + 1 end`;
  const attempts = sql.raw(String(STAFF_SIGN_IN_ATTEMPTS));
  const delay = sql`case when ${next} >= ${attempts} then least(${sql.raw(String(STAFF_FIRST_DELAY_S))} * power(2, least(${next} - ${attempts}, 30)), ${sql.raw(String(STAFF_MAX_DELAY_S))}) else 0 end`;
  const first = delayAfterFailures(1);
  const [row] = await db
    .insert(t)
    .values({
      whiteLabelId: whiteLabel,
      login,
      failures: 1,
      lastFailureAt: now,
      blockedUntil: first > 0 ? new Date(now.getTime() + first * 1000) : null,
    })
    .onConflictDoUpdate({
      target: [t.whiteLabelId, t.login],
      set: {
        failures: next,
        lastFailureAt: now,
        blockedUntil: sql`case when ${delay} > 0 then ${now}::timestamptz + make_interval(secs => ${delay}) else null end`,
      },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${now}::timestamptz`,
    })
    .returning({ blockedUntil: t.blockedUntil });
  if (!row) return loginRetryAfter(db, whiteLabel, login, now);
  return row.blockedUntil && row.blockedUntil > now ? secondsUntil(row.blockedUntil, now) : undefined;
}

/** A success or a manager's unlock: the login starts afresh. */
export async function clearLoginFailures(db: Executor, whiteLabel: string, login: string): Promise<void> {
  await db.delete(staffSignInThrottle).where(keyOf(whiteLabel, login));
}
