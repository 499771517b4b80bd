import type { PromoLookup } from '@storefront/domain';
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { orders, promoCodeGuessBudget, promoCodeRedemptions, promoCodes } from '../../db/schema.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { normalisePromoCode, promoCodeDefinition } from './pricing-catalog.ts';

const WINDOW_MS = 3600 * 1000;
/** Spent clients remembered per instance; past this the oldest are forgotten (the database still knows). */
const MAX_SPENT_REMEMBERED = 10_000;

export interface PromoLookupRequest {
  whiteLabel: string;
  /** As the customer typed it: any case, maybe blank. */
  raw: string | null | undefined;
  /** clientKeyOf(request.ip): an IPv4 address or an IPv6 /64. */
  clientKey: string;
  /** The signed-in person, or null for an anonymous preflight. */
  personId: number | null;
  /** Unknown codes a client may try per hour. */
  guessesPerHour: number;
  now: Date;
}

/**
 * The clients this instance has seen run out of guesses, until their window ends. It lets a code without any
 * use limit be answered with no database read at all (the common case: a preflight per cart change) while a
 * client that has spent its guesses still gets 'blocked' for every code. Per instance and safe to lose: a
 * client spent on another instance is found out here by its next unknown guess, which the database refuses.
 */
export class SpentGuessBudgets {
  private readonly until = new Map<string, number>();

  isSpent(whiteLabel: string, clientKey: string, nowMs: number): boolean {
    const key = `${whiteLabel}|${clientKey}`;
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > nowMs) return true;
    this.until.delete(key);
    return false;
  }

  markSpent(whiteLabel: string, clientKey: string, nowMs: number): void {
    // At most a window from now: the database's window may end sooner, never later.
    const key = `${whiteLabel}|${clientKey}`;
    this.until.delete(key);
    this.until.set(key, nowMs + WINDOW_MS);
    for (const [oldest, until] of this.until) {
      if (this.until.size <= MAX_SPENT_REMEMBERED && until > nowMs) break;
      this.until.delete(oldest);
    }
  }
}

/**
 * The budgets a request spends from: its client's and, signed in, its person's ('person:<id>' in the same
 * table), so neither a new address nor a new account buys fresh guesses. The preflight and placement spend
 * from the same budgets.
 */
const budgetsOf = (request: Pick<PromoLookupRequest, 'clientKey' | 'personId'>): string[] =>
  request.personId === null ? [request.clientKey] : [request.clientKey, `person:${request.personId}`];

const budgetKeys = (whiteLabel: string, keys: string[]) =>
  and(eq(promoCodeGuessBudget.whiteLabelId, whiteLabel), inArray(promoCodeGuessBudget.clientKey, keys));

/** The window is over once it started an hour or more ago. */
const windowOver = (now: Date) =>
  sql`${promoCodeGuessBudget.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS)}`;

/**
 * Spends one guess of the client's hour when there is room: a single upsert whose update applies only under
 * the limit (sms-request-budget's pattern), so concurrent guesses on any number of instances cannot overshoot
 * it. Answers false when the budget is spent.
 */
async function spendFrom(db: Database, request: PromoLookupRequest, clientKey: string): Promise<boolean> {
  const { whiteLabel, now, guessesPerHour } = request;
  const over = windowOver(now);
  const rows = await db
    .insert(promoCodeGuessBudget)
    .values({ whiteLabelId: whiteLabel, clientKey, windowStartedAt: now, guessesInWindow: 1 })
    .onConflictDoUpdate({
      target: [promoCodeGuessBudget.whiteLabelId, promoCodeGuessBudget.clientKey],
      set: {
        windowStartedAt: sql`case when ${over} then ${now} else ${promoCodeGuessBudget.windowStartedAt} end`,
        guessesInWindow: sql`case when ${over} then 1 else ${promoCodeGuessBudget.guessesInWindow} + 1 end`,
      },
      setWhere: sql`${over} or ${promoCodeGuessBudget.guessesInWindow} < ${guessesPerHour}`,
    })
    .returning({ guesses: promoCodeGuessBudget.guessesInWindow });
  return rows.length > 0;
}

/** Spends one guess from each of the request's budgets; answers the ones that were already spent. */
async function spendGuess(db: Database, request: PromoLookupRequest): Promise<string[]> {
  const spent: string[] = [];
  for (const key of budgetsOf(request)) if (!(await spendFrom(db, request, key))) spent.push(key);
  return spent;
}

