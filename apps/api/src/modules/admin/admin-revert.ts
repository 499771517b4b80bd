import type { AdminAuditEntry } from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { adminAuditLog } from '../../db/schema.ts';
import { auditEntryOf, writeAuditEntry } from './admin-audit-log.ts';
import { type DishState, dishOrNotFound, dishStateOf, writeDishState } from './admin-dishes.ts';

/**
 * Undoing one audited change (decision 45), by compare: the row gets the entry's `before` back only while it still
 * holds the entry's `after`; once anyone changed it since, 409 admin.changed-since (a revert would silently undo
 * their change too). The revert is an audited change of its own, marks the entry it undid, and an entry is undone
 * once at most (409 admin.already-reverted). One transaction; the caller reloads the catalog after.
 */
export async function revertEntry(
  tx: Executor,
  access: StaffAccess,
  entryId: number,
  at: Date,
): Promise<AdminAuditEntry> {
  const [entry] = await tx
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.id, entryId), eq(adminAuditLog.whiteLabelId, access.whiteLabel)))
    .for('update');
  if (!entry) throw new ApiError(404, 'admin.audit-entry-not-found', 'entryId');
  if (entry.revertedByEntryId !== null) throw new ApiError(409, 'admin.already-reverted', 'entryId');
  // The only kind so far; the next kind of the back office adds its branch here.
  const current = dishStateOf(await dishOrNotFound(tx, access.whiteLabel, entry.entityId, true));
  if (canonicalJson(current) !== canonicalJson(entry.after))
    throw new ApiError(409, 'admin.changed-since', 'entryId');
  const restored = entry.before as unknown as DishState;
  await writeDishState(tx, entry.entityId, dishStateOf(restored));
  const revert = await writeAuditEntry(tx, access, at, {
    entity: entry.entityKind,
    entityId: entry.entityId,
    action: 'revert',
    before: { ...current },
    after: { ...dishStateOf(restored) },
    revertsEntryId: entry.id,
  });
  await tx.update(adminAuditLog).set({ revertedByEntryId: revert.id }).where(eq(adminAuditLog.id, entry.id));
  return auditEntryOf(revert);
}
