import {
  type OnlinePayMethod,
  PAYABLE_PAYMENT_STATUSES,
  paymentMethodProblem,
  paymentOptionsFor,
} from '@storefront/domain';
import { and, count, eq, gt, inArray, min, notInArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { retryAfterSeconds } from '../../core/request-limits.ts';
import { orders, payments } from '../../db/schema.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { attemptRow, insertAttempt, startAttempt } from './attempts.ts';
import type { PaymentsContext } from './payments-context.ts';
import { settlePayment } from './settle-payment.ts';

/** The customer's payment actions on an order: a new attempt, pay on receipt instead, read it now. */

/**
 * Attempts of one order per window, counted in PostgreSQL (each is a call to the provider): past
 * attemptsPerOrder, 429 payments.too-many with Retry-After, when the oldest counted attempt leaves the window.
 */
async function holdAttemptLimit(ctx: PaymentsContext, tx: Executor, orderId: number, nowMs: number) {
  const { attemptsPerOrder, attemptWindowMs } = ctx.limits;
  const [made] = await tx
    .select({ n: count(), oldest: min(payments.createdAt) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), gt(payments.createdAt, new Date(nowMs - attemptWindowMs))));
  if (Number(made?.n ?? 0) < attemptsPerOrder) return;
  const oldest = made?.oldest ? new Date(made.oldest).getTime() : nowMs;
  throw new ApiError(429, 'payments.too-many', undefined, {
    headers: { 'retry-after': retryAfterSeconds(oldest + attemptWindowMs, nowMs) },
  });
}

type OrderRow = typeof orders.$inferSelect;

async function ownOrder(ctx: PaymentsContext, personId: number, orderId: number): Promise<OrderRow> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.personId, personId)));
  if (!row) throw new ApiError(404, 'order.not-found', 'orderId');
  return row;
}

const closed = (order: OrderRow) => order.status === 'canceled' || order.status === 'declined';
const unpaid = (order: OrderRow) =>
  (PAYABLE_PAYMENT_STATUSES as readonly string[]).includes(order.paymentStatus);

/** The reason an unpaid online order cannot take another payment action, as a 409; none when it can. */
function refuseUnlessPayable(order: OrderRow) {
  if (order.payType !== 'CARD_ONLINE' || order.paymentStatus === 'not_required')
    throw new ApiError(409, 'payment.not-online');
  if (!unpaid(order)) throw new ApiError(409, 'payment.already-paid');
  if (closed(order)) throw new ApiError(409, 'payment.order-closed');
}

/** Settles the order's current attempt; a provider failure leaves it as it is (answered as it is). */
async function settleCurrent(ctx: PaymentsContext, order: OrderRow): Promise<void> {
  if (order.paymentAttempt === 0) return;
  const current = await attemptRow(ctx, order.id, order.paymentAttempt);
  if (!current || current.status === 'succeeded' || current.status === 'canceled') return;
  try {
    await settlePayment(ctx, current.id);
  } catch (error) {
    ctx.log.warn(
      { err: error, paymentId: current.id },
      'reading the payment failed; answering the order as it is',
    );
  }
}

/**
 * The method of a new attempt: the one asked, else the previous attempt's, and either way one the restaurant's
 * shop offers now (decision 55), or 422 payment.method-not-offered before anything is written. A restaurant
 * that no longer takes online payment lists none: its retry keeps the previous attempt's shop and method.
 */
async function methodOfNewAttempt(
  ctx: PaymentsContext,
  order: OrderRow,
  asked: OnlinePayMethod | undefined,
): Promise<OnlinePayMethod> {
  const previous =
    order.paymentAttempt > 0 ? await attemptRow(ctx, order.id, order.paymentAttempt) : undefined;
  const method = asked ?? previous?.method ?? 'card';
  const offered = ctx.catalog().restos.get(order.restoId)?.onlineMethods ?? [previous?.method ?? 'card'];
  if (!offered.includes(method)) throw new ApiError(422, 'payment.method-not-offered', 'onlineMethod');
  return method;
}

/**
 * POST …/payments: attempt n+1 replaces attempt `replacesAttempt`, once. The current attempt is settled first
 * (it may have been paid meanwhile: then the paid order is the answer). A double click or a second tab with
 * the same number gets the attempt the first one started, whatever method it names.
 */
