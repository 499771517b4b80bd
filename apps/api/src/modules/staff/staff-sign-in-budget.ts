import { and, eq, sql } from 'drizzle-orm';
import { clientKeyOf } from '../../core/client-key.ts';
import type { Executor } from '../../core/executor.ts';
import { smsRequestBudget } from '../../db/schema.ts';
import { secondsUntil } from '../auth/index.ts';

/**
 * Failed staff sign-ins one client (an IPv4 address, an IPv6 /64) may make in an hour, across every login.
 * The per-account lock stops guessing one password; this stops one client trying a common password on
 * many logins (ASVS 6.3.1). Generous, as one restaurant's staff may share an address.
 */
export const STAFF_SIGN_IN_FAILURES_PER_CLIENT_HOUR = 50;

const WINDOW_MS = 3600 * 1000;

/*
 * Counted in sms_request_budget, the customers' per-client hourly counter: the same columns and window,
 * under keys of their own ('staff-sign-in:ip:…'), so no migration was needed beside the board's.
 */
const keyOf = (ip: string) => `staff-sign-in:${clientKeyOf(ip)}`;

/** Seconds until the client may try again, or undefined while its hour has room. */
export async function clientSignInRetryAfter(
  db: Executor,
  whiteLabel: string,
  ip: string,
  limit: number,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .select({ windowStartedAt: smsRequestBudget.windowStartedAt, count: smsRequestBudget.requestsInWindow })
    .from(smsRequestBudget)
    .where(and(eq(smsRequestBudget.whiteLabelId, whiteLabel), eq(smsRequestBudget.clientKey, keyOf(ip))));
  if (!row || row.count < limit) return undefined;
  const endsAt = new Date(row.windowStartedAt.getTime() + WINDOW_MS);
  return endsAt > now ? secondsUntil(endsAt, now) : undefined;
}

/** Counts one failed sign-in of the client: one upsert, so instances counting at once lose none. */
export async function countClientSignInFailure(
  db: Executor,
  whiteLabel: string,
  ip: string,
  now: Date,
): Promise<void> {
  const windowOver = sql`${smsRequestBudget.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS)}`;
  await db
    .insert(smsRequestBudget)
    .values({ whiteLabelId: whiteLabel, clientKey: keyOf(ip), windowStartedAt: now, requestsInWindow: 1 })
    .onConflictDoUpdate({
      target: [smsRequestBudget.whiteLabelId, smsRequestBudget.clientKey],
      set: {
        windowStartedAt: sql`case when ${windowOver} then ${now} else ${smsRequestBudget.windowStartedAt} end`,
        requestsInWindow: sql`case when ${windowOver} then 1 else ${smsRequestBudget.requestsInWindow} + 1 end`,
      },
    });
}
