import { ORDER_STATUSES } from '@storefront/domain';
import { and, asc, eq, inArray, lte, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { orders, posLinks, posOrderTransfers } from '../../db/schema.ts';
import {
  type PosAdapter,
  type PosCreation,
  PosError,
  type PosOrderState,
} from '../../integrations/pos/pos-adapter.ts';
import { advanceCancel, discoverWithdrawals } from './order-cancel.ts';
import { posOrderIdOf } from './order-external-id.ts';
import { logOrder } from './order-log.ts';
import { deliveryOrderOf, OrderNotBookable, type PosDirectory, posDirectory } from './order-payload.ts';
import {
  markCreated,
  markFailed,
  markInProgress,
  OPEN_TRANSFER_STATES,
  type TransferRow,
} from './order-transfer-state.ts';
import type { PosContext } from './pos-context.ts';
import { pollStatusesOnce, STATUS_POLL_MS } from './status-poll.ts';

/**
 * Our orders into the chain's POS (decision 54). The worker does not hook into placement or payments (no
 * module imports pos): it finds the brand's orders that may be cooked now, at a linked restaurant, linked
 * before the order was placed, without a transfer yet (paid on receipt: at once; paid online: once paid,
 * or once switched to paying on receipt; a pre-order at once, with its time), and gives each a transfer row.
 * Then it leases due rows (FOR UPDATE SKIP LOCKED, the lease pushed ahead, as the payments sweeper does)
 * and sends, follows or retries each with the order's derived id: a resend, on any instance, after a crash
 * or a timeout, names the same POS order, and a send is preceded by asking the POS whether it has the order
 * already once an earlier try may have reached it. No sequence of retries makes a second POS order.
 */

const BATCH = 20;
/** Our statuses an order may still be sent in: made, not finished, not refused. */
const SENDABLE_STATUSES = ORDER_STATUSES.filter((s) => s !== 'done' && s !== 'declined' && s !== 'canceled');

/** Per context: the POS's payment types and terminal groups, read once in a while. */
const directories = new WeakMap<PosAdapter, PosDirectory>();
function directoryOf(ctx: PosContext, adapter: PosAdapter): PosDirectory {
  let directory = directories.get(adapter);
  if (!directory) {
    directory = posDirectory(adapter, ctx.now);
    directories.set(adapter, directory);
  }
  return directory;
}

/** Gives each order that may be cooked now a transfer row (once: the order id is the row's key). */
export async function discoverOrders(ctx: PosContext): Promise<number> {
  const found = await ctx.db
    .select({
      orderId: orders.id,
      restoId: orders.restoId,
      createdAt: orders.createdAt,
      provider: posLinks.provider,
      organizationId: posLinks.organizationId,
      terminalGroupId: posLinks.terminalGroupId,
    })
    .from(orders)
    .innerJoin(posLinks, eq(posLinks.restoId, orders.restoId))
    .where(
      and(
        eq(orders.whiteLabelId, ctx.whiteLabel),
        eq(posLinks.whiteLabelId, ctx.whiteLabel),
        lte(posLinks.linkedAt, orders.createdAt),
        inArray(orders.status, SENDABLE_STATUSES),
        or(ne(orders.payType, 'CARD_ONLINE'), eq(orders.paymentStatus, 'paid')),
        notExists(
          ctx.db
            .select({ orderId: posOrderTransfers.orderId })
            .from(posOrderTransfers)
            .where(eq(posOrderTransfers.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(100);
  if (found.length === 0) return 0;
  const now = new Date(ctx.now());
  const inserted = await ctx.db
    .insert(posOrderTransfers)
    .values(
      found.map((o) => ({
        orderId: o.orderId,
        whiteLabelId: ctx.whiteLabel,
        restoId: o.restoId,
        provider: o.provider,
        externalOrderId: posOrderIdOf(ctx.whiteLabel, o.orderId, o.createdAt),
        organizationId: o.organizationId,
        terminalGroupId: o.terminalGroupId,
        state: 'waiting' as const,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ orderId: posOrderTransfers.orderId });
  return inserted.length;
}

/**
 * The next due row, leased: moved a lease ahead in the statement that picks it; a send counts as an attempt.
 * `done` are the rows this round has worked: none twice in a round.
 */
async function leaseDue(
  ctx: PosContext,
  nowMs: number,
  done: readonly number[],
): Promise<TransferRow | null> {
  const due = ctx.db
    .select({ orderId: posOrderTransfers.orderId })
    .from(posOrderTransfers)
    .where(
      and(
        eq(posOrderTransfers.whiteLabelId, ctx.whiteLabel),
        inArray(posOrderTransfers.state, [...OPEN_TRANSFER_STATES, 'cancelling']),
        lte(posOrderTransfers.nextAttemptAt, new Date(nowMs)),
        done.length > 0 ? notInArray(posOrderTransfers.orderId, [...done]) : undefined,
      ),
    )
    .orderBy(asc(posOrderTransfers.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const leased = await ctx.db
    .update(posOrderTransfers)
    .set({
      nextAttemptAt: new Date(nowMs + ctx.leaseMs),
      attempts: sql`case when ${posOrderTransfers.state} = 'in-progress' then ${posOrderTransfers.attempts} else ${posOrderTransfers.attempts} + 1 end`,
    })
    .where(inArray(posOrderTransfers.orderId, due))
    .returning();
  return leased[0] ?? null;
}

/** The POS's own record of the order, if it has one ("not found" is iiko's 400: none). */
async function existingOrder(adapter: PosAdapter, row: TransferRow): Promise<PosOrderState | null> {
  try {
    const [found] = await adapter.ordersById(row.organizationId, [row.externalOrderId]);
    return found ?? null;
  } catch (error) {
    if (error instanceof PosError && error.failure === 'not-found') return null;
    throw error;
  }
}

async function settle(ctx: PosContext, row: TransferRow, creation: PosCreation) {
  const correlationId = creation.correlationId || null;
  if (creation.status === 'Success') await markCreated(ctx, row, correlationId);
  else if (creation.status === 'InProgress') await markInProgress(ctx, row, correlationId);
  else await markFailed(ctx, row, `pos.${creation.failure ?? 'rejected'}`, creation.message);
}

/**
 * An order withdrawn (cancelled, declined) before the POS has it loses its transfer: nothing is cooked, and
 * the discovery does not pick a withdrawn order up again. Logged, so the back office sees why it never went.
 */
async function dropIfWithdrawn(ctx: PosContext, row: TransferRow): Promise<boolean> {
  const [order] = await ctx.db
    .select({ status: orders.status, number: orders.number })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order || (order.status !== 'canceled' && order.status !== 'declined')) return false;
  return ctx.db.transaction(async (tx) => {
    const [dropped] = await tx
      .delete(posOrderTransfers)
      .where(
        and(
          eq(posOrderTransfers.orderId, row.orderId),
          inArray(posOrderTransfers.state, [...OPEN_TRANSFER_STATES]),
        ),
      )
      .returning({ orderId: posOrderTransfers.orderId });
    if (!dropped) return false;
    await logOrder(
      tx,
      { ...row, kind: 'order', ok: true, summary: { number: order.number, notSent: order.status } },
      ctx.now(),
    );
    return true;
  });
}

/** One leased row's step: follow a creation in progress, or (after asking whether the POS has it) send. */
async function advance(ctx: PosContext, adapter: PosAdapter, row: TransferRow): Promise<void> {
  if (row.state === 'cancelling') return advanceCancel(ctx, adapter, row);
  try {
    if (row.state === 'in-progress' && row.correlationId) {
      await settle(ctx, row, await adapter.commandStatus(row.organizationId, row.correlationId));
      return;
    }
    // An earlier try may have reached the POS (a timeout, a 500 after creating, a crash mid-call): ask first.
    if (row.attempts > 1 || row.state === 'in-progress') {
      const found = await existingOrder(adapter, row);
      if (found && found.creationStatus !== 'Error') {
        await settle(ctx, row, {
          correlationId: '',
          status: found.creationStatus,
          failure: null,
          message: null,
        });
        return;
      }
    }
    // Cancelled by the customer or declined before the POS got it (it has not, as asked above): never send.
    if (await dropIfWithdrawn(ctx, row)) return;
    const order = await deliveryOrderOf(ctx.db, row, directoryOf(ctx, adapter));
    await settle(ctx, row, await adapter.createDelivery(order));
  } catch (error) {
    if (error instanceof OrderNotBookable) await markFailed(ctx, row, error.code, error.message);
    else if (error instanceof PosError) await markFailed(ctx, row, `pos.${error.failure}`, error.message);
    else throw error;
  }
}

export interface TransferReport {
  discovered: number;
  /** Orders withdrawn on our side whose POS order is to be cancelled (moved to 'cancelling' this round). */
  withdrawn: number;
  advanced: number;
}

/**
 * One round at the context's clock: find new orders and withdrawn ones, then send, cancel or check every due
 * one. Tests run it by hand.
 */
export async function runTransfersOnce(ctx: PosContext): Promise<TransferReport> {
  const adapter = ctx.adapter;
  if (!adapter) return { discovered: 0, withdrawn: 0, advanced: 0 };
  const discovered = await discoverOrders(ctx);
  const withdrawn = await discoverWithdrawals(ctx);
  let advanced = 0;
  const done: number[] = [];
  while (done.length < BATCH) {
    const row = await leaseDue(ctx, ctx.now(), done);
    if (!row) break;
    done.push(row.orderId);
    try {
      await advance(ctx, adapter, row);
      advanced += 1;
    } catch (error) {
      // The lease brings the row back: a database hiccup costs one lease's wait, never a second order.
      ctx.log.warn({ err: error, orderId: row.orderId }, 'pos: an order transfer step failed; next time');
    }
  }
  return { discovered, withdrawn, advanced };
}

/** The worker: sends orders that may be cooked, follows creations, catches up statuses by revision. */
export function startOrderTransfers(ctx: PosContext): () => void {
  if (!ctx.adapter || ctx.pollMs <= 0) return () => {};
  let running = false;
  let lastPollMs = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const round = async () => {
      await runTransfersOnce(ctx);
      if (ctx.now() - lastPollMs >= Math.max(STATUS_POLL_MS, ctx.pollMs)) {
        lastPollMs = ctx.now();
        await pollStatusesOnce(ctx);
      }
    };
    round()
      .catch((error) => ctx.log.warn({ err: error }, 'pos: transfer round failed'))
      .finally(() => {
        running = false;
      });
  }, ctx.pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
