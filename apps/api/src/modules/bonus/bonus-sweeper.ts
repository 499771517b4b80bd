import { and, eq, exists, inArray, isNull, lte, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { bonusLedger, orders } from '../../db/schema.ts';
import { lockBonusPerson, settleOrderBonus, writeDueExpiries } from './bonus-ledger.ts';

/**
 * The bonus sweeper (decision 55): writes the `expired` rows of persons whose points passed their day (a
 * placement writes its person's own first; this keeps balances and histories true for everyone else), and
 * settles orders whose ledger lags their status: done without `earned` where bonus_earn > 0, declined or
 * cancelled with a `held` but no `released`. The hooks run in the status change's own transaction, so a crash
 * cannot leave such an order; a path that changes a status without the hook would, and this repairs it.
 *
 * One instance works a round: the round's transaction takes a try-advisory lock of the brand's sweep and an
 * instance that does not get it skips the round. Everything it writes is guarded by the ledger's unique
 * indexes anyway, so a second worker could only repeat reads, never money.
 */

const BATCH = 100;

export interface BonusSweepReport {
  expiredPersons: number;
  settledOrders: number;
  /** False when another instance held the round. */
  ran: boolean;
}

export async function runBonusSweep(
  db: Database,
  whiteLabel: string,
  nowMs: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<BonusSweepReport> {
  return db.transaction(async (tx) => {
    const report: BonusSweepReport = { expiredPersons: 0, settledOrders: 0, ran: false };
    const lease = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`bonus-sweep:${whiteLabel}`})) as got`,
    )) as unknown as { rows: { got: boolean }[] };
    if (lease.rows[0]?.got !== true) return report;
    report.ran = true;

    const now = new Date(nowMs);
    // Persons with a credit past its day: a candidate; the walk decides what (if anything) is still due.
    const expired = alias(bonusLedger, 'expired_row');
    const due = await tx
      .selectDistinct({ personId: bonusLedger.personId })
      .from(bonusLedger)
      .where(
        and(
          eq(bonusLedger.whiteLabelId, whiteLabel),
          sql`${bonusLedger.amount} > 0`,
          lte(bonusLedger.expiresAt, now),
          not(
            exists(
              tx
                .select({ one: sql`1` })
                .from(expired)
                .where(
                  and(
                    eq(expired.personId, bonusLedger.personId),
                    eq(expired.kind, 'expired'),
                    sql`${expired.expiresAt} >= ${bonusLedger.expiresAt}`,
                  ),
                ),
            ),
          ),
        ),
      )
      .limit(BATCH);
    for (const { personId } of due) {
      await tx.transaction(async (person) => {
        await lockBonusPerson(person, whiteLabel, personId);
        await writeDueExpiries(person, whiteLabel, personId, nowMs);
      });
      report.expiredPersons += 1;
    }

    const earned = alias(bonusLedger, 'earned_row');
    const unearned = await tx
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(earned, and(eq(earned.orderId, orders.id), eq(earned.kind, 'earned')))
      .where(
        and(
          eq(orders.whiteLabelId, whiteLabel),
          eq(orders.status, 'done'),
          sql`${orders.bonusEarn} > 0`,
          isNull(earned.id),
        ),
      )
      .limit(BATCH);
    const held = alias(bonusLedger, 'held_row');
    const back = alias(bonusLedger, 'released_row');
    const unreleased = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(held, and(eq(held.orderId, orders.id), eq(held.kind, 'held')))
      .leftJoin(back, and(eq(back.orderId, orders.id), eq(back.kind, 'released')))
      .where(
        and(
          eq(orders.whiteLabelId, whiteLabel),
          inArray(orders.status, ['declined', 'canceled']),
          isNull(back.id),
        ),
      )
      .limit(BATCH);
    for (const { id } of [...unearned, ...unreleased]) {
      try {
        await tx.transaction((order) => settleOrderBonus(order, id, nowMs));
        report.settledOrders += 1;
      } catch (error) {
        log?.warn({ err: error, orderId: id }, 'the bonus sweeper could not settle an order; next round');
      }
    }
    return report;
  });
}

/** The timer the app starts (every everyMs; 0 = off), unref'd and stopped when the app closes. */
export function startBonusSweeper(
  db: Database,
  whiteLabel: string,
  now: () => number,
  everyMs: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runBonusSweep(db, whiteLabel, now(), log)
      .catch((error) => log.warn({ err: error }, 'bonus sweeper round failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
