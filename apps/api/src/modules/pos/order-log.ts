import type { Executor } from '../../core/executor.ts';
import { posLog } from '../../db/schema.ts';

/** One line of the POS log about an order (the back office's log of what each transfer and status did). */
export async function logOrder(
  db: Executor,
  entry: {
    whiteLabelId: string;
    restoId: number;
    organizationId: string;
    orderId: number;
    kind: 'order' | 'status';
    ok: boolean;
    summary: Record<string, unknown>;
    error?: string | null;
  },
  nowMs: number,
): Promise<void> {
  await db.insert(posLog).values({
    whiteLabelId: entry.whiteLabelId,
    restoId: entry.restoId,
    organizationId: entry.organizationId,
    orderId: entry.orderId,
    kind: entry.kind,
    at: new Date(nowMs),
    ok: entry.ok,
    summary: entry.summary,
    error: entry.error ?? null,
  });
}
