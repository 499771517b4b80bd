import {
  boardColumnOf,
  chooseDeliveryBand,
  EXTENDED_COOKING_MINUTES,
  EXTENDED_COOKING_TAG,
  findTopZoneAt,
  isLateUnaccepted,
  type Locale,
  minor,
  preOrderJoinsBoardAtMs,
} from '@storefront/domain';
import type { BoardOrder, StaffRating } from '@storefront/domain/contracts';
import { eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orderRatings, orders } from '../../db/schema.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { type OrderRow, orderFromRow } from '../orders/index.ts';
import { posStandingOf } from './board-pos-standing.ts';

/** An order as the board shows it (contracts/staff.ts boardOrder), and which orders the kitchen sees. */

/** Payment statuses of a card-online order the kitchen may see: the money arrived (ORDERING.md). */
export const KITCHEN_VISIBLE_PAYMENT_STATUSES = ['paid', 'refund_pending', 'refunded'] as const;

/** The SQL twin of kitchenSees: a card-online order not yet paid is nobody's business in the kitchen. */
export const kitchenSeesSql = (): SQL =>
  or(
    ne(orders.payType, 'CARD_ONLINE'),
    inArray(orders.paymentStatus, [...KITCHEN_VISIBLE_PAYMENT_STATUSES]),
  ) as SQL;

export function kitchenSees(row: Pick<OrderRow, 'payType' | 'paymentStatus'>): boolean {
  return (
    row.payType !== 'CARD_ONLINE' ||
    (KITCHEN_VISIBLE_PAYMENT_STATUSES as readonly string[]).includes(row.paymentStatus)
  );
}

/** Position ids of the brand's dishes that need extended cooking, built once per snapshot. */
const extendedBySnapshot = new WeakMap<CatalogSnapshot, Set<number>>();
function extendedCooking(snapshot: CatalogSnapshot): Set<number> {
  let ids = extendedBySnapshot.get(snapshot);
  if (!ids) {
    ids = new Set();
    for (const menu of snapshot.menus.values())
      for (const p of menu.positions)
        if (p.tags.some((tag) => tag.code === EXTENDED_COOKING_TAG)) ids.add(p.id);
    extendedBySnapshot.set(snapshot, ids);
  }
  return ids;
}

/**
 * The cooking lead of an order in minutes, as placement computed promisedAt (decision 20): the delivery
 * band's time (the zone at the order's point, the band of its sum after the discount) or the restaurant's
 * take-away minutes, plus EXTENDED_COOKING_MINUTES with an extended-cooking dish. A zone or band that has
 * since gone from the catalog falls back to the take-away minutes.
 */
export function leadMinutesOf(
  row: OrderRow,
  positionIds: readonly number[],
  snapshot: CatalogSnapshot,
  takeAwayMinutes: number,
): number {
  let minutes = takeAwayMinutes;
  if (row.deliveryType === 'DELIVERY' && row.lat !== null && row.lng !== null) {
    const zone = findTopZoneAt({ lat: row.lat, lng: row.lng }, snapshot.zonesByResto.get(row.restoId) ?? []);
    const band = zone ? chooseDeliveryBand(zone.rules, minor(row.sum - row.discount)).band : null;
    if (band) minutes = band.time;
  }
  const extended = extendedCooking(snapshot);
  return minutes + (positionIds.some((id) => extended.has(id)) ? EXTENDED_COOKING_MINUTES : 0);
}

export interface BoardViewOptions {
  snapshot: CatalogSnapshot;
  locale: Locale;
  nowMs: number;
  lateMinutes: number;
  /** restos.take_away_minutes of the order's restaurant. */
  takeAwayMinutes: number;
}

export async function boardOrderOf(
  db: Executor,
  row: OrderRow,
  options: BoardViewOptions,
): Promise<BoardOrder> {
  const order = await orderFromRow(db, row, { locale: options.locale, snapshot: options.snapshot });
  const waitingSince = row.payType === 'CARD_ONLINE' && row.paidAt ? row.paidAt : row.createdAt;
  const lead = leadMinutesOf(
    row,
    order.lines.map((line) => line.id),
    options.snapshot,
    options.takeAwayMinutes,
  );
  const joinsMs = row.preOrderAt ? preOrderJoinsBoardAtMs(row.preOrderAt.getTime(), lead) : null;
  // A pre-order waiting apart is not late: its clock starts when it joins the active columns.
  const lateFromMs = Math.max(waitingSince.getTime(), joinsMs ?? 0);
  return {
    ...order,
    column: boardColumnOf(row.status),
    waitingSince: waitingSince.toISOString(),
    late: isLateUnaccepted(row.status, lateFromMs, options.nowMs, options.lateMinutes),
    joinsBoardAt: joinsMs === null ? null : new Date(joinsMs).toISOString(),
    acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
    pos: await posStandingOf(db, row.id, options.locale),
    rating: await ratingOf(db, row),
  };
}

/** The customer's rating as staff see it (decision 57), read from the table: the board imports no ratings code. */
async function ratingOf(db: Executor, row: OrderRow): Promise<StaffRating | null> {
  const [rating] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, row.id));
  if (!rating) return null;
  return {
    orderId: rating.orderId,
    restoId: rating.restoId,
    number: row.number,
    stars: rating.stars,
    tags: rating.tags,
    comment: rating.comment,
    ratedAt: rating.updatedAt.toISOString(),
    seenAt: rating.seenAt ? rating.seenAt.toISOString() : null,
  };
}
