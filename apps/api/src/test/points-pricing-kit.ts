import { type BonusProgram, bonusExpiryAt, DEMO_BONUS_PROGRAM, type Minor } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bonusLedger, bonusPrograms } from '../db/schema.ts';
import { rowsOf } from './payments-kit.ts';

/**
 * Helpers of the tests of points in pricing and placement (decision 55): the brand's program switched on by its
 * row, and balances given by staff's `adjusted` rows, as the owner's and a manager's routes would write them.
 */

/** The demo brand's program, on (the demo rules unless told otherwise). */
export async function programOn(
  db: Database,
  program: BonusProgram = DEMO_BONUS_PROGRAM,
  nowMs = Date.now(),
) {
  await db
    .insert(bonusPrograms)
    .values({ whiteLabelId: 'demo', program, version: 1, updatedAt: new Date(nowMs) })
    .onConflictDoUpdate({ target: bonusPrograms.whiteLabelId, set: { program } });
}

/** ± points of the person by an adjustment (a credit expires as the program says). */
export async function adjustPoints(db: Database, personId: number, amount: number, nowMs: number) {
  await db.insert(bonusLedger).values({
    whiteLabelId: 'demo',
    personId,
    kind: 'adjusted',
    amount: amount as Minor,
    expiresAt: amount > 0 ? new Date(bonusExpiryAt(DEMO_BONUS_PROGRAM, nowMs)) : null,
    reason: 'test',
    createdAt: new Date(nowMs),
  });
}

/** The person's ledger rows, oldest first. */
export async function ledgerOf(db: Database, personId: number) {
  return rowsOf<{ kind: string; amount: number; order_id: number | null }>(
    db,
    sql`select kind, amount, order_id from bonus_ledger where person_id = ${personId} order by id`,
  );
}
