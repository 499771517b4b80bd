import { BONUS_PROGRAM_OFF, type BonusProgram, type Minor, minor } from '@storefront/domain';
import type { Executor } from '../../core/executor.ts';

/**
 * The points ledger's writes (decision 55). Every function runs in the caller's transaction, beside the change
 * that causes it (a placement, a status move, a refund), and is idempotent: the ledger's unique indexes make
 * a second call write nothing, so retries, two instances and the sweeper never earn or spend twice.
 *
 * TO BE WRITTEN (helper A); the signatures stay.
 */

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
  _db: Executor,
  _whiteLabel: string,
  _personId: number | null,
  _nowMs: number,
  _options: { lockedForPlacement: boolean },
): Promise<BonusFacts> {
  return { program: BONUS_PROGRAM_OFF, balance: null, earnPercent: 0 };
}

/** Placement: the `held` row of what the order spends (amount > 0; nothing for 0). */
export async function holdOrderBonus(
  _tx: Executor,
  _hold: { whiteLabel: string; personId: number; orderId: number; amount: Minor; nowMs: number },
): Promise<void> {}

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
