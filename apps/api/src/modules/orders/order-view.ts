import {
  CUSTOMER_CANCELLABLE_STATUSES,
  DECLINE_REASON_TEXTS,
  DECLINE_REASONS,
  type DeclineReason,
  type Locale,
  type Minor,
  pickText,
} from '@storefront/domain';
import type { Order, OrderSummary } from '@storefront/domain/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { bonusLedger, orderHistory, orderLines, orders, posOrderTransfers } from '../../db/schema.ts';
import { orderPaymentOf, type PaymentViewOptions } from '../payments/index.ts';

/** Order rows to the contract's answers (ORDERING.md; packages/domain/src/contracts/orders.ts). */

export type OrderRow = typeof orders.$inferSelect;

function orderSummaryOf(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    paymentStatus: row.paymentStatus,
    restoId: row.restoId,
    restoName: row.restoName,
    deliveryType: row.deliveryType,
    payType: row.payType,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    promisedAt: row.promisedAt.toISOString(),
    preOrderAt: row.preOrderAt ? row.preOrderAt.toISOString() : null,
    sum: row.sum,
    discount: row.discount,
    deliveryPrice: row.deliveryPrice,
    payable: row.payable,
    positionsCount: row.positionsCount,
    canCancel: CUSTOMER_CANCELLABLE_STATUSES.includes(row.status),
  };
}

/**
 * One order of the person with its lines, history and payment; undefined for none (or another person's).
 * `view` gives the customer's language (the payment's words) and the catalog now (what it may switch to).
 */
export async function readOrder(
  db: Executor,
  personId: number,
  orderId: number,
  view: PaymentViewOptions = {},
): Promise<Order | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.personId, personId)));
  if (!row) return undefined;
  return orderFromRow(db, row, view);
}

/** The order as readOrder reads it, for a route that answers it: 404 order.not-found where there is none. */
export async function answerOrder(
  db: Executor,
  personId: number,
  orderId: number,
  view: PaymentViewOptions = {},
): Promise<Order> {
  const found = await readOrder(db, personId, orderId, view);
  if (!found) throw new ApiError(404, 'order.not-found', 'orderId');
  return found;
}

/**
 * An order row with its lines, history and payment as the `order` contract, without asking whose it is:
 * the caller has decided the reader may see it (the customer's own, or a restaurant's staff: the board).
 */
export async function orderFromRow(
  db: Executor,
  row: OrderRow,
  view: PaymentViewOptions = {},
): Promise<Order> {
  const orderId = row.id;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  const history = await db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.id));
  return {
    ...orderSummaryOf(row),
    timezone: row.timezone,
    promoCode: row.promoCode,
    personCount: row.personCount,
    comment: row.comment,
    person: { name: row.personName, phone: row.personPhone, email: row.personEmail },
    address: row.address,
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    deliveryPlace: row.place,
    lines: lines.map((line) => ({
      id: line.positionId,
      menu: { id: line.menuId },
      name: line.name,
      count: line.count,
      price: line.price,
      modifiers: line.modifiers.map((m) => ({ ...m, price: m.price as Minor })),
      sum: line.sum,
      discount: line.discount,
      bonusDiscount: line.bonusDiscount,
      payableAmount: line.payableAmount,
      kind: line.kind,
    })),
    history: history.map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by })),
    payment: await orderPaymentOf(db, row, view),
    bonus: { spent: row.bonusSpent, earn: row.bonusEarn, earnedAt: await bonusEarnedAtOf(db, row) },
    declineReason: declineReasonOf(
      row.declineReason,
      view.locale ?? 'ru',
      row.status === 'declined' ? await posCancelCauseOf(db, row.id) : null,
    ),
  };
}

/**
 * When the order's points were credited: its `earned` row, written once it is done (decision 55). Only a done
 * order that earns can have one, so the others are answered without a read.
 */
async function bonusEarnedAtOf(db: Executor, row: OrderRow): Promise<string | null> {
  if (row.status !== 'done' || row.bonusEarn <= 0) return null;
  const [earned] = await db
    .select({ at: bonusLedger.createdAt })
    .from(bonusLedger)
    .where(and(eq(bonusLedger.orderId, row.id), eq(bonusLedger.kind, 'earned')));
  return earned ? earned.at.toISOString() : null;
}

/** A page of the person's orders, newest first. */
export async function listOrders(db: Executor, personId: number, page: number, size: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.personId, personId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.personId, personId));
  return { content: rows.map(orderSummaryOf), page, size, totalElements: Number(total?.n ?? 0) };
}

/** The restaurant's reason in the customer's words; an unknown code reads as the general one. */
function declineReasonOf(code: string | null, locale: Locale, cause: string | null): Order['declineReason'] {
  if (code === null) return null;
  const known = (DECLINE_REASONS as readonly string[]).includes(code) ? (code as DeclineReason) : 'other';
  return { code, message: pickText(DECLINE_REASON_TEXTS[known], locale), ...(cause ? { cause } : {}) };
}

/**
 * The restaurant's own words when its POS cancelled the order (iiko's cancel cause, kept on the order's
 * transfer): read from the table, as this module does not import the POS module.
 */
async function posCancelCauseOf(db: Executor, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ cause: posOrderTransfers.cancelCause })
    .from(posOrderTransfers)
    .where(eq(posOrderTransfers.orderId, orderId));
  return row?.cause ?? null;
}
