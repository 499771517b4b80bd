import type { OrderEvent } from '@storefront/domain/contracts';
import { and, asc, eq, gt, inArray, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema.ts';

/**
 * Reading the outbox for streams: each event with what its readers' filters need of its order (whose it is,
 * how it is paid), read in the same query, so a batch costs one query however many streams are open.
 */

/** Who a stream is for, as its filter needs it: read once when the stream opens. */
export type StreamReader =
  | { kind: 'staff'; whiteLabel: string; staffId: number; restoIds: ReadonlySet<number> }
  | { kind: 'person'; whiteLabel: string; personId: number };

export interface EventRow {
  id: number;
  whiteLabelId: string;
  restoId: number;
  orderId: number;
  kind: string;
  at: Date;
  personId: number | null;
  payType: string;
  paidPaymentId: number | null;
}

/** Kinds of a card-online order the kitchen never hears of: it sees the order from its `paid` event on. */
const UNPAID_ONLINE_KINDS = new Set(['placed', 'payment-failed']);

/**
 * Whether the reader may see the event. A customer sees their own orders. Staff see their restaurants, but
 * not a card-online order before it is paid (decision 23: nothing to cook until the money is in): its
 * `placed` and failed payments never, and nothing at all of one never paid (its cancel by the sweeper).
 * The order's pay state is read now, not as it was at the event: a switch to paying on receipt makes the
 * order's earlier events visible, which is what a board re-reading it wants.
 */
export function visibleTo(reader: StreamReader, row: EventRow): boolean {
  if (row.whiteLabelId !== reader.whiteLabel) return false;
  if (reader.kind === 'person') return row.personId === reader.personId;
  if (!reader.restoIds.has(row.restoId)) return false;
  if (row.payType !== 'CARD_ONLINE') return true;
  return !UNPAID_ONLINE_KINDS.has(row.kind) && row.paidPaymentId !== null;
}

export const toOrderEvent = (row: EventRow): OrderEvent => ({
  id: row.id,
  kind: row.kind,
  orderId: row.orderId,
  restoId: row.restoId,
  at: row.at.toISOString(),
});

const columns = {
  id: orderEvents.id,
  whiteLabelId: orderEvents.whiteLabelId,
  restoId: orderEvents.restoId,
  orderId: orderEvents.orderId,
  kind: orderEvents.kind,
  at: orderEvents.at,
  personId: orders.personId,
  payType: orders.payType,
  paidPaymentId: orders.paidPaymentId,
};

/** Events after `after` (up to `upTo` when given), oldest first, with their orders' filter fields. */
export function readEventRows(
  db: Database,
  range: { after: number; upTo?: number; limit: number; where?: SQL },
): Promise<EventRow[]> {
  return db
    .select(columns)
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(
        gt(orderEvents.id, range.after),
        ...(range.upTo === undefined ? [] : [lte(orderEvents.id, range.upTo)]),
        ...(range.where ? [range.where] : []),
      ),
    )
    .orderBy(asc(orderEvents.id))
    .limit(range.limit);
}

/** The part of a reader's filter the database can apply to a replay (visibleTo decides the rest). */
export function readerCondition(reader: StreamReader): SQL | undefined {
  if (reader.kind === 'person')
    return and(eq(orderEvents.whiteLabelId, reader.whiteLabel), eq(orders.personId, reader.personId));
  // A member without restaurants sees nothing (and `in ()` is not SQL).
  if (reader.restoIds.size === 0) return sql`false`;
  return and(
    eq(orderEvents.whiteLabelId, reader.whiteLabel),
    inArray(orderEvents.restoId, [...reader.restoIds]),
  );
}

/** The newest event id (0 for an empty log). */
export async function latestEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(orderEvents.id) }).from(orderEvents);
  return Number(row?.id ?? 0);
}
