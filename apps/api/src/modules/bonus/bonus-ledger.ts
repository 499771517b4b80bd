import { BONUS_PROGRAM_OFF, type BonusProgram, earnPercentFor, type Minor, minor } from '@storefront/domain';
import { and, eq, gt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { bonusLedger, bonusPrograms, orders } from '../../db/schema.ts';

/**
 * The points ledger's writes (decision 55). Every function runs in the caller's transaction, beside the change
 * that causes it (a placement, a status move, a refund), and is idempotent: the ledger's unique indexes make
 * a second call write nothing, so retries, two instances and the sweeper never earn or spend twice.
 *
 * A FIRST CUT (helper A completes it: due expiries, the program's cache, the rest); the signatures stay.
 */

/** The brand's program as the owner set it; off when never set. */
export async function readBonusProgram(db: Executor, whiteLabel: string): Promise<BonusProgram> {
  const [row] = await db
    .select({ program: bonusPrograms.program })
    .from(bonusPrograms)
    .where(eq(bonusPrograms.whiteLabelId, whiteLabel));
  return row?.program ?? BONUS_PROGRAM_OFF;
}

/** Σ of the person's rows. */
async function balanceOf(db: Executor, whiteLabel: string, personId: number): Promise<Minor> {
  const [row] = await db
    .select({ total: sum(bonusLedger.amount) })
    .from(bonusLedger)
    .where(and(eq(bonusLedger.personId, personId), eq(bonusLedger.whiteLabelId, whiteLabel)));
  return minor(Number(row?.total ?? 0));
}

/** What the person paid in money for dishes of done orders placed in the tiers' period. */
async function paidInPeriod(
  db: Executor,
  whiteLabel: string,
  personId: number,
  sinceMs: number,
): Promise<Minor> {
  const [row] = await db
    .select({ total: sum(sql`${orders.payable} - ${orders.deliveryPrice}`) })
    .from(orders)
    .where(
      and(
        eq(orders.personId, personId),
        eq(orders.whiteLabelId, whiteLabel),
        eq(orders.status, 'done'),
        gt(orders.createdAt, new Date(sinceMs)),
      ),
    );
  return minor(Number(row?.total ?? 0));
}

/** What pricing needs of a person's points. */
export interface BonusFacts {
  program: BonusProgram;
  /** The spendable balance; null for an anonymous cart. */
  balance: Minor | null;
  /** The percent this person's next order earns (the tier reached). */
  earnPercent: number;
}

/**
 * The program, the person's spendable balance and earn percent. `lockedForPlacement`: the caller holds the
 * person's row lock in the order's transaction; due expiries are written first, so the balance read is final.
 */
export async function bonusFactsForPricing(
  db: Executor,
  whiteLabel: string,
  personId: number | null,
  nowMs: number,
  _options: { lockedForPlacement: boolean },
): Promise<BonusFacts> {
  const program = await readBonusProgram(db, whiteLabel);
  if (!program.enabled) return { program, balance: personId === null ? null : minor(0), earnPercent: 0 };
  if (personId === null) return { program, balance: null, earnPercent: earnPercentFor(program, minor(0)) };
  const paid = program.tiers
    ? await paidInPeriod(db, whiteLabel, personId, nowMs - program.tiers.periodDays * 86_400_000)
    : minor(0);
  return {
    program,
    balance: await balanceOf(db, whiteLabel, personId),
    earnPercent: earnPercentFor(program, paid),
  };
}

/** Placement: the `held` row of what the order spends (amount > 0; nothing for 0). */
export async function holdOrderBonus(
  tx: Executor,
  hold: { whiteLabel: string; personId: number; orderId: number; amount: Minor; nowMs: number },
): Promise<void> {
  if (hold.amount <= 0) return;
  await tx
    .insert(bonusLedger)
    .values({
      whiteLabelId: hold.whiteLabel,
      personId: hold.personId,
      kind: 'held',
      amount: minor(-hold.amount),
      orderId: hold.orderId,
      createdAt: new Date(hold.nowMs),
    })
    .onConflictDoNothing();
}

/**
 * After any change of an order's status: a declined or cancelled order's hold is released; a done order earns
 * its bonus_earn. Reads the order's row; writes what is due, once.
 */
export async function settleOrderBonus(_tx: Executor, _orderId: number, _nowMs: number): Promise<void> {}

/** A refund of a done order succeeded: the spent points' share given back, the earned ones' share taken away. */
export async function settleRefundBonus(_tx: Executor, _refundId: number, _nowMs: number): Promise<void> {}

/** The first sign-in of a person: the program's welcome bonus, once. */
export async function grantWelcomeBonus(
  _tx: Executor,
  _whiteLabel: string,
  _personId: number,
  _nowMs: number,
): Promise<void> {}

/** Staff's adjustment (± whole points, a reason); refuses (422 bonus.below-zero) a balance below zero. Answers the row id. */
export async function adjustBonus(
  _tx: Executor,
  _adjustment: {
    whiteLabel: string;
    personId: number;
    amount: Minor;
    reason: string;
    staffId: number | null;
    nowMs: number;
  },
): Promise<{ entryId: number; balance: Minor }> {
  return { entryId: 0, balance: minor(0) };
}
