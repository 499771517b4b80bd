import { posRetryDelayMs } from '@storefront/domain';
import { and, eq, inArray, isNull, ne, notInArray, or } from 'drizzle-orm';
import { orders, posOrderTransfers } from '../../db/schema.ts';
import { type PosAdapter, PosError, type PosOrderState } from '../../integrations/pos/pos-adapter.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { pickCancelCause } from './cancel-cause.ts';
import { logOrder } from './order-log.ts';
import type { TransferRow } from './order-transfer-state.ts';
import type { PosContext } from './pos-context.ts';

/**
 * An order we withdraw (the customer cancels it while new, staff decline it) that the POS has, or may have,
 * is cancelled there too, or the kitchen cooks it anyway. The worker finds such transfers (created, being
 * created, or failed after a send that may have reached the POS) and moves them to 'cancelling'; each is then
 * leased like a send and, after reading the POS's own record of the order, cancelled there once: a retry after
 * a 500 or a crash reads the order again first, so it never cancels twice. The POS's refusal (the order is
 * cooked or closed) flags the order for staff to call the kitchen. One still waiting (never sent) is dropped
 * by the send's own step, as before. The POS's Cancelled that follows is harmless: our order is already
 * withdrawn (status-apply.ts settles the transfer with it).
 */

/** Transfer states whose order the POS has or may have: a send went (or may have gone) out. */
const CANCELLABLE_STATES = ['in-progress', 'created', 'failed'] as const;

/** Moves the transfers of orders withdrawn on our side into 'cancelling', due at once; answers how many. */
export async function discoverWithdrawals(ctx: PosContext): Promise<number> {
  const now = new Date(ctx.now());
  const moved = await ctx.db
    .update(posOrderTransfers)
    .set({
      state: 'cancelling',
      correlationId: null,
      attempts: 0,
      // A failed send's flag stays until the cancel settles (which tells the board it went).
      nextAttemptAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(posOrderTransfers.whiteLabelId, ctx.whiteLabel),
        inArray(posOrderTransfers.state, [...CANCELLABLE_STATES]),
        // The POS cancelled it itself (our order was declined by its Cancelled): nothing to cancel back. One
        // it closed or delivered is history (every order ends so): keeping those out keeps this round's scan
        // to the orders still open in the POS; a withdrawal races a close only between two rounds.
        or(
          isNull(posOrderTransfers.externalStatus),
          notInArray(posOrderTransfers.externalStatus, ['Cancelled', 'Closed', 'Delivered']),
        ),
        inArray(
          posOrderTransfers.orderId,
          ctx.db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(eq(orders.whiteLabelId, ctx.whiteLabel), inArray(orders.status, ['canceled', 'declined'])),
            ),
        ),
      ),
    )
    .returning({ orderId: posOrderTransfers.orderId });
  return moved.length;
}

const stillCancelling = (orderId: number) =>
  and(eq(posOrderTransfers.orderId, orderId), eq(posOrderTransfers.state, 'cancelling'));

/** A cancel the POS refused may still be done there by hand (staff called the kitchen): its Cancelled ends it. */
const cancelUndone = (orderId: number) =>
  and(
    eq(posOrderTransfers.orderId, orderId),
    inArray(posOrderTransfers.state, ['cancelling', 'cancel-refused']),
  );

/** The order's number and our status, for the log. */
async function orderFacts(ctx: PosContext, orderId: number) {
  const [order] = await ctx.db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { number: order?.number ?? null, status: order?.status ?? null };
}

/**
 * The POS has cancelled it (or never had it): final, also after a refusal (cancelled in the POS by hand).
 * The board hears of it when a flag goes with it. True when this call settled it (a webhook and the worker
 * may both see the Cancelled).
 */
export async function markCancelled(
  ctx: PosContext,
  transfer: TransferRow,
  outcome: 'cancelled' | 'not-in-pos',
  cause: string | null = null,
): Promise<boolean> {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const facts = await orderFacts(ctx, transfer.orderId);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ lastError: posOrderTransfers.lastError })
      .from(posOrderTransfers)
      .where(cancelUndone(transfer.orderId))
      .for('update');
    if (!before) return false;
    await tx
      .update(posOrderTransfers)
      .set({
        state: 'cancelled',
        lastError: null,
        lastErrorText: null,
        updatedAt: now,
        // Heard from the POS (or nothing to hear): a reordered earlier status does not reopen the cancel.
        ...(outcome === 'cancelled' ? { externalStatus: 'Cancelled' } : {}),
      })
      .where(cancelUndone(transfer.orderId));
    if (before.lastError !== null)
      await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-cancelled', now);
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'order',
        ok: true,
        summary: {
          number: facts.number,
          withdrawn: facts.status,
          cancel: outcome,
          externalOrderId: transfer.externalOrderId,
          ...(cause ? { cause } : {}),
        },
      },
      nowMs,
    );
    return true;
  });
}

/** Asked, not answered yet (a cancel command under way, a creation still settling): looked at again later. */
async function markWaiting(ctx: PosContext, transfer: TransferRow, correlationId: string | null) {
  const nowMs = ctx.now();
  await ctx.db
    .update(posOrderTransfers)
    .set({
      correlationId,
      nextAttemptAt: new Date(nowMs + posRetryDelayMs(transfer.attempts)),
      updatedAt: new Date(nowMs),
    })
    .where(stillCancelling(transfer.orderId));
}