/** Whether any of the request's budgets is spent (one read). */
async function anyBudgetSpent(db: Executor, request: PromoLookupRequest): Promise<boolean> {
  const rows = await db
    .select({ key: promoCodeGuessBudget.clientKey })
    .from(promoCodeGuessBudget)
    .where(
      and(
        budgetKeys(request.whiteLabel, budgetsOf(request)),
        sql`not (${windowOver(request.now)})`,
        sql`${promoCodeGuessBudget.guessesInWindow} >= ${request.guessesPerHour}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Placement's side of the same budgets, asked before the order's transaction (a refusal rolls that back, and
 * a guess must stay spent): an unknown code spends a guess as the preflight's does ('not-found', or 'blocked'
 * once spent), and while a budget is spent every code is 'blocked'. Null: no code, or a known one with budget
 * left, whose counts the transaction reads under its lock.
 */
export async function placementPromoGuess(
  db: Database,
  snapshot: CatalogSnapshot,
  request: PromoLookupRequest,
  promoCodesEnabled: boolean,
): Promise<PromoLookup | null> {
  const code = normalisePromoCode(request.raw);
  if (code === null) return null;
  // A brand without promo codes knows none: refused by the transaction, as the preflight does, without a guess.
  if (!promoCodesEnabled) return null;
  if (!promoCodeDefinition(snapshot, request.whiteLabel, code)) {
    const spent = await spendGuess(db, request);
    return spent.length === 0 ? { kind: 'not-found', code } : { kind: 'blocked', code };
  }
  return (await anyBudgetSpent(db, request)) ? { kind: 'blocked', code } : null;
}

/**
 * Whether the person has placed an order of the brand that was not declined or cancelled: a first-order-only code
 * is refused then. An order waiting for its card payment counts (it may still be paid).
 */
export async function hasEarlierOrder(db: Executor, whiteLabel: string, personId: number): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.whiteLabelId, whiteLabel),
        eq(orders.personId, personId),
        notInArray(orders.status, ['declined', 'canceled']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The lookup's `hasEarlierOrder`: read only for a signed-in person and a first-order-only code. */
async function earlierOrderOf(
  db: Executor,
  request: PromoLookupRequest,
  definition: { firstOrderOnly?: boolean },
): Promise<boolean | null> {
  if (!definition.firstOrderOnly || request.personId === null) return null;
  return hasEarlierOrder(db, request.whiteLabel, request.personId);
}

/**
 * Looks up the request's promo code for pricing. The definition comes from the catalog snapshot; only the
 * usage counts are read from PostgreSQL, as they move with every order.
 *
 * Guessing: a code the brand does not have spends one of the client's hourly guesses; once they are spent
 * every code is answered 'blocked', known or not, so a guess can no longer be confirmed. Known codes cost
 * nothing (a customer retyping a real code is not guessing).
 */
export async function lookupPromoCode(
  db: Database,
  snapshot: CatalogSnapshot,
  request: PromoLookupRequest,
  spentBudgets: SpentGuessBudgets,
): Promise<PromoLookup> {
  const code = normalisePromoCode(request.raw);
  if (code === null) return { kind: 'none' };
  const nowMs = request.now.getTime();
  const keys = budgetsOf(request);
  if (keys.some((key) => spentBudgets.isSpent(request.whiteLabel, key, nowMs)))
    return { kind: 'blocked', code };
  const definition = promoCodeDefinition(snapshot, request.whiteLabel, code);
  if (!definition) {
    const spent = await spendGuess(db, request);
    if (spent.length === 0) return { kind: 'not-found', code };
    for (const key of spent) spentBudgets.markSpent(request.whiteLabel, key, nowMs);
    return { kind: 'blocked', code };
  }
  // No use limit: nothing to count, so no round trip (measured: a query per preflight cut PGlite's
  // throughput from about 5 000 to 800 requests/s). Placement re-counts in its own transaction anyway.
  if (definition.totalLimit === null && definition.perPersonLimit === null) {
    return {
      kind: 'found',
      definition,
      usedCount: 0,
      usedByPerson: request.personId === null ? null : 0,
      hasEarlierOrder: await earlierOrderOf(db, request, definition),
    };
  }

  // One round trip: the code's usage, the person's, and whether this client's guesses are spent.
  const { whiteLabel, personId, now, guessesPerHour } = request;
  const byPerson =
    personId === null
      ? sql<null>`null`
      : sql<number>`(${db
          .select({ n: count() })
          .from(promoCodeRedemptions)
          .where(
            and(
              eq(promoCodeRedemptions.promoCodeId, definition.id),
              eq(promoCodeRedemptions.personId, personId),
            ),
          )})`;
  const spent = sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(promoCodeGuessBudget)
    .where(
      and(
        budgetKeys(whiteLabel, keys),
        sql`not (${windowOver(now)})`,
        sql`${promoCodeGuessBudget.guessesInWindow} >= ${guessesPerHour}`,
      ),
    )})`;
  const [row] = await db
    .select({ usedCount: promoCodes.usedCount, usedByPerson: byPerson, spent })
    .from(promoCodes)
    .where(eq(promoCodes.id, definition.id));
  if (row?.spent) {
    // Which of the budgets is spent is not read: the client's is remembered (the next unknown guess finds out).
    spentBudgets.markSpent(whiteLabel, request.clientKey, nowMs);
    return { kind: 'blocked', code };
  }
  // A code deleted since the snapshot was taken (the next snapshot will not have it): not a guess.
  if (!row) return { kind: 'not-found', code };
  return {
    kind: 'found',
    definition,
    usedCount: row.usedCount,
    usedByPerson: personId === null ? null : Number(row.usedByPerson),
    hasEarlierOrder: await earlierOrderOf(db, request, definition),
  };
}
