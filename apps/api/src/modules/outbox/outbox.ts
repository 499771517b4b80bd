import { ORDER_EVENT_KINDS, type OrderEventKind } from '@storefront/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orderEvents } from '../../db/schema.ts';
import { markReportDay } from './report-marks.ts';

/**
 * The outbox (ORDERING.md 'Events'): the one writer of order_events. Every change of an order adds one row
 * here in the change's own transaction, so the event exists exactly when the change committed; the board
 * and the customer's order page read the rows in id order as server-sent events (modules/events).
 *
 * Modules that change orders (placement, cancellation, the board's moves, payments) call writeOrderEvent
 * instead of inserting: the kind is one of the domain's ORDER_EVENT_KINDS, checked by the compiler and,
 * for a value that reached here through a cast, at run time before anything is written.
 */

/** The order an event is about: its brand and restaurant are what a stream filters on. */
export interface OutboxOrder {
  id: number;
  whiteLabelId: string;
  restoId: number;
}

const KINDS: ReadonlySet<string> = new Set(ORDER_EVENT_KINDS);

/** Adds one event of `order` to the outbox, inside the caller's transaction (`tx`). */
export async function writeOrderEvent(
  tx: Executor,
  order: OutboxOrder,
  kind: OrderEventKind,
  at: Date,
): Promise<void> {
  if (!KINDS.has(kind)) throw new Error(`order event kind '${kind}' is not one of ORDER_EVENT_KINDS`);
  await tx.insert(orderEvents).values({
    whiteLabelId: order.whiteLabelId,
    restoId: order.restoId,
    orderId: order.id,
    kind,
    at,
  });
  await markReportDay(tx, order.id, at);
}

/** The brand's last event id (0 before any): a stream that resumes after it misses nothing later. */
export async function latestEventId(db: Executor, whiteLabel: string): Promise<number> {
  const [last] = await db
    .select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0)::bigint` })
    .from(orderEvents)
    .where(eq(orderEvents.whiteLabelId, whiteLabel));
  return Number(last?.id ?? 0);
}
