import { posRetryDelayMs } from '@storefront/domain';
import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orderLines, orders, posOrderTransfers } from '../../db/schema.ts';
import { writeOrderEvent } from '../outbox/index.ts';
import { logOrder } from './order-log.ts';
import type { PosContext } from './pos-context.ts';

/**
 * Where an order's creation in the POS stands, changed only by guarded updates: `created` and `taken-over`
 * are final, so a late failure (a duplicated error webhook, a slow instance's timeout) never flags an order
 * the POS took, and nothing revives an order staff took over. The board hears of each flag and its clearing
 * through the outbox ('pos-failed', 'pos-created').
 */

export type TransferRow = typeof posOrderTransfers.$inferSelect;

/** States a transfer may still leave: the worker tries or checks them. */
export const OPEN_TRANSFER_STATES = ['waiting', 'in-progress', 'failed'] as const;

const openTransfer = (orderId: number) =>
  and(eq(posOrderTransfers.orderId, orderId), inArray(posOrderTransfers.state, [...OPEN_TRANSFER_STATES]));

/** What the log says an order was: its number, lines and sum. */
async function orderSummary(ctx: PosContext, orderId: number) {
  const [order] = await ctx.db
    .select({ number: orders.number, payable: orders.payable })
    .from(orders)
    .where(eq(orders.id, orderId));
  const lines = await ctx.db
    .select({ name: orderLines.name, count: orderLines.count, modifiers: orderLines.modifiers })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.lineNo));
  return {
    number: order?.number ?? null,
    sum: order?.payable ?? null,
    items: lines.map((l) => ({
      name: l.name.ru,
      count: l.count,
      modifiers: l.modifiers.map((m) => ({ name: m.name.ru, count: m.count })),
    })),
  };
}

/**
 * The POS has the order. True when this call made it so (false: already created, or taken over). An order
 * staff took over by hand while a send was under way, which the POS then took too, is in the kitchen twice:
 * flagged once ('pos.created-after-take-over') for staff to cancel one of them, never silently left so.
 */
export async function markCreated(
  ctx: PosContext,
  transfer: TransferRow,
  correlationId: string | null,
): Promise<boolean> {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const summary = await orderSummary(ctx, transfer.orderId);
  return ctx.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(posOrderTransfers)
      .set({
        state: 'created',
        lastError: null,
        lastErrorText: null,
        updatedAt: now,
        ...(correlationId ? { correlationId } : {}),
      })
      .where(openTransfer(transfer.orderId))
      .returning({ orderId: posOrderTransfers.orderId });
    if (!moved) {
      await flagCreatedAfterTakeOver(tx, transfer, nowMs);
      return false;
    }
    await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-created', now);
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'order',
        ok: true,
        summary: { ...summary, externalOrderId: transfer.externalOrderId, attempts: transfer.attempts },
      },
      nowMs,
    );
    return true;
  });
}

const CREATED_AFTER_TAKE_OVER = 'pos.created-after-take-over';

async function flagCreatedAfterTakeOver(tx: Executor, transfer: TransferRow, nowMs: number) {
  const now = new Date(nowMs);
  const [flagged] = await tx
    .update(posOrderTransfers)
    .set({ lastError: CREATED_AFTER_TAKE_OVER, lastErrorText: null, updatedAt: now })
    .where(
      and(
        eq(posOrderTransfers.orderId, transfer.orderId),
        eq(posOrderTransfers.state, 'taken-over'),
        or(isNull(posOrderTransfers.lastError), ne(posOrderTransfers.lastError, CREATED_AFTER_TAKE_OVER)),
      ),
    )
    .returning({ orderId: posOrderTransfers.orderId });
  if (!flagged) return;
  await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-failed', now);
  await logOrder(
    tx,
    {
      ...transfer,
      kind: 'order',
      ok: false,
      error: CREATED_AFTER_TAKE_OVER,
      summary: { externalOrderId: transfer.externalOrderId, takenOver: true },
    },
    nowMs,
  );
}

/**
 * The POS cancelled the order staff took over (they cancelled the duplicate there): the flag goes, said in
 * the log. Our order is not declined by it: staff typed it in by hand and it is cooked from that one.
 */
export async function clearCreatedAfterTakeOver(ctx: PosContext, transfer: TransferRow): Promise<void> {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  await ctx.db.transaction(async (tx) => {
    const [cleared] = await tx
      .update(posOrderTransfers)
      .set({ lastError: null, lastErrorText: null, updatedAt: now })
      .where(
        and(
          eq(posOrderTransfers.orderId, transfer.orderId),
          eq(posOrderTransfers.state, 'taken-over'),
          eq(posOrderTransfers.lastError, CREATED_AFTER_TAKE_OVER),
        ),
      )
      .returning({ orderId: posOrderTransfers.orderId });
    if (!cleared) return;
    await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-cancelled', now);
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'order',
        ok: true,
        summary: { externalOrderId: transfer.externalOrderId, takenOver: true, posStatus: 'Cancelled' },
      },
      nowMs,
    );
  });
}

/**
 * The POS is creating it: checked again after a while, by this call's correlation id when the POS gave one, else
 * by reading the order (an earlier attempt's id would ask about a command that is over).
 */
export async function markInProgress(ctx: PosContext, transfer: TransferRow, correlationId: string | null) {
  const nowMs = ctx.now();
  await ctx.db
    .update(posOrderTransfers)
    .set({
      state: 'in-progress',
      correlationId,
      nextAttemptAt: new Date(nowMs + posRetryDelayMs(transfer.attempts)),
      updatedAt: new Date(nowMs),
    })
    .where(openTransfer(transfer.orderId));
}

/**
 * The creation failed (or its outcome is unknown: a timeout): flagged on the board with the reason and tried
 * again with the same id after the backoff. The board hears of it when the flag appears or its reason changes
 * (a retry in progress keeps the flag: lastError is cleared only when the POS has the order).
 */
export async function markFailed(
  ctx: PosContext,
  transfer: TransferRow,
  code: string,
  text: string | null,
): Promise<void> {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ state: posOrderTransfers.state, lastError: posOrderTransfers.lastError })
      .from(posOrderTransfers)
      .where(openTransfer(transfer.orderId))
      .for('update');
    if (!before) return;
    await tx
      .update(posOrderTransfers)
      .set({
        state: 'failed',
        lastError: code,
        lastErrorText: text,
        nextAttemptAt: new Date(nowMs + posRetryDelayMs(transfer.attempts)),
        updatedAt: now,
      })
      .where(openTransfer(transfer.orderId));
    // The flag stays through a retry in progress (lastError is kept until created): news only when new.
    if (before.lastError !== code)
      await writeOrderEvent(tx, { ...transfer, id: transfer.orderId }, 'pos-failed', now);
    await logOrder(
      tx,
      {
        ...transfer,
        kind: 'order',
        ok: false,
        error: code,
        summary: { externalOrderId: transfer.externalOrderId, attempts: transfer.attempts, message: text },
      },
      nowMs,
    );
  });
}
