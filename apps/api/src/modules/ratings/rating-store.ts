import {
  DELIVERY_ONLY_RATING_TAGS,
  isLowRating,
  mayBeRated,
  type RatingTag,
  ratingChangeableUntilMs,
} from '@storefront/domain';
import type { OrderRatingState, RatingBody, StaffRating } from '@storefront/domain/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { orderHistory, orderRatings, orders, restos } from '../../db/schema.ts';
import { writeOrderEvent } from '../outbox/index.ts';

/** Reading and giving the rating of one order: the same rules whether it comes from the order page or a link. */

export type RatingSource = 'order-page' | 'link';

type OrderRow = typeof orders.$inferSelect;
type RatingRow = typeof orderRatings.$inferSelect;

/** Who may see the order: its person (the order page) or anyone holding its link. */
export type OrderOwner = { personId: number } | { link: true };

async function orderRow(db: Executor, whiteLabel: string, orderId: number, owner: OrderOwner, lock = false) {
  const query = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.whiteLabelId, whiteLabel),
        'personId' in owner ? eq(orders.personId, owner.personId) : undefined,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** When the order was done (its last 'done' in the history), or null before. */
export async function doneAtOf(db: Executor, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`max(${orderHistory.at})` })
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.status, 'done')));
  return row?.at ? new Date(row.at) : null;
}

function notFound(owner: OrderOwner): ApiError {
  return 'link' in owner
    ? new ApiError(404, 'rating.link-invalid')
    : new ApiError(404, 'order.not-found', 'orderId');
}

async function stateOf(
  db: Executor,
  order: OrderRow,
  rating: RatingRow | undefined,
  nowMs: number,
): Promise<OrderRatingState> {
  const [resto] = await db
    .select({ reviewLinks: restos.reviewLinks })
    .from(restos)
    .where(eq(restos.id, order.restoId));
  const changeableUntilMs = rating ? ratingChangeableUntilMs(rating.createdAt.getTime()) : null;
  return {
    orderId: order.id,
    canRate: mayBeRated(order.status) && (changeableUntilMs === null || nowMs < changeableUntilMs),
    rating: rating
      ? {
          stars: rating.stars,
          tags: rating.tags,
          comment: rating.comment,
          ratedAt: rating.updatedAt.toISOString(),
          changeableUntil: new Date(changeableUntilMs as number).toISOString(),
        }
      : null,
    reviewLinks: {
      yandexMaps: resto?.reviewLinks.yandexMaps ?? null,
      twoGis: resto?.reviewLinks.twoGis ?? null,
    },
    restoName: order.restoName,
    number: order.number,
    deliveryType: order.deliveryType,
  };
}

async function ratingRow(db: Executor, orderId: number): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId));
  return row;
}

export async function readRatingState(
  db: Executor,
  whiteLabel: string,
  orderId: number,
  owner: OrderOwner,
  nowMs: number,
): Promise<OrderRatingState> {
  const order = await orderRow(db, whiteLabel, orderId, owner);
  if (!order) throw notFound(owner);
  return stateOf(db, order, await ratingRow(db, orderId), nowMs);
}

/** Tags once each, in the domain's order: a tag sent twice counts once. */
function tagsOf(tags: readonly RatingTag[]): RatingTag[] {
  return [...new Set(tags)];
}

/**
 * Gives or changes the order's rating (one per order): 409 rating.order-not-done before the order is done, 422
 * rating.tag-not-for-method for a courier's tag on a take-away order, 409 rating.change-closed once
 * RATING_CHANGE_HOURS have passed since it was first given. The rating and its order event 'rated' are one
 * transaction; the order row is locked, so two first ratings at once make one row and the second a change.
 */
export async function giveRating(
  db: Database,
  whiteLabel: string,
  orderId: number,
  owner: OrderOwner,
  body: RatingBody,
  source: RatingSource,
  nowMs: number,
): Promise<OrderRatingState> {
  const tags = tagsOf(body.tags ?? []);
  const comment = body.comment?.trim() ? body.comment.trim() : null;
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const order = await orderRow(tx, whiteLabel, orderId, owner, true);
    if (!order) throw notFound(owner);
    if (!mayBeRated(order.status)) throw new ApiError(409, 'rating.order-not-done');
    if (order.deliveryType === 'TAKE_AWAY' && tags.some((tag) => DELIVERY_ONLY_RATING_TAGS.includes(tag)))
      throw new ApiError(422, 'rating.tag-not-for-method', 'tags');
    const existing = await ratingRow(tx, orderId);
    let saved: RatingRow | undefined;
    if (existing) {
      if (nowMs >= ratingChangeableUntilMs(existing.createdAt.getTime()))
        throw new ApiError(409, 'rating.change-closed');
      // A changed low rating is flagged again: the manager saw the old one.
      const flagAgain = isLowRating(body.stars) && existing.stars !== body.stars;
      [saved] = await tx
        .update(orderRatings)
        .set({
          stars: body.stars,
          tags,
          comment,
          updatedAt: now,
          ...(flagAgain ? { seenAt: null, seenBy: null } : {}),
        })
        .where(eq(orderRatings.orderId, orderId))
        .returning();
    } else {
      [saved] = await tx
        .insert(orderRatings)
        .values({
          orderId,
          whiteLabelId: order.whiteLabelId,
          restoId: order.restoId,
          personId: order.personId,
          stars: body.stars,
          tags,
          comment,
          source,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
    await writeOrderEvent(
      tx,
      { id: order.id, whiteLabelId: order.whiteLabelId, restoId: order.restoId },
      'rated',
      now,
    );
    return stateOf(tx, order, saved, nowMs);
  });
}

/** A rating row as staff see it. */
export function staffRatingOf(row: RatingRow, number: string): StaffRating {
  return {
    orderId: row.orderId,
    restoId: row.restoId,
    number,
    stars: row.stars,
    tags: row.tags,
    comment: row.comment,
    ratedAt: row.updatedAt.toISOString(),
    seenAt: row.seenAt ? row.seenAt.toISOString() : null,
  };
}
