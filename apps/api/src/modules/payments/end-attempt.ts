import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { orders, payments } from '../../db/schema.ts';
import { writeOrderEvent } from '../outbox/index.ts';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Ends an attempt as canceled (the provider declined it, or refused to create it) and fails the order's
 * payment only if the order still waits on this very attempt: a newer attempt, a paid order or a switch to
 * payment on receipt are left as they are. Both updates are guarded, so a repeat changes nothing.
 * Run it inside a transaction.
 */
export async function endAttempt(
  tx: Executor,
  row: PaymentRow,
  cancellation: { party: string | null; reason: string },
  nowMs: number,
): Promise<'unchanged' | 'ended' | 'failed'> {
  const [moved] = await tx
    .update(payments)
    .set({
      status: 'canceled',
      cancellationParty: cancellation.party,
      cancellationReason: cancellation.reason,
      confirmationUrl: null,
      nextCheckAt: null,
      updatedAt: new Date(nowMs),
    })
    .where(and(eq(payments.id, row.id), inArray(payments.status, ['creating', 'pending'])))
    .returning({ id: payments.id });
  if (!moved) return 'unchanged';
  const [failed] = await tx
    .update(orders)
    .set({ paymentStatus: 'failed' })
    .where(
      and(
        eq(orders.id, row.orderId),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.paymentAttempt, row.attempt),
      ),
    )
    .returning();
  if (!failed) return 'ended';
  await writeOrderEvent(tx, failed, 'payment-failed', new Date(nowMs));
  return 'failed';
}
