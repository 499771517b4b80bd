import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, gt, sql } from 'drizzle-orm';
import { smsRequestBudget } from '../../db/schema.ts';
import type { Executor } from './auth-db.ts';

/** The budgets of code requests beyond the per-phone limits, per hour. */
export interface SmsBudgetLimits {
  /** Code requests one client (an IPv4 address, an IPv6 /64) may make, across every phone. */
  perClient: number;
  /** Code requests the whole brand may make: the ceiling on what an SMS flood can cost. */
  perBrand: number;
}

const WINDOW_MS = 3600 * 1000;

/**
 * The key a client's requests are counted under. An IPv6 customer usually holds a whole /64, so counting
 * single addresses would give an attacker billions of budgets; IPv4-mapped IPv6 counts as the IPv4 it is.
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return `ip:${mapped}`;
  if (isIPv4(ip)) return `ip:${ip}`;
  if (!isIPv6(ip)) return `ip:${ip}`;
  return `ip:${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  const withoutZone = ip.split('%')[0] as string;
  const [head = '', tail] = withoutZone.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const middle = Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

export type BudgetDecision = { kind: 'allow'; windows: Date[] } | { kind: 'spent'; retryAfter: number };

/**
 * Counts one request against a key when its hour still has room: a single upsert whose update applies only
 * under the limit, so concurrent requests on any number of instances cannot overshoot it. Answers the
 * window the request was counted in, or nothing when the key's budget is spent.
 */
async function spendOne(
  tx: Executor,
  whiteLabel: string,
  clientKey: string,
  limit: number,
  now: Date,
): Promise<Date | null> {
  const windowOver = sql`${smsRequestBudget.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS)}`;
  const [row] = await tx
    .insert(smsRequestBudget)
    .values({ whiteLabelId: whiteLabel, clientKey, windowStartedAt: now, requestsInWindow: 1 })
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

async function retryAfterOf(tx: Executor, whiteLabel: string, clientKey: string, now: Date) {
  const [row] = await tx
    .select({ windowStartedAt: smsRequestBudget.windowStartedAt })
    .from(smsRequestBudget)
    .where(and(eq(smsRequestBudget.whiteLabelId, whiteLabel), eq(smsRequestBudget.clientKey, clientKey)));
  const endsAt = (row?.windowStartedAt.getTime() ?? now.getTime()) + WINDOW_MS;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

export const BRAND_KEY = 'brand';

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
  const windows: Date[] = [];
  for (const [key, limit] of [
    [clientKey, limits.perClient],
    [BRAND_KEY, limits.perBrand],
  ] as const) {
    const window = await spendOne(tx, whiteLabel, key, limit, now);
    if (!window) return { kind: 'spent', retryAfter: await retryAfterOf(tx, whiteLabel, key, now) };
    windows.push(window);
  }
  return { kind: 'allow', windows };
}

/** Gives back a request that was counted but whose SMS never left (the gateway failed). */
export async function refundSmsBudget(
  tx: Executor,
  whiteLabel: string,
  clientKey: string,
  windows: Date[],
): Promise<void> {
  const keys = [clientKey, BRAND_KEY];
  for (const [index, window] of windows.entries()) {
    await tx
      .update(smsRequestBudget)
      .set({ requestsInWindow: sql`${smsRequestBudget.requestsInWindow} - 1` })
      .where(
        and(
          eq(smsRequestBudget.whiteLabelId, whiteLabel),
          eq(smsRequestBudget.clientKey, keys[index] as string),
          eq(smsRequestBudget.windowStartedAt, window),
          gt(smsRequestBudget.requestsInWindow, 0),
        ),
      );
  }
}