/**
 * The POS will not cancel it (cooked, delivered, closed): final, flagged with the POS's words so staff call
 * the kitchen; logged as a failure.
 */
async function markRefused(ctx: PosContext, transfer: TransferRow, text: string | null) {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const facts = await orderFacts(ctx, transfer.orderId);
  await ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(posOrderTransfers)
      .set({
        state: 'cancel-refused',
        correlationId: null,
        lastError: 'pos.cancel-refused',
        lastErrorText: text,
        updatedAt: now,
      })
      .where(stillCancelling(transfer.orderId))
      .returning({ orderId: posOrderTransfers.orderId });
    if (!moved) return;
    await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-failed', now);
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'order',
        ok: false,
        error: 'pos.cancel-refused',
        summary: {
          number: facts.number,
          withdrawn: facts.status,
          cancel: 'refused',
          externalOrderId: transfer.externalOrderId,
          message: text,
        },
      },
      nowMs,
    );
  });
}

/** The cancel could not be done now (iiko down, a timeout): flagged, tried again after the backoff. */
async function markRetry(ctx: PosContext, transfer: TransferRow, code: string, text: string | null) {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ lastError: posOrderTransfers.lastError })
      .from(posOrderTransfers)
      .where(stillCancelling(transfer.orderId))
      .for('update');
    if (!before) return;
    await tx
      .update(posOrderTransfers)
      .set({
        correlationId: null,
        lastError: code,
        lastErrorText: text,
        nextAttemptAt: new Date(nowMs + posRetryDelayMs(transfer.attempts)),
        updatedAt: now,
      })
      .where(stillCancelling(transfer.orderId));
    if (before.lastError !== code)
      await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-failed', now);
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'order',
        ok: false,
        error: code,
        summary: {
          cancel: 'retry',
          externalOrderId: transfer.externalOrderId,
          attempts: transfer.attempts,
          message: text,
        },
      },
      nowMs,
    );
  });
}

/** The POS's record of the order, or null when it has none ("not found" is iiko's 400). */
async function posOrder(adapter: PosAdapter, row: TransferRow): Promise<PosOrderState | null> {
  try {
    const [found] = await adapter.ordersById(row.organizationId, [row.externalOrderId]);
    return found ?? null;
  } catch (error) {
    if (error instanceof PosError && error.failure === 'not-found') return null;
    throw error;
  }
}

const FINISHED = new Set(['Delivered', 'Closed']);

/** One leased 'cancelling' row's step: follow a cancel under way, or read the order and cancel it once. */
export async function advanceCancel(ctx: PosContext, adapter: PosAdapter, row: TransferRow): Promise<void> {
  try {
    if (row.correlationId) {
      const command = await adapter.commandStatus(row.organizationId, row.correlationId);
      if (command.status === 'Success') {
        await markCancelled(ctx, row, 'cancelled');
        return;
      }
      if (command.status === 'InProgress') {
        await markWaiting(ctx, row, row.correlationId);
        return;
      }
      // The command failed: refused, unless the order turns out cancelled meanwhile (read below).
      const found = await posOrder(adapter, row);
      if (found?.status === 'Cancelled') await markCancelled(ctx, row, 'cancelled', found.cancelCause);
      else await markRefused(ctx, row, command.message);
      return;
    }
    // Read first: a retry after a 500 or a crash finds the cancel already done and sends nothing.
    const found = await posOrder(adapter, row);
    if (!found || found.creationStatus === 'Error') await markCancelled(ctx, row, 'not-in-pos');
    else if (found.creationStatus === 'InProgress') await markWaiting(ctx, row, null);
    else if (found.status === 'Cancelled') await markCancelled(ctx, row, 'cancelled', found.cancelCause);
    else if (found.status !== null && FINISHED.has(found.status))
      await markRefused(ctx, row, `iiko: ${found.status}`);
    else {
      const cause = await pickCancelCause(ctx, adapter, row.organizationId);
      const sent = await adapter.cancelDelivery(row.organizationId, row.externalOrderId, cause);
      await markWaiting(ctx, row, sent.correlationId || null);
    }
  } catch (error) {
    if (!(error instanceof PosError)) throw error;
    // A 400 to the cancel itself is the POS refusing it; anything else is tried again (the read comes first).
    if (error.failure === 'rejected') await markRefused(ctx, row, error.message);
    else await markRetry(ctx, row, `pos.${error.failure}`, error.message);
  }
}

/**
 * The POS reports as alive an order we found nothing to cancel of (a send that reached it late, after our
 * read): cancelling again, due at once. A cancel the POS confirmed is not reopened by an earlier status
 * arriving late (Cancelled is kept as heard).
 */
export async function reopenCancel(ctx: PosContext, transfer: TransferRow): Promise<void> {
  const now = new Date(ctx.now());
  await ctx.db
    .update(posOrderTransfers)
    .set({ state: 'cancelling', correlationId: null, nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        eq(posOrderTransfers.orderId, transfer.orderId),
        eq(posOrderTransfers.state, 'cancelled'),
        or(isNull(posOrderTransfers.externalStatus), ne(posOrderTransfers.externalStatus, 'Cancelled')),
      ),
    );
}
