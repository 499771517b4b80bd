import { ERROR_MESSAGES, type ErrorCode, type Locale, pickText } from '@storefront/domain';
import type { AdminPosLog, AdminPosLogEntry, AdminPosLogKind } from '@storefront/domain/contracts';
import { and, desc, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import { posLinks, posLog } from '../../db/schema.ts';

/*
 * The restaurant's POS log (decision 54): its own entries (link, unlink, its orders' transfers and statuses, its
 * zones' import) and its organization's entries that serve every restaurant linked to it (menu and stop-list
 * syncs, webhook registrations), newest first, paged by id.
 */

type LogRow = typeof posLog.$inferSelect;

export function logEntryOf(row: LogRow, locale: Locale): AdminPosLogEntry {
  const code = row.error;
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    ok: row.ok,
    restoId: row.restoId,
    organizationId: row.organizationId,
    orderId: row.orderId,
    summary: row.summary,
    error: code,
    errorMessage: code && code in ERROR_MESSAGES ? pickText(ERROR_MESSAGES[code as ErrorCode], locale) : null,
  };
}

/** Which rows are the restaurant's: its own, and its organization's organization-wide ones while it is linked. */
async function restoLogScope(db: Executor, whiteLabel: string, restoId: number): Promise<SQL | undefined> {
  const [link] = await db
    .select({ organizationId: posLinks.organizationId })
    .from(posLinks)
    .where(and(eq(posLinks.restoId, restoId), eq(posLinks.whiteLabelId, whiteLabel)));
  const own = eq(posLog.restoId, restoId);
  return and(
    eq(posLog.whiteLabelId, whiteLabel),
    link ? or(own, and(isNull(posLog.restoId), eq(posLog.organizationId, link.organizationId))) : own,
  );
}

export async function readPosLog(
  db: Executor,
  whiteLabel: string,
  restoId: number,
  query: { kind?: AdminPosLogKind | undefined; before?: number | undefined; limit: number },
  locale: Locale,
): Promise<AdminPosLog> {
  const rows = await db
    .select()
    .from(posLog)
    .where(
      and(
        await restoLogScope(db, whiteLabel, restoId),
        query.kind ? eq(posLog.kind, query.kind) : undefined,
        query.before ? lt(posLog.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(posLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => logEntryOf(row, locale)),
    nextBefore: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/** The highest id of the log now: what a sync wrote is what comes after it. */
export async function lastLogId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: posLog.id }).from(posLog).orderBy(desc(posLog.id)).limit(1);
  return row?.id ?? 0;
}

/** The restaurant's entries written after `afterId`, oldest first. */
export async function logSince(
  db: Executor,
  whiteLabel: string,
  restoId: number,
  afterId: number,
  locale: Locale,
): Promise<AdminPosLogEntry[]> {
  const rows = await db
    .select()
    .from(posLog)
    .where(and(await restoLogScope(db, whiteLabel, restoId), gt(posLog.id, afterId)))
    .orderBy(posLog.id);
  return rows.map((row) => logEntryOf(row, locale));
}
