import type { Minor } from '../money/money.ts';
import type { BonusEntryKind } from './bonus-program.ts';

/**
 * The ledger's arithmetic (decision 55), pure: from a person's rows in id order to the balance, the lots of
 * points with their expiry, what is due to expire now and what expires soon. Debits spend the soonest-expiring
 * lots first; points an order gives back (released, refund-return) keep the expiry of the lots they came from,
 * but at least RETURN_GRACE_DAYS from their return, rounded to the same midnight rule.
 *
 * The walk is what the server's writers and readers agree on: the due `expired` rows it names are the ones the
 * placement and the sweeper write, and a person's "expiring soon" is its lots. It never fails on odd rows (a
 * debit larger than the lots leaves a debt the next credits pay first), since a history is never rewritten.
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

const DAY_MS = 86_400_000;

/** Points with no expiry (a credit written without one): they never expire. */
const NEVER = Number.POSITIVE_INFINITY;

/** A piece of a lot a debit took, remembered per order so a release or a refund gives back the same expiry. */
interface Piece {
  expiresAtMs: number;
  amount: number;
}

const RETURNS = new Set<BonusEntryKind>(['released', 'refund-return']);

export function walkBonusLedger(entries: readonly BonusEntry[], nowMs: number): BonusLedgerState {
  let balance = 0;
  /** Unsorted lots; sorted when taken from. */
  let lots: Piece[] = [];
  /** What the rows took beyond every lot (never in a sound history): paid off by the next credits. */
  let debt = 0;
  const takenByOrder = new Map<number, Piece[]>();

  const credit = (expiresAtMs: number, amount: number) => {
    const paid = Math.min(debt, amount);
    debt -= paid;
    if (amount - paid > 0) lots.push({ expiresAtMs, amount: amount - paid });
  };

  /** Takes `amount` from the lots in the given order. */
  const debit = (amount: number, order: (a: Piece, b: Piece) => number): Piece[] => {
    const taken: Piece[] = [];
    let rest = amount;
    for (const lot of [...lots].sort(order)) {
      if (rest <= 0) break;
      const take = Math.min(lot.amount, rest);
      lot.amount -= take;
      rest -= take;
      taken.push({ expiresAtMs: lot.expiresAtMs, amount: take });
    }
    lots = lots.filter((lot) => lot.amount > 0);
    debt += rest;
    return taken;
  };

  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    balance += entry.amount;
    if (entry.amount > 0 && RETURNS.has(entry.kind)) {
      // Given back: the pieces the order's hold took, soonest first, each no sooner than the grace floor the
      // writer stored on the row (the brand's midnight RETURN_GRACE_DAYS after the return).
      const floor = entry.expiresAtMs ?? entry.createdAtMs + RETURN_GRACE_DAYS * DAY_MS;
      const pieces = entry.orderId === null ? [] : (takenByOrder.get(entry.orderId) ?? []);
      pieces.sort((a, b) => a.expiresAtMs - b.expiresAtMs);
      let rest: number = entry.amount;
      for (const piece of pieces) {
        if (rest <= 0) break;
        const back = Math.min(piece.amount, rest);
        piece.amount -= back;
        rest -= back;
        credit(Math.max(piece.expiresAtMs, floor), back);
      }
      if (rest > 0) credit(floor, rest);
    } else if (entry.amount > 0) {
      credit(entry.expiresAtMs ?? NEVER, entry.amount);
    } else if (entry.amount < 0 && entry.kind === 'expired') {
      // The lots of its instant (and any older one left over), oldest first.
      const instant = entry.expiresAtMs ?? entry.createdAtMs;
      debit(-entry.amount, (a, b) => rank(a, instant) - rank(b, instant) || a.expiresAtMs - b.expiresAtMs);
    } else if (entry.amount < 0) {
      // A spend or a clawback: lots still valid when it happened, soonest expiry first; expired ones last,
      // since their `expired` row is due and would otherwise find nothing to take.
      const at = entry.createdAtMs;
      const taken = debit(
        -entry.amount,
        (a, b) => Number(a.expiresAtMs <= at) - Number(b.expiresAtMs <= at) || a.expiresAtMs - b.expiresAtMs,
      );
      if (entry.orderId !== null && entry.kind === 'held') {
        takenByOrder.set(entry.orderId, [...(takenByOrder.get(entry.orderId) ?? []), ...taken]);
      }
    }
  }

  const merged = new Map<number, number>();
  for (const lot of lots) merged.set(lot.expiresAtMs, (merged.get(lot.expiresAtMs) ?? 0) + lot.amount);
  const sortedLots = [...merged.entries()]
    .sort(([a], [b]) => a - b)
    .map(([expiresAtMs, left]) => ({ expiresAtMs, left: left as Minor }));
  const dueExpiries = sortedLots
    .filter((lot) => lot.expiresAtMs <= nowMs)
    .map((lot) => ({ expiresAtMs: lot.expiresAtMs, amount: -lot.left as Minor }));
  const due = dueExpiries.reduce((total, expiry) => total - expiry.amount, 0);
  return {
    balance: balance as Minor,
    lots: sortedLots,
    dueExpiries,
    spendable: Math.max(0, balance - due) as Minor,
  };
}

/** An `expired` row takes the lots of its own instant first, then older ones, then (never in a sound history) later ones. */
function rank(lot: Piece, instantMs: number): number {
  if (lot.expiresAtMs === instantMs) return 0;
  return lot.expiresAtMs < instantMs ? 1 : 2;
}
