import type { Locale, OrderStatus } from '@storefront/domain';
import type { BoardOrder } from '@storefront/domain/contracts';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import { orders, restos } from '../../db/schema.ts';
import { delayAnswer, readDelay } from '../capacity/index.ts';
import { busyUntilOf, restaurantDay, stopListOf } from '../catalog/index.ts';
import { latestEventId } from '../outbox/index.ts';
import type { BoardContext } from './board-context.ts';
import { boardOrderOf, kitchenSees, kitchenSeesSql } from './board-view.ts';

/** The board's reads: the whole board of a staff member's restaurants, and one order. */

/** Orders still to be made or handed over: always on the board, whatever day they were placed. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['new', 'accepted', 'cooking', 'ready', 'on_the_way'];

interface RestoRow {
  id: number;
  name: { ru: string; en?: string };
  timezone: string;
  takeAwayMinutes: number;
  autoDelayThreshold: number | null;
}

async function restoRows(db: Executor, whiteLabel: string, ids: readonly number[]): Promise<RestoRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: restos.id,
      name: restos.name,
      timezone: restos.timezone,
      takeAwayMinutes: restos.takeAwayMinutes,
      autoDelayThreshold: restos.autoDelayThreshold,
    })
    .from(restos)
    .where(and(eq(restos.whiteLabelId, whiteLabel), inArray(restos.id, [...ids])))
    .orderBy(asc(restos.id)) as Promise<RestoRow[]>;
}

/**
 * GET /api/v1/staff/board. One repeatable-read transaction: the cursor (the last event id) is read first and
 * the orders after it in the same snapshot, so every change after the cursor is also after what this answer
 * shows, and a stream resumed from the cursor misses nothing.
 */
export async function readBoard(
  ctx: BoardContext,
  access: StaffAccess,
  restoId: number | undefined,
  locale: Locale,
) {
  if (restoId !== undefined) assertRestoAccess(access, restoId);
  const ids = restoId === undefined ? access.restoIds : [restoId];
  const nowMs = ctx.now();
  const snapshot = ctx.snapshot();
  return ctx.db.transaction(
    async (tx) => {
      const cursor = await latestEventId(tx, access.whiteLabel);
      const rows = await restoRows(tx, access.whiteLabel, ids);
      const days = new Map(rows.map((r) => [r.id, restaurantDay(nowMs, r.timezone)]));
      const restoAnswers = [];
      for (const r of rows) {
        restoAnswers.push({
          id: r.id,
          name: r.name,
          timezone: r.timezone,
          busyUntil: await busyUntilOf(tx, r.id, nowMs),
          // Staff's or the automatic delay running now, and the automatic one's threshold (decision 56).
          delay: delayAnswer(await readDelay(tx, r.id, nowMs)),
          autoDelayThreshold: r.autoDelayThreshold,
          stopList: await stopListOf(tx, r.id, days.get(r.id)?.date ?? ''),
          lateMinutes: ctx.lateMinutes,
        });
      }
      const boardOrders: BoardOrder[] = [];
      if (rows.length > 0) {
        const todays = rows.map((r) =>
          and(eq(orders.restoId, r.id), eq(orders.localDate, days.get(r.id)?.date ?? '')),
        );
        const found = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.whiteLabelId, access.whiteLabel),
              inArray(
                orders.restoId,
                rows.map((r) => r.id),
              ),
              kitchenSeesSql(),
              or(inArray(orders.status, [...OPEN_STATUSES]), ...todays) as SQL,
            ),
          )
          .orderBy(asc(orders.createdAt), asc(orders.id));
        const takeAway = new Map(rows.map((r) => [r.id, r.takeAwayMinutes]));
        for (const row of found)
          boardOrders.push(
            await boardOrderOf(tx, row, {
              snapshot,
              locale,
              nowMs,
              lateMinutes: ctx.lateMinutes,
              takeAwayMinutes: takeAway.get(row.restoId) ?? 0,
            }),
          );
      }
      return { restos: restoAnswers, orders: boardOrders, cursor, serverTime: new Date(nowMs).toISOString() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The order row if this staff member may see it: their restaurant's and, online, paid. Otherwise 404
 * order.not-found, the same as an order that does not exist (another restaurant's is not revealed).
 */
export async function visibleOrderRow(db: Executor, access: StaffAccess, orderId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.whiteLabelId, access.whiteLabel)));
  if (!row || !access.restoIds.includes(row.restoId) || !kitchenSees(row))
    throw new ApiError(404, 'order.not-found', 'orderId');
  return row;
}

export async function takeAwayMinutesOf(db: Executor, restoId: number): Promise<number> {
  const [row] = await db
    .select({ minutes: restos.takeAwayMinutes })
    .from(restos)
    .where(eq(restos.id, restoId));
  return row?.minutes ?? 0;
}

/** GET /api/v1/staff/orders/:orderId. */
export async function readBoardOrder(
  ctx: BoardContext,
  access: StaffAccess,
  orderId: number,
  locale: Locale,
) {
  const row = await visibleOrderRow(ctx.db, access, orderId);
  return boardOrderOf(ctx.db, row, {
    snapshot: ctx.snapshot(),
    locale,
    nowMs: ctx.now(),
    lateMinutes: ctx.lateMinutes,
    takeAwayMinutes: await takeAwayMinutesOf(ctx.db, row.restoId),
  });
}
