import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { smsRequestBudget } from '../../db/schema.ts';
import { secondsUntil } from './phone-limits.ts';

/** The budgets of code requests beyond the per-phone limits, per hour. */
export interface SmsBudgetLimits {
  /** Code requests one client (an IPv4 address, an IPv6 /64) may make, across every phone. */
  perClient: number;
  /** Code requests the whole brand may make: the ceiling on what an SMS flood can cost. */
  perBrand: number;
}

const WINDOW_MS = 3600 * 1000;
const BRAND_KEY = 'brand';

/** One request counted against a key, in the window that started at `windowStartedAt`. */
export interface BudgetCount {
  key: string;
  windowStartedAt: Date;
}

export type BudgetDecision =
  | { kind: 'allow'; counted: BudgetCount[] }
  | { kind: 'spent'; retryAfter: number };

/**
 * Counts one request against a key when its hour still has room: a single upsert whose update applies only
 * under the limit, so concurrent requests on any number of instances cannot overshoot it. Answers the
 * window the request was counted in, or nothing when the key's budget is spent.
 */
async function spendOne(
  tx: Executor,
  whiteLabel: string,
  key: string,
  limit: number,
  now: Date,
): Promise<Date | null> {
  const windowOver = sql`${smsRequestBudget.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS)}`;
  const [row] = await tx
    .insert(smsRequestBudget)
    .values({ whiteLabelId: whiteLabel, clientKey: key, windowStartedAt: now, requestsInWindow: 1 })
    .onConflictDoUpdate({
      target: [smsRequestBudget.whiteLabelId, smsRequestBudget.clientKey],
      set: {
        windowStartedAt: sql`case when ${windowOver} then ${now} else ${smsRequestBudget.windowStartedAt} end`,
        requestsInWindow: sql`case when ${windowOver} then 1 else ${smsRequestBudget.requestsInWindow} + 1 end`,
      },
      setWhere: sql`${windowOver} or ${smsRequestBudget.requestsInWindow} < ${limit}`,
    })
    .returning({ windowStartedAt: smsRequestBudget.windowStartedAt });
  return row?.windowStartedAt ?? null;
}

const budgetKey = (whiteLabel: string, key: string) =>
  and(eq(smsRequestBudget.whiteLabelId, whiteLabel), eq(smsRequestBudget.clientKey, key));

/** Seconds until a spent key's window ends (only asked on refusal: the upsert answers nothing then). */
async function retryAfterOf(tx: Executor, whiteLabel: string, key: string, now: Date) {
  const [row] = await tx
    .select({ windowStartedAt: smsRequestBudget.windowStartedAt })
    .from(smsRequestBudget)
    .where(budgetKey(whiteLabel, key));
  return secondsUntil(new Date((row?.windowStartedAt.getTime() ?? now.getTime()) + WINDOW_MS), now);
}

/**
 * Spends one code request from the client's budget and then from the brand's. Run inside the code
 * request's transaction: when either is spent the caller throws, and the rollback undoes the client's
 * count too, so refused requests cost nothing.
 */
export async function spendSmsBudget(
  tx: Executor,
  whiteLabel: string,
  clientKey: string,
  limits: SmsBudgetLimits,
  now: Date,
): Promise<BudgetDecision> {
  const counted: BudgetCount[] = [];
  for (const [key, limit] of [
    [clientKey, limits.perClient],
    [BRAND_KEY, limits.perBrand],
  ] as const) {
    const windowStartedAt = await spendOne(tx, whiteLabel, key, limit, now);
    if (!windowStartedAt) return { kind: 'spent', retryAfter: await retryAfterOf(tx, whiteLabel, key, now) };
    counted.push({ key, windowStartedAt });
  }
  return { kind: 'allow', counted };
}

/** Gives back the counts of a request whose SMS never left (the gateway failed), if their hour still runs. */
export async function refundSmsBudget(
  tx: Executor,
  whiteLabel: string,
  counted: BudgetCount[],
): Promise<void> {
  for (const { key, windowStartedAt } of counted) {
    await tx
      .update(smsRequestBudget)
      .set({ requestsInWindow: sql`${smsRequestBudget.requestsInWindow} - 1` })
      .where(
        and(
          budgetKey(whiteLabel, key),
          eq(smsRequestBudget.windowStartedAt, windowStartedAt),
          gt(smsRequestBudget.requestsInWindow, 0),
        ),
      );
  }
}
