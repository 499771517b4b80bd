import { PAYABLE_PAYMENT_STATUSES } from '@storefront/domain';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { orderHistory, orders, paymentRefunds, payments } from '../../db/schema.ts';
import { settleOrderBonus } from '../bonus/index.ts';
import { giveSlotBack } from '../capacity/index.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { givePromoUseBack } from '../promotions/index.ts';
import { attemptRow, startAttempt } from './attempts.ts';
import type { PaymentsContext } from './payments-context.ts';
import { advanceRefund } from './refunds.ts';
import { settlePayment } from './settle-payment.ts';

/**
 * The sweeper: what no request finished. Attempts still `creating` are created again with the same key;
 * `pending` ones are read (less often the more they were); refunds are sent or read; unpaid online orders
 * past pay_until are settled one last time and then cancelled, their promo use given back.
 *
 * Rows are leased: one statement picks due rows with FOR UPDATE SKIP LOCKED and moves their next_check_at a
 * lease ahead, so two instances do not work the same row at once. Everything it does is a guarded update or
 * a call with an idempotence key, so doing it twice is harmless anyway.
 *
 * Brands may share one database, each with instances of its own: a sweeper touches only the orders (and
 * their payments and refunds) of the brand its instance serves, whose providers and shops it holds.
 */

const BATCH = 20;
const LEASE_MS = 60_000;

/** The ids of the brand's orders: what every lease below is limited to. */
const brandOrders = (ctx: PaymentsContext) =>
  ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.whiteLabelId, ctx.whiteLabel));

async function leasePayments(ctx: PaymentsContext, status: 'creating' | 'pending', nowMs: number) {
  const due = ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, status),
        lte(payments.nextCheckAt, new Date(nowMs)),
        inArray(payments.orderId, brandOrders(ctx)),
      ),
    )
    .orderBy(asc(payments.nextCheckAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(payments)
    .set({ nextCheckAt: new Date(nowMs + LEASE_MS) })
    .where(inArray(payments.id, due))
    .returning();
}

async function leaseRefunds(ctx: PaymentsContext, nowMs: number) {
  const due = ctx.db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        inArray(paymentRefunds.status, ['creating', 'pending']),
        lte(paymentRefunds.nextCheckAt, new Date(nowMs)),
        inArray(paymentRefunds.orderId, brandOrders(ctx)),
      ),
    )
    .orderBy(asc(paymentRefunds.nextCheckAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(paymentRefunds)
    .set({ nextCheckAt: new Date(nowMs + LEASE_MS) })
    .where(inArray(paymentRefunds.id, due))
    .returning({ id: paymentRefunds.id });
}

/** One guarded cancel of an order still unpaid past its time; true when this call cancelled it. */
async function cancelUnpaid(ctx: PaymentsContext, orderId: number, nowMs: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ status: 'canceled', payUntil: null })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.whiteLabelId, ctx.whiteLabel),
          eq(orders.status, 'new'),
          eq(orders.payType, 'CARD_ONLINE'),
          inArray(orders.paymentStatus, [...PAYABLE_PAYMENT_STATUSES]),
          lte(orders.payUntil, new Date(nowMs)),
        ),
      )
      .returning();
    if (!moved) return false;
    if (moved.promoCodeId !== null) await givePromoUseBack(tx, orderId, moved.promoCodeId);
    await tx.insert(orderHistory).values({ orderId, status: 'canceled', at: new Date(nowMs), by: 'system' });
    await settleOrderBonus(tx, orderId, nowMs);
    // An unpaid order gives its place in the slot back, once (decision 56).
    await giveSlotBack(tx, orderId);
    await writeOrderEvent(tx, moved, 'canceled', new Date(nowMs));
    return true;
  });
}

export interface SweepReport {
  started: number;
  settled: number;
  refunds: number;
  canceled: number;
}

/** One sweep at the context's clock (the app's: tests pin it and run this by hand). */
export async function runOnce(ctx: PaymentsContext): Promise<SweepReport> {
  const nowMs = ctx.now();
  const report: SweepReport = { started: 0, settled: 0, refunds: 0, canceled: 0 };
  const safely = async (what: string, id: number, job: () => Promise<unknown>) => {
    try {
      await job();
      return true;
    } catch (error) {
      ctx.log.warn({ err: error, id }, `payments sweeper: ${what} failed; next time`);
      return false;
    }
  };

  for (const row of await leasePayments(ctx, 'creating', nowMs))
    if (await safely('creating a payment', row.id, () => startAttempt(ctx, row))) report.started += 1;
  for (const row of await leasePayments(ctx, 'pending', nowMs))
    if (await safely('reading a payment', row.id, () => settlePayment(ctx, row.id))) report.settled += 1;
  for (const row of await leaseRefunds(ctx, nowMs))
    if (await safely('a refund', row.id, () => advanceRefund(ctx, row.id))) report.refunds += 1;

  const overdue = await ctx.db
    .select({ id: orders.id, attempt: orders.paymentAttempt })
    .from(orders)
    .where(
      and(
        eq(orders.whiteLabelId, ctx.whiteLabel),
        eq(orders.status, 'new'),
        eq(orders.payType, 'CARD_ONLINE'),
        inArray(orders.paymentStatus, [...PAYABLE_PAYMENT_STATUSES]),
        lte(orders.payUntil, new Date(nowMs)),
      ),
    )
    .orderBy(asc(orders.payUntil))
    .limit(BATCH);
  for (const order of overdue) {
    // The last read first: money that came in the last second makes the order paid, not cancelled. If the
    // provider cannot be read, the order waits for the next round rather than risk cancelling a paid one.
    const current = await attemptRow(ctx, order.id, order.attempt);
    const read =
      !current || current.status === 'succeeded' || current.status === 'canceled'
        ? true
        : await safely('the last read', current.id, () => settlePayment(ctx, current.id));
    if (!read) continue;
    let canceled = false;
    await safely('cancelling', order.id, async () => {
      canceled = await cancelUnpaid(ctx, order.id, nowMs);
    });
    if (canceled) report.canceled += 1;
  }
  return report;
}

/** The timer the app starts (every sweepMs; 0 = off), unref'd and stopped when the app closes. */
export function startSweeper(ctx: PaymentsContext, everyMs: number): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runOnce(ctx)
      .catch((error) => ctx.log.warn({ err: error }, 'payments sweeper round failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
