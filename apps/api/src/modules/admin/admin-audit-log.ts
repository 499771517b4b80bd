import type { AuditAction, AuditEntityKind } from '@storefront/domain';
import type { AdminAuditEntry } from '@storefront/domain/contracts';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { adminAuditLog } from '../../db/schema.ts';

/**
 * The back office's audit log (decision 45): who changed which row when, its state before and after. Every admin
 * write calls writeAuditEntry in the transaction of its change, so there is no change without its entry.
 */

export type AuditRow = typeof adminAuditLog.$inferSelect;

export interface AuditChange {
  entity: AuditEntityKind;
  entityId: number;
  action: AuditAction;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  revertsEntryId?: number;
}

export async function writeAuditEntry(
  tx: Executor,
  access: StaffAccess,
  at: Date,
  change: AuditChange,
): Promise<AuditRow> {
  const [row] = await tx
    .insert(adminAuditLog)
    .values({
      whiteLabelId: access.whiteLabel,
      staffId: access.staffId,
      staffLogin: access.login,
      at,
      entityKind: change.entity,
      entityId: change.entityId,
      action: change.action,
      before: change.before,
      after: change.after,
      revertsEntryId: change.revertsEntryId ?? null,
    })
    .returning();
  if (!row) throw new Error('no audit row');
  return row;
}

export function auditEntryOf(row: AuditRow): AdminAuditEntry {
  return {
    id: row.id,
    entity: row.entityKind,
    entityId: row.entityId,
    action: row.action,
    staff: { id: row.staffId, login: row.staffLogin },
    at: row.at.toISOString(),
    before: row.before,
    after: row.after,
    revertsEntryId: row.revertsEntryId,
    revertedByEntryId: row.revertedByEntryId,
  };
}

export interface AuditQuery {
  entity?: AuditEntityKind | undefined;
  entityId?: number | undefined;
  limit: number;
  before?: number | undefined;
}

/** The brand's entries, newest first, `limit` at a time below the id `before`. */
export async function listAudit(db: Executor, whiteLabel: string, query: AuditQuery) {
  const where: SQL[] = [eq(adminAuditLog.whiteLabelId, whiteLabel)];
  if (query.entity) where.push(eq(adminAuditLog.entityKind, query.entity));
  if (query.entityId !== undefined) where.push(eq(adminAuditLog.entityId, query.entityId));
  if (query.before !== undefined) where.push(lt(adminAuditLog.id, query.before));
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(and(...where))
    .orderBy(desc(adminAuditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(auditEntryOf),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