export async function newAttempt(
  ctx: PaymentsContext,
  personId: number,
  orderId: number,
  replacesAttempt: number,
  onlineMethod?: OnlinePayMethod,
) {
  let order = await ownOrder(ctx, personId, orderId);
  refuseUnlessPayable(order);
  const method = await methodOfNewAttempt(ctx, order, onlineMethod);
  await settleCurrent(ctx, order);
  order = await ownOrder(ctx, personId, orderId);
  if (order.paymentStatus === 'paid') return;
  refuseUnlessPayable(order);
  if (order.paymentAttempt === replacesAttempt + 1) {
    // The double click: the attempt exists; finish it if the first request could not.
    const current = await attemptRow(ctx, orderId, order.paymentAttempt);
    if (current?.status === 'creating') await startAttempt(ctx, current);
    return;
  }
  if (order.paymentAttempt !== replacesAttempt)
    throw new ApiError(409, 'payment.attempt-stale', 'replacesAttempt');

  const snapshot = ctx.catalog();
  const resto = snapshot.restos.get(order.restoId);
  const previous = await attemptRow(ctx, orderId, order.paymentAttempt);
  const shop = resto ? paymentOptionsFor(resto.payConfig, order.deliveryType).cardOnline : null;
  const engine = resto && shop ? resto.payEngine : previous?.engine;
  const shopName = shop ?? previous?.shop;
  if (!engine || !shopName) throw new ApiError(409, 'payment.not-online');
  const next = replacesAttempt + 1;
  const nowMs = ctx.now();
  const moved = await ctx.db.transaction(async (tx) => {
    await holdAttemptLimit(ctx, tx, orderId, nowMs);
    const [row] = await tx
      .update(orders)
      .set({ paymentAttempt: next, paymentStatus: 'pending' })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentAttempt, replacesAttempt),
          eq(orders.payType, 'CARD_ONLINE'),
          inArray(orders.paymentStatus, [...PAYABLE_PAYMENT_STATUSES]),
          notInArray(orders.status, ['canceled', 'declined']),
        ),
      )
      .returning({ id: orders.id });
    if (!row) return false;
    await insertAttempt(tx, {
      orderId,
      attempt: next,
      engine,
      shop: shopName,
      method,
      nowMs,
      settings: ctx.settings,
      brandLocale: ctx.brandLocale,
    });
    return true;
  });
  if (!moved) {
    // Another request moved the order between our read and the update: answer as the double click does.
    const now = await ownOrder(ctx, personId, orderId);
    if (now.paymentAttempt === next || now.paymentStatus === 'paid') return;
    throw new ApiError(409, 'payment.attempt-stale', 'replacesAttempt');
  }
  // A provider that does not answer fails nothing, as at placement: the attempt stays 'creating' and the order
  // is answered without a confirmationUrl; the return page's check, the same call again or the sweeper creates
  // it with the same idempotence key.
  const created = await attemptRow(ctx, orderId, next);
  if (created) await startAttempt(ctx, created);
}

/**
 * POST …/pay-type: pay on receipt instead, while unpaid and open, where the restaurant takes it now. Money
 * that still arrives for an old attempt finds the order on receipt, and settle refunds it.
 */
export async function switchToReceipt(
  ctx: PaymentsContext,
  personId: number,
  orderId: number,
  payType: 'CARD_UPON_RECEIPT' | 'CASH_UPON_RECEIPT',
) {
  let order = await ownOrder(ctx, personId, orderId);
  refuseUnlessPayable(order);
  // Paid meanwhile? Then the order is paid, and switching would only send the money back.
  await settleCurrent(ctx, order);
  order = await ownOrder(ctx, personId, orderId);
  refuseUnlessPayable(order);
  const resto = ctx.catalog().restos.get(order.restoId);
  const problem = resto
    ? paymentMethodProblem(resto.payConfig, order.deliveryType, payType)
    : ('resto.not-found' as const);
  if (problem) throw new ApiError(422, problem, 'payType');
  // With its event in the same transaction: the order now reaches the kitchen, whose board learns of it
  // from this event (an unpaid online order was never shown there).
  const moved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ payType, paymentStatus: 'not_required', payUntil: null })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.payType, 'CARD_ONLINE'),
          inArray(orders.paymentStatus, [...PAYABLE_PAYMENT_STATUSES]),
          notInArray(orders.status, ['canceled', 'declined']),
        ),
      )
      .returning();
    if (row) await writeOrderEvent(tx, row, 'pay-type-changed', new Date(ctx.now()));
    return row;
  });
  if (!moved) {
    const now = await ownOrder(ctx, personId, orderId);
    refuseUnlessPayable(now);
    throw new ApiError(409, 'payment.attempt-stale');
  }
  // The attempt left waiting at the provider is asked once more by the sweeper: money that comes is refunded.
  await ctx.db
    .update(payments)
    .set({ nextCheckAt: new Date(ctx.now()) })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['creating', 'pending'])));
}

/** At most one provider read per attempt per this long from the return page's polling. */
const CHECK_EVERY_MS = 2000;
/** Per app (two instances in one process keep their own), payment row id → when it was last read. */
const lastChecksByApp = new WeakMap<PaymentsContext, Map<number, number>>();

/** POST …/payment-check: the return page's 'read it now'. A provider failure answers the order as it is. */
export async function checkPayment(ctx: PaymentsContext, personId: number, orderId: number) {
  const order = await ownOrder(ctx, personId, orderId);
  if (order.payType !== 'CARD_ONLINE' || order.paymentAttempt === 0) return;
  const current = await attemptRow(ctx, order.id, order.paymentAttempt);
  if (!current || current.status === 'succeeded' || current.status === 'canceled') return;
  const nowMs = ctx.now();
  let lastChecks = lastChecksByApp.get(ctx);
  if (!lastChecks) {
    lastChecks = new Map();
    lastChecksByApp.set(ctx, lastChecks);
  }
  const last = lastChecks.get(current.id);
  if (last !== undefined && nowMs - last < CHECK_EVERY_MS && nowMs >= last) return;
  lastChecks.set(current.id, nowMs);
  if (lastChecks.size > 10_000) lastChecks.clear();
  await settleCurrent(ctx, order);
}
