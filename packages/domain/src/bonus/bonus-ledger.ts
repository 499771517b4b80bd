import type { Minor } from '../money/money.ts';
import type { BonusEntryKind } from './bonus-program.ts';

/**
 * The ledger's arithmetic (decision 55), pure: from a person's rows in id order to the balance, the lots of
 * points with their expiry, what is due to expire now and what expires soon. Debits spend the soonest-expiring
 * lots first; points an order gives back (released, refund-return) keep the expiry of the lots they came from,
 * but at least RETURN_GRACE_DAYS from their return, rounded to the same midnight rule.
 *
 * TO BE WRITTEN (helper A): the functions below keep these signatures.
 */

/** A ledger row as the walk reads it (epoch ms for instants). */
export interface BonusEntry {
  id: number;
  kind: BonusEntryKind;
  amount: Minor;
  orderId: number | null;
  /** Credits: when their points expire; `expired` rows: the instant of the lots they expired. */
  expiresAtMs: number | null;
  createdAtMs: number;
}

/** Points given back never expire sooner than this many days after their return. */
export const RETURN_GRACE_DAYS = 7;

export interface BonusLot {
  expiresAtMs: number;
  left: Minor;
}

export interface BonusLedgerState {
  /** Σ amounts: what the rows say. */
  balance: Minor;
  /** Lots with points left, soonest expiry first (expired ones included until an `expired` row takes them). */
  lots: BonusLot[];
  /** Expiry instants ≤ now whose lots still hold points: one `expired` row each is due (amount = −left). */
  dueExpiries: { expiresAtMs: number; amount: Minor }[];
  /** What a spend may use now: the balance less the due expiries. */
  spendable: Minor;
}

export function walkBonusLedger(_entries: readonly BonusEntry[], _nowMs: number): BonusLedgerState {
  throw new Error('not written yet');
}
