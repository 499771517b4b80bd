import {
  DECLINE_REASONS,
  type LocalizedText,
  minor,
  type OrderStatus,
  RATING_TAGS,
  type RatingTag,
} from '@storefront/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  bonusLedger,
  orderHistory,
  orderLines,
  orderRatings,
  orders,
  paymentRefunds,
  payments,
  persons,
  positions,
} from '../db/schema.ts';
import { markReportDay } from '../modules/outbox/index.ts';

/**
 * A seeded-random history of orders written straight into a test database (decision 57's tests): several
 * restaurants (one in another offset than the brand's), persons ordering again, every status, online orders paid,
 * refunded in full and in part, and paid twice with the second payment refunded, on-receipt orders done and not,
 * promo codes, points spent and given back by a refund, gifts, pre-orders, acceptance and done times, ratings, and
 * orders at 23:59:59 and 00:00:00 brand-local. Every order's day is marked behind, as the outbox would.
 * It answers the raw rows it wrote, for a test to recompute the figures on its own.
 */

export interface HistoryLine {
  positionId: number;
  kind: 'dish' | 'gift';
  count: number;
  payable: number;
}
export interface HistoryPayment {
  id: number;
  amount: number;
  refunds: { id: number; amount: number; status: 'succeeded' | 'pending' | 'canceled' }[];
}
export interface HistoryOrder {
  id: number;
  restoId: number;
  personId: number;
  createdAt: number;
  status: OrderStatus;
  payType: 'CARD_ONLINE' | 'CARD_UPON_RECEIPT' | 'CASH_UPON_RECEIPT';
  sum: number;
  discount: number;
  bonusSpent: number;
  /** Points given back by refunds (bonus_ledger 'refund-return'). */
  bonusReturned: number;
  deliveryPrice: number;
  payable: number;
  promoCode: string | null;
  declineReason: string | null;
  acceptedAt: number | null;
  doneAt: number | null;
  preOrderAt: number | null;
  /** order_history.by of the cancel. */
  cancelledBy: string | null;
  paidPaymentId: number | null;
  payments: HistoryPayment[];
  lines: HistoryLine[];
  rating: { stars: number; tags: RatingTag[] } | null;
}
export interface ReportHistory {
  orders: HistoryOrder[];
  names: Map<number, LocalizedText>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** mulberry32: a small seeded generator, so a failing history is the same on every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const STATUSES: OrderStatus[] = [
  'new',
  'accepted',
  'cooking',
  'ready',
  'on_the_way',
  'done',
  'done',
  'done',
  'done',
  'declined',
  'canceled',
  'canceled',
];
const CANCELLERS = ['customer', 'system', 'pos', 'staff:1'];

export interface HistoryOptions {
  seed: number;
  orders: number;
  restoIds: number[];
  /** First brand-local day 'YYYY-MM-DD' (brand offset +03:00) and how many days the orders spread over. */
  firstDay: string;
  days: number;
  /** When the marks are made. */
  at: Date;
}

/** The brand-local (+03:00) midnight of a day as an instant. */
export const brandMidnight = (day: string) => Date.parse(`${day}T00:00:00+03:00`);

export async function insertReportHistory(db: Database, options: HistoryOptions): Promise<ReportHistory> {
  const random = seededRandom(options.seed);
  const positionRows = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(and(eq(positions.menuId, 1), eq(positions.isPublished, true)));
  const dishes = positionRows.map((p) => p.id).sort((a, b) => a - b);
  const names = new Map(positionRows.map((p) => [p.id, p.name]));
  const people: number[] = [];
  for (let i = 0; i < Math.max(4, Math.floor(options.orders / 4)); i++) {
    const [row] = await db
      .insert(persons)
      .values({
        whiteLabelId: 'demo',
        phone: `+7990${String(options.seed % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`,
      })
      .returning({ id: persons.id });
    if (row) people.push(row.id);
  }
  const start = brandMidnight(options.firstDay);
  const written: HistoryOrder[] = [];
  for (let n = 0; n < options.orders; n++) {
    // Every tenth pair of orders sits on a brand-local midnight, a second before it and exactly on it, the
    // midnights taken in turn so that each one of the history has both.
    const edge = n % 10 === 0 ? 'before' : n % 10 === 1 ? 'on' : null;
    const day = 1 + (Math.floor(n / 10) % (options.days - 1));
    const createdAt =
      edge === 'before'
        ? start + day * 24 * HOUR - 1000
        : edge === 'on'
          ? start + day * 24 * HOUR
          : start + random.int(0, options.days * 24 * 60 - 1) * MINUTE + random.int(0, 59) * 1000;
    const status = random.pick(STATUSES);
    const payType = random.pick([
      'CARD_ONLINE',
      'CARD_ONLINE',
      'CARD_UPON_RECEIPT',
      'CASH_UPON_RECEIPT',
    ] as const);
    const restoId = random.pick(options.restoIds);
    const lines: HistoryLine[] = [];
    for (let l = random.int(1, 3); l > 0; l--) {
      const count = random.int(1, 3);
      const price = random.int(10, 90) * 1000;
      lines.push({
        positionId: random.pick(dishes.slice(0, 8)),
        kind: 'dish',
        count,
        payable: count * price,
      });
    }
    if (random.chance(0.15))
      lines.push({ positionId: random.pick(dishes.slice(8, 10)), kind: 'gift', count: 1, payable: 0 });
    const sum = lines.reduce((s, l) => s + l.payable, 0);
    const promoCode = random.chance(0.3) ? random.pick(['SPRING', 'WELCOME', 'VIP']) : null;
    const discount = promoCode ? Math.floor(sum / 10) : 0;
    const bonusSpent = random.chance(0.25) ? random.int(1, 20) * 1000 : 0;
    const deliveryPrice = random.chance(0.5) ? 15_000 : 0;
    const payable = sum - discount - bonusSpent + deliveryPrice;
    const wasAccepted =
      !['new', 'canceled'].includes(status) && !(status === 'declined' && random.chance(0.5));
    const acceptedAt = wasAccepted
      ? createdAt + (random.chance(0.05) ? random.int(241, 400) * MINUTE : random.int(0, 25 * 60) * 1000)
      : null;
    const preOrderAt = random.chance(0.15) ? createdAt + random.int(3, 20) * HOUR : null;
    const doneAt =
      status === 'done' ? createdAt + random.int(15, 320) * MINUTE + random.int(0, 59) * 1000 : null;
    const cancelledBy = status === 'canceled' ? random.pick(CANCELLERS) : null;
    const order: HistoryOrder = {
      id: 0,
      restoId,
      personId: random.pick(people),
      createdAt,
      status,
      payType,
      sum,
      discount,
      bonusSpent,
      bonusReturned: 0,
      deliveryPrice,
      payable,
      promoCode,
      declineReason: status === 'declined' ? random.pick(DECLINE_REASONS) : null,
      acceptedAt,
      doneAt,
      preOrderAt,
      cancelledBy,
      paidPaymentId: null,
      payments: [],
      lines,
      rating:
        status === 'done' && random.chance(0.6)
          ? {
              stars: random.int(1, 5),
              tags: RATING_TAGS.filter(() => random.chance(0.2)),
            }
          : null,
    };
    await writeOrder(db, order, random, options.at);
    written.push(order);
  }
  return { orders: written, names };
}

async function writeOrder(
  db: Database,
  order: HistoryOrder,
  random: ReturnType<typeof seededRandom>,
  at: Date,
): Promise<void> {
  const unpaidCancel = order.status === 'canceled' && order.cancelledBy === 'system';
  const paid = order.payType === 'CARD_ONLINE' && order.status !== 'new' && !unpaidCancel;
  const [row] = await db
    .insert(orders)
    .values({
      whiteLabelId: 'demo',
      personId: order.personId,
      restoId: order.restoId,
      number: `R-${order.createdAt}-${random.int(0, 1e9)}`,
      localDate: new Date(order.createdAt + 3 * HOUR).toISOString().slice(0, 10),
      status: order.status,
      paymentStatus: order.payType !== 'CARD_ONLINE' ? 'not_required' : paid ? 'paid' : 'pending',
      deliveryType: order.deliveryPrice > 0 ? 'DELIVERY' : 'TAKE_AWAY',
      payType: order.payType,
      currency: 'RUB',
      timezone: '+03:00',
      restoName: { ru: 'Ресторан' },
      promoCode: order.promoCode,
      personName: 'Анна',
      personPhone: '+79123456789',
      personCount: 1,
      preOrderAt: order.preOrderAt === null ? null : new Date(order.preOrderAt),
      promisedAt: new Date(order.createdAt + HOUR),
      createdAt: new Date(order.createdAt),
      sum: minor(order.sum),
      discount: minor(order.discount),
      deliveryPrice: minor(order.deliveryPrice),
      payable: minor(order.payable),
      bonusSpent: minor(order.bonusSpent),
      positionsCount: order.lines.length,
      acceptedAt: order.acceptedAt === null ? null : new Date(order.acceptedAt),
      declineReason: order.declineReason,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('no order row');
  order.id = row.id;
  await db.insert(orderLines).values(
    order.lines.map((line, lineNo) => ({
      orderId: order.id,
      lineNo,
      positionId: line.positionId,
      menuId: 1,
      name: { ru: 'Блюдо' },
      count: line.count,
      price: minor(line.count > 0 ? Math.floor(line.payable / line.count) : 0),
      modifiers: [],
      sum: minor(line.payable),
      discount: minor(0),
      payableAmount: minor(line.payable),
      kind: line.kind,
    })),
  );
  const history: { status: OrderStatus; at: number; by: string }[] = [
    { status: 'new', at: order.createdAt, by: 'customer' },
  ];
  if (order.acceptedAt !== null) history.push({ status: 'accepted', at: order.acceptedAt, by: 'staff:1' });
  if (order.doneAt !== null) history.push({ status: 'done', at: order.doneAt, by: 'staff:1' });
  if (order.cancelledBy !== null)
    history.push({ status: 'canceled', at: order.createdAt + 10 * MINUTE, by: order.cancelledBy });
  if (order.status === 'declined')
    history.push({ status: 'declined', at: order.createdAt + 5 * MINUTE, by: 'staff:1' });
  await db
    .insert(orderHistory)
    .values(history.map((h) => ({ orderId: order.id, status: h.status, at: new Date(h.at), by: h.by })));

  if (paid) {
    const kept = await addPayment(db, order, 1, order.payable);
    order.paidPaymentId = kept.id;
    await db
      .update(orders)
      .set({ paidPaymentId: kept.id, paidAt: new Date(order.createdAt + MINUTE) })
      .where(eq(orders.id, order.id));
    if (order.status === 'declined' || order.status === 'canceled')
      await addRefund(db, order, kept, kept.amount, 'succeeded');
    else if (order.status === 'done' && random.chance(0.3)) {
      const part = random.int(1, Math.max(1, Math.floor(kept.amount / 1000))) * 1000;
      await addRefund(
        db,
        order,
        kept,
        Math.min(part, kept.amount),
        random.pick(['succeeded', 'succeeded', 'pending', 'canceled'] as const),
      );
    }
    if (random.chance(0.1)) {
      // Paid twice: the second payment is not the kept one; its refund is neither revenue nor a refund.
      const second = await addPayment(db, order, 2, order.payable);
      await addRefund(db, order, second, second.amount, 'succeeded');
    }
  }
  if (
    order.bonusSpent > 0 &&
    order.status === 'done' &&
    order.payments[0]?.refunds.some((r) => r.status === 'succeeded')
  ) {
    order.bonusReturned = Math.floor(order.bonusSpent / 2);
    await db.insert(bonusLedger).values({
      whiteLabelId: 'demo',
      personId: order.personId,
      kind: 'refund-return',
      amount: minor(order.bonusReturned),
      orderId: order.id,
      refundId: order.payments[0]?.refunds[0]?.id ?? null,
      createdAt: new Date(order.createdAt + 2 * HOUR),
    });
  }
  if (order.rating) await writeRating(db, order, order.rating);
  await markReportDay(db, order.id, at);
}

async function addPayment(db: Database, order: HistoryOrder, attempt: number, amount: number) {
  const [row] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      attempt,
      engine: 'demo',
      shop: 'demo-shop',
      idempotenceKey: `order-${order.id}-${attempt}`,
      status: 'succeeded',
      amount: minor(amount),
      currency: 'RUB',
      returnUrl: 'https://example.test/back',
      createdAt: new Date(order.createdAt),
      updatedAt: new Date(order.createdAt),
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('no payment row');
  const payment: HistoryPayment = { id: row.id, amount, refunds: [] };
  order.payments.push(payment);
  return payment;
}

/** A refund of a payment of an order (tests add later ones after the roll-up). */
export async function addRefund(
  db: Database,
  order: HistoryOrder,
  payment: HistoryPayment,
  amount: number,
  status: 'succeeded' | 'pending' | 'canceled',
) {
  const [row] = await db
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      orderId: order.id,
      idempotenceKey: `refund-${payment.id}-${payment.refunds.length + 1}`,
      status,
      reason: 'partial',
      amount: minor(amount),
      currency: 'RUB',
      createdAt: new Date(order.createdAt + HOUR),
      updatedAt: new Date(order.createdAt + HOUR),
    })
    .returning({ id: paymentRefunds.id });
  if (!row) throw new Error('no refund row');
  payment.refunds.push({ id: row.id, amount, status });
}

/** The order's rating (tests change one after the roll-up). */
export async function writeRating(
  db: Database,
  order: HistoryOrder,
  rating: { stars: number; tags: RatingTag[] },
) {
  order.rating = rating;
  const at = new Date((order.doneAt ?? order.createdAt) + HOUR);
  await db
    .insert(orderRatings)
    .values({
      orderId: order.id,
      whiteLabelId: 'demo',
      restoId: order.restoId,
      personId: order.personId,
      stars: rating.stars,
      tags: rating.tags,
      source: 'order-page',
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: orderRatings.orderId,
      set: { stars: rating.stars, tags: rating.tags, updatedAt: at },
    });
}

/** Cancels a 'new' order as its customer would (tests do it after the roll-up). */
export async function cancelOrder(db: Database, order: HistoryOrder, at: number) {
  order.status = 'canceled';
  order.cancelledBy = 'customer';
  await db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));
  await db
    .insert(orderHistory)
    .values({ orderId: order.id, status: 'canceled', at: new Date(at), by: 'customer' });
}

/** How many report_dirty marks are left. */
export async function reportMarks(db: Database): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from report_dirty`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
