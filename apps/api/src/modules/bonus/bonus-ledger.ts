import {
  BONUS_PROGRAM_OFF,
  type BonusEntry,
  type BonusLedgerState,
  type BonusProgram,
  bonusExpiryAt,
  earnPercentFor,
  type Minor,
  minor,
  RETURN_GRACE_DAYS,
  refundPoints,
  walkBonusLedger,
} from '@storefront/domain';
import { and, asc, eq, gt, inArray, lt, sql, sum } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { bonusLedger, bonusPrograms, orders, paymentRefunds, payments, persons } from '../../db/schema.ts';

/**
 * The points ledger's writes (decision 55). Every function runs in the caller's transaction, beside the change
 * that causes it (a placement, a status move, a refund), and is idempotent: the ledger's unique indexes make
 * a second call write nothing, so retries, two instances and the sweeper never earn or spend twice.
 *
 * Debits that need the balance (expiries, adjustments, clawbacks) lock the person's row first, the lock the
 * placement holds while it spends: two of them never both read the same balance.
 */

const DAY_MS = 86_400_000;

/**
 * The program per brand, kept a few seconds: the preflight reads it on every cart change, and an owner's PUT on
 * another instance may take this long to show here (this instance's PUT drops it at once).
 */
let programTtlMs = 5_000;
const programCache = new Map<string, { program: BonusProgram; readAtMs: number }>();

/** How long the program is kept (BONUS_PROGRAM_CACHE_MS; the module sets it at registration). */
export function keepBonusProgramFor(ms: number): void {
  programTtlMs = ms;
  programCache.clear();
}

/** Drops the cached program (after a PUT, or a test writing the row itself). */
export function forgetBonusProgram(whiteLabel?: string): void {
  if (whiteLabel === undefined) programCache.clear();
  else programCache.delete(whiteLabel);
}

/** The program's row as stored (the back office's read, with its version); null when never set. */
export async function readBonusProgramRow(
  db: Executor,
  whiteLabel: string,
  options: { lock?: boolean } = {},
): Promise<{ program: BonusProgram; version: number } | null> {
  const query = db
    .select({ program: bonusPrograms.program, version: bonusPrograms.version })
    .from(bonusPrograms)
    .where(eq(bonusPrograms.whiteLabelId, whiteLabel));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The brand's program as the owner set it; off when never set. Cached for BONUS_PROGRAM_CACHE_MS (wall clock). */
export async function readBonusProgram(db: Executor, whiteLabel: string): Promise<BonusProgram> {
  const cached = programCache.get(whiteLabel);
  if (cached && Date.now() - cached.readAtMs < programTtlMs) return cached.program;
  const program = (await readBonusProgramRow(db, whiteLabel))?.program ?? BONUS_PROGRAM_OFF;
  programCache.set(whiteLabel, { program, readAtMs: Date.now() });
  return program;
}

/** The person's rows in id order, as the walk reads them. */
export async function ledgerEntries(
  db: Executor,
  whiteLabel: string,
  personId: number,
): Promise<BonusEntry[]> {
  const rows = await db
    .select({
      id: bonusLedger.id,
      kind: bonusLedger.kind,
      amount: bonusLedger.amount,
      orderId: bonusLedger.orderId,
      expiresAt: bonusLedger.expiresAt,
      createdAt: bonusLedger.createdAt,
    })
    .from(bonusLedger)
    .where(and(eq(bonusLedger.personId, personId), eq(bonusLedger.whiteLabelId, whiteLabel)))
    .orderBy(asc(bonusLedger.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    orderId: row.orderId,
    expiresAtMs: row.expiresAt?.getTime() ?? null,
    createdAtMs: row.createdAt.getTime(),
  }));
}

/** The person's ledger walked at `nowMs`. */
export async function bonusState(
  db: Executor,
  whiteLabel: string,
  personId: number,
  nowMs: number,
): Promise<BonusLedgerState> {
  return walkBonusLedger(await ledgerEntries(db, whiteLabel, personId), nowMs);
}

/** Locks the person's row: the lock every balance-reading debit of this person takes (the placement's too). */
export async function lockBonusPerson(tx: Executor, whiteLabel: string, personId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.id, personId), eq(persons.whiteLabelId, whiteLabel)))
    .for('update');
  return row !== undefined;
}

/**
 * Writes the `expired` rows the walk says are due (the caller holds the person's lock) and answers the state
 * after them. An expiry instant already written is left alone (its unique index), so two writers agree.
 */
