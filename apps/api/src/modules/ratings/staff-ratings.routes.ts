import { LOW_RATING_MAX, mayAdmin } from '@storefront/domain';
import {
  errorBody,
  reportRatingsQuery,
  staffRating,
  staffRatingParams,
  staffRatingsQuery,
  staffRatingsResponse,
} from '@storefront/domain/contracts';
import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import type { Database } from '../../db/client.ts';
import { orderRatings, orders } from '../../db/schema.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { reportScopeOf } from '../reports/index.ts';
import { staffRatingOf } from './rating-store.ts';

export interface StaffRatingsRoutesOptions {
  db: Database;
  now: () => number;
}

function mayReadRatings(access: StaffAccess) {
  if (!mayAdmin(access.role, 'reports.read')) throw new ApiError(403, 'admin.forbidden-role');
}

const ROLE =
  'Staff token only; owners and managers (403 admin.forbidden-role for an operator), of their own restaurants ' +
  '(a manager linked to restaurants: those).';

/**
 * Ratings as staff see them (decision 57): the board's flags of low ratings not yet seen, marking one seen, and the
 * reports screen's list of ratings with their comments over a period.
 */
export const staffRatingsRoutes: FastifyPluginAsyncZod<StaffRatingsRoutesOptions> = async (
  app,
  { db, now },
) => {
  app.get(
    '/api/v1/staff/ratings',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The restaurant’s ratings newest first; `unseen=true`: the low ones (1–2 stars) not yet seen',
        description: `${ROLE} 403 staff.forbidden-resto for another restaurant.`,
        querystring: staffRatingsQuery,
        response: { 200: staffRatingsResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      const access = signedInStaff(request);
      mayReadRatings(access);
      const { restoId, unseen, limit } = request.query;
      assertRestoAccess(access, restoId);
      const rows = await db
        .select({ rating: orderRatings, number: orders.number })
        .from(orderRatings)
        .innerJoin(orders, eq(orders.id, orderRatings.orderId))
        .where(
          and(
            eq(orderRatings.whiteLabelId, access.whiteLabel),
            eq(orderRatings.restoId, restoId),
            unseen === 'true'
              ? and(lte(orderRatings.stars, LOW_RATING_MAX), isNull(orderRatings.seenAt))
              : undefined,
          ),
        )
        .orderBy(desc(orderRatings.updatedAt), desc(orderRatings.orderId))
        .limit(limit);
      return { content: rows.map((row) => staffRatingOf(row.rating, row.number)) };
    },
  );

  app.post(
    '/api/v1/staff/ratings/:orderId/seen',
    {
      schema: {
        tags: ['staff'],
        summary: 'Marks an order’s rating seen: its low-rating flag goes off the board (again: no change)',
        description: `${ROLE} 404 order.not-found for an order without a rating or of another restaurant.`,
        params: staffRatingParams,
        response: { 200: staffRating, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      const access = signedInStaff(request);
      mayReadRatings(access);
      const { orderId } = request.params;
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const [seen] = await tx
          .update(orderRatings)
          .set({
            seenAt: sql`coalesce(${orderRatings.seenAt}, ${at.toISOString()}::timestamptz)`,
            seenBy: sql`case when ${orderRatings.seenAt} is null then ${access.staffId}::int else ${orderRatings.seenBy} end`,
          })
          .where(
            and(
              eq(orderRatings.orderId, orderId),
              eq(orderRatings.whiteLabelId, access.whiteLabel),
              access.restoIds.length > 0 ? inArray(orderRatings.restoId, access.restoIds) : sql`false`,
            ),
          )
          .returning();
        // The first marking tells the other boards (their flags come down); marking again changes nothing.
        if (seen && seen.seenAt?.getTime() === at.getTime() && seen.seenBy === access.staffId)
          await writeOrderEvent(
            tx,
            { id: seen.orderId, whiteLabelId: seen.whiteLabelId, restoId: seen.restoId },
            'rating-seen',
            at,
          );
        return seen;
      });
      if (!row) throw new ApiError(404, 'order.not-found', 'orderId');
      const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
      return staffRatingOf(row, order?.number ?? '');
    },
  );

  app.get(
    '/api/v1/admin/reports/ratings',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Ratings of the period’s orders with their comments, newest first (`maxStars`: that many or fewer)',
        description:
          'The period and restaurants as every report: 422 report.date-malformed, report.from-after-to, ' +
          'report.period-too-long, admin.resto-not-found; 403 admin.forbidden-role, staff.forbidden-resto. A rating ' +
          'belongs to the brand-local day its order was placed on.',
        querystring: reportRatingsQuery,
        response: {
          200: staffRatingsResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          422: errorBody,
        },
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      const access = signedInStaff(request);
      const scope = await reportScopeOf(db, access, request.query);
      const { maxStars, limit } = request.query;
      if (scope.restoIds.length === 0) return { content: [] };
      const localDay = sql`((${orders.createdAt} at time zone 'UTC') + ${scope.timezone}::interval)::date`;
      const rows = await db
        .select({ rating: orderRatings, number: orders.number })
        .from(orderRatings)
        .innerJoin(orders, eq(orders.id, orderRatings.orderId))
        .where(
          and(
            eq(orderRatings.whiteLabelId, scope.whiteLabel),
            inArray(orderRatings.restoId, scope.restoIds),
            // The day of the order as the reports count it: placed, in the brand's offset (an interval: PostgreSQL
            // reads a bare '+03:00' time zone west of Greenwich).
            gte(localDay, sql`${scope.period.from}::date`),
            lte(localDay, sql`${scope.period.to}::date`),
            maxStars === undefined ? undefined : lte(orderRatings.stars, maxStars),
          ),
        )
        .orderBy(desc(orderRatings.updatedAt), desc(orderRatings.orderId))
        .limit(limit);
      return { content: rows.map((row) => staffRatingOf(row.rating, row.number)) };
    },
  );
};
