import type { Executor } from '../../core/executor.ts';
import { posLog } from '../../db/schema.ts';
import { PosError, type PosFailure } from '../../integrations/pos/pos-adapter.ts';

/** The longest list of names one log row keeps: a first sync of a big menu names its first 200 dishes. */
export const LOG_LIST_CAP = 200;

export const capped = <T>(list: readonly T[]): T[] => list.slice(0, LOG_LIST_CAP);

/** The coded reason a failed POS call is logged with ('pos.timeout', …); anything else is 'pos.unavailable'. */
export function posErrorCode(error: unknown): `pos.${PosFailure}` {
  return error instanceof PosError ? `pos.${error.failure}` : 'pos.unavailable';
}

/** One organization-wide line of the POS log (a menu sync or a stop-list read serves every linked restaurant). */
export async function logOrganization(
  db: Executor,
  entry: {
    whiteLabelId: string;
    organizationId: string;
    restoId?: number | null;
    kind: 'sync' | 'stop-list';
    ok: boolean;
    summary: Record<string, unknown>;
    error?: string | null;
  },
  nowMs: number,
): Promise<void> {
  await db.insert(posLog).values({
    whiteLabelId: entry.whiteLabelId,
    restoId: entry.restoId ?? null,
    organizationId: entry.organizationId,
    kind: entry.kind,
    at: new Date(nowMs),
    ok: entry.ok,
    summary: entry.summary,
    error: entry.error ?? null,
  });
}