export async function writeDueExpiries(
  tx: Executor,
  whiteLabel: string,
  personId: number,
  nowMs: number,
): Promise<BonusLedgerState> {
  const state = await bonusState(tx, whiteLabel, personId, nowMs);
  if (state.dueExpiries.length === 0) return state;
  await tx
    .insert(bonusLedger)
    .values(
      state.dueExpiries.map((due) => ({
        whiteLabelId: whiteLabel,
        personId,
        kind: 'expired' as const,
        amount: due.amount,
        expiresAt: new Date(due.expiresAtMs),
        createdAt: new Date(nowMs),
      })),
    )
    .onConflictDoNothing();
  return bonusState(tx, whiteLabel, personId, nowMs);
}

/** Σ of the person's rows. */
export async function balanceOf(db: Executor, whiteLabel: string, personId: number): Promise<Minor> {
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

/** The percent the person's next order earns: the tier their done orders of the period reached. */
export async function earnPercentOf(
  db: Executor,
  program: BonusProgram,
  whiteLabel: string,
  personId: number,
  nowMs: number,
): Promise<number> {
  const paid = program.tiers
    ? await paidInPeriod(db, whiteLabel, personId, nowMs - program.tiers.periodDays * DAY_MS)
    : minor(0);
  return earnPercentFor(program, paid);
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
 * Without it (the preflight, read-only) the balance is what the rows say less what is due to expire.
 */
export async function bonusFactsForPricing(
  db: Executor,
  whiteLabel: string,
  personId: number | null,
  nowMs: number,
  options: { lockedForPlacement: boolean },
): Promise<BonusFacts> {
  const program = await readBonusProgram(db, whiteLabel);
  if (!program.enabled) return { program, balance: personId === null ? null : minor(0), earnPercent: 0 };
  if (personId === null) return { program, balance: null, earnPercent: earnPercentFor(program, minor(0)) };
  const state = options.lockedForPlacement
    ? await writeDueExpiries(db, whiteLabel, personId, nowMs)
    : await bonusState(db, whiteLabel, personId, nowMs);
  return {
    program,
    balance: minor(state.spendable),
    earnPercent: await earnPercentOf(db, program, whiteLabel, personId, nowMs),
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

/** Points given back expire no sooner than the brand's midnight RETURN_GRACE_DAYS after `nowMs` (the walk's floor). */
const returnFloor = (program: BonusProgram, nowMs: number) =>
  new Date(bonusExpiryAt({ expiryDays: RETURN_GRACE_DAYS, timezone: program.timezone }, nowMs));

async function orderRows(tx: Executor, orderId: number) {
  return tx
    .select({ kind: bonusLedger.kind, amount: bonusLedger.amount })
    .from(bonusLedger)
    .where(and(eq(bonusLedger.orderId, orderId), inArray(bonusLedger.kind, ['held', 'released', 'earned'])));
}

/**
 * After any change of an order's status: a declined or cancelled order's hold is released; a done order earns
 * its bonus_earn (promised at placement, credited now with the program's expiry). Reads the order's row; writes
 * what is due, once. A live order, or one with nothing to move, writes nothing.
 */
export async function settleOrderBonus(tx: Executor, orderId: number, nowMs: number): Promise<void> {
  const [order] = await tx
    .select({
      whiteLabel: orders.whiteLabelId,
      personId: orders.personId,
      status: orders.status,
      bonusEarn: orders.bonusEarn,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const ended = order.status === 'declined' || order.status === 'canceled';
  if (!ended && !(order.status === 'done' && order.bonusEarn > 0)) return;
  const rows = await orderRows(tx, orderId);
  const program = await readBonusProgram(tx, order.whiteLabel);
  if (ended) {
    const held = rows.find((row) => row.kind === 'held');
    if (!held || rows.some((row) => row.kind === 'released')) return;
    await tx
      .insert(bonusLedger)
      .values({
        whiteLabelId: order.whiteLabel,
        personId: order.personId,
        kind: 'released',
        amount: minor(-held.amount),
        orderId,
        expiresAt: returnFloor(program, nowMs),
        createdAt: new Date(nowMs),
      })
      .onConflictDoNothing();
    return;
  }
  if (rows.some((row) => row.kind === 'earned')) return;
  await tx
    .insert(bonusLedger)
    .values({
      whiteLabelId: order.whiteLabel,
      personId: order.personId,
      kind: 'earned',
      amount: order.bonusEarn,
      orderId,
      expiresAt: new Date(bonusExpiryAt(program, nowMs)),
      createdAt: new Date(nowMs),
    })
    .onConflictDoNothing();
}

/**
 * A refund of a done order succeeded: the spent points' share given back, the earned ones' share taken away
 * (cumulative over the payment's refunds in id order, so partial refunds add up to the whole). The clawback
 * takes no more than the balance after the return: a customer who already spent the points is not put in debt.
 */
export async function settleRefundBonus(tx: Executor, refundId: number, nowMs: number): Promise<void> {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
  if (refund?.status !== 'succeeded') return;
  const [order] = await tx
    .select({ whiteLabel: orders.whiteLabelId, personId: orders.personId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  if (order?.status !== 'done') return;
  const [payment] = await tx
    .select({ amount: payments.amount })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  if (!payment) return;
  const done = await tx
    .select({ kind: bonusLedger.kind })
    .from(bonusLedger)
    .where(eq(bonusLedger.refundId, refundId));
  if (done.length > 0) return;
  const [before] = await tx
    .select({ total: sum(paymentRefunds.amount) })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, refund.paymentId),
        eq(paymentRefunds.status, 'succeeded'),
        lt(paymentRefunds.id, refundId),
      ),
    );
  const rows = await orderRows(tx, refund.orderId);
  const points = refundPoints({
    paid: payment.amount,
    spent: minor(-(rows.find((row) => row.kind === 'held')?.amount ?? 0)),
    earned: minor(rows.find((row) => row.kind === 'earned')?.amount ?? 0),
    refundedBefore: minor(Number(before?.total ?? 0)),
    refundedNow: refund.amount,
  });
  if (points.returnSpent <= 0 && points.clawEarned <= 0) return;
  await lockBonusPerson(tx, order.whiteLabel, order.personId);
  const program = await readBonusProgram(tx, order.whiteLabel);
  const base = {
    whiteLabelId: order.whiteLabel,
    personId: order.personId,
    orderId: refund.orderId,
    refundId,
    createdAt: new Date(nowMs),
  };
  if (points.returnSpent > 0) {
    await tx
      .insert(bonusLedger)
      .values({
        ...base,
        kind: 'refund-return',
        amount: points.returnSpent,
        expiresAt: returnFloor(program, nowMs),
      })
      .onConflictDoNothing();
  }
  if (points.clawEarned > 0) {
    // Expired points are gone already: the clawback is judged against what is left after them.
    const state = await writeDueExpiries(tx, order.whiteLabel, order.personId, nowMs);
    const claw = Math.min(points.clawEarned, Math.max(0, state.balance));
    // Written even when the balance is 0 (amount 0): the refund's points are settled, a later call adds nothing.
    await tx
      .insert(bonusLedger)
      .values({ ...base, kind: 'refund-clawback', amount: minor(-claw) })
      .onConflictDoNothing();
  }
}

/** The first sign-in of a person: the program's welcome bonus, once. */
export async function grantWelcomeBonus(
  tx: Executor,
  whiteLabel: string,
  personId: number,
  nowMs: number,
): Promise<void> {
  const program = await readBonusProgram(tx, whiteLabel);
  if (!program.enabled || program.welcomeBonus <= 0) return;
  await tx
    .insert(bonusLedger)
    .values({
      whiteLabelId: whiteLabel,
      personId,
      kind: 'welcome',
      amount: program.welcomeBonus,
      expiresAt: new Date(bonusExpiryAt(program, nowMs)),
      createdAt: new Date(nowMs),
    })
    .onConflictDoNothing();
}

/** Staff's adjustment (± whole points, a reason); refuses (422 bonus.below-zero) a balance below zero. Answers the row id. */
export async function adjustBonus(
  tx: Executor,
  adjustment: {
    whiteLabel: string;
    personId: number;
    amount: Minor;
    reason: string;
    staffId: number | null;
    nowMs: number;
  },
): Promise<{ entryId: number; balance: Minor }> {
  const { whiteLabel, personId, amount, nowMs } = adjustment;
  if (!(await lockBonusPerson(tx, whiteLabel, personId))) throw new ApiError(422, 'bonus.no-customer');
  // Due expiries first: points past their day cannot be taken by an adjustment nor hide a negative balance.
  const state = await writeDueExpiries(tx, whiteLabel, personId, nowMs);
  if (state.balance + amount < 0) throw new ApiError(422, 'bonus.below-zero', 'amount');
  const program = await readBonusProgram(tx, whiteLabel);
  const [row] = await tx
    .insert(bonusLedger)
    .values({
      whiteLabelId: whiteLabel,
      personId,
      kind: 'adjusted',
      amount,
      expiresAt: amount > 0 ? new Date(bonusExpiryAt(program, nowMs)) : null,
      staffId: adjustment.staffId,
      reason: adjustment.reason,
      createdAt: new Date(nowMs),
    })
    .returning({ id: bonusLedger.id });
  if (!row) throw new Error('the adjustment row was not written');
  return { entryId: row.id, balance: minor(state.balance + amount) };
}
