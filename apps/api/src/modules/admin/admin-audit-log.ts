import type { AuditAction, AuditEntityKind, LocalizedText } from '@storefront/domain';
import type { AdminAuditEntry, AdminAuditSummary } from '@storefront/domain/contracts';
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import {
  adminAuditLog,
  brandPages,
  cities,
  menus,
  modifiers,
  positionGroups,
  positions,
  promoCodes,
  promotions,
  restos,
  staff,
  timeSlots,
} from '../../db/schema.ts';

/**
 * The back office's audit log (decision 45): who changed which row when, its state before and after. Every admin
 * write calls writeAuditEntry in the transaction of its change, so there is no change without its entry.
 *
 * The entry also keeps the names its state leaves out (`summary`): a photo or reorder entry holds only photos or
 * ids, a reset nothing, so the log would read "Group #12" and "#3, #5, #4". They are read here, at write time, for
 * every writer at once (the revert's too), so the log stays right after a rename.
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasName = (state: Record<string, unknown>) => state.name !== undefined || state.login !== undefined;

/** The ids a changed field lists (a list of ids, or one id), when its value differs before and after. */
function changedIds(change: AuditChange, fields: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const field of fields) {
    const was = change.before[field];
    const is = change.after[field];
    if (canonicalJson(was) === canonicalJson(is)) continue;
    for (const value of [was, is])
      for (const id of Array.isArray(value) ? value : [value])
        if (Number.isInteger(id)) ids.add(id as number);
  }
  return [...ids];
}

/** The row's own name now (an entry of `entity` whose state holds none), the brand's rows only. */
async function rowName(
  tx: Executor,
  whiteLabel: string,
  entity: AuditEntityKind,
  id: number,
): Promise<LocalizedText | string | undefined> {
  switch (entity) {
    case 'dish': {
      const [row] = await tx
        .select({ name: positions.name })
        .from(positions)
        .innerJoin(menus, eq(menus.id, positions.menuId))
        .where(and(eq(positions.id, id), eq(menus.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'group':
    case 'group-dish-order': {
      const [row] = await tx
        .select({ name: positionGroups.name })
        .from(positionGroups)
        .innerJoin(menus, eq(menus.id, positionGroups.menuId))
        .where(and(eq(positionGroups.id, id), eq(menus.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'menu':
    case 'menu-group-order': {
      const [row] = await tx
        .select({ name: menus.name })
        .from(menus)
        .where(and(eq(menus.id, id), eq(menus.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'modifier-group': {
      const [row] = await tx
        .select({ name: modifiers.name })
        .from(modifiers)
        .where(and(eq(modifiers.id, id), eq(modifiers.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'brand-page': {
      const [row] = await tx
        .select({ name: brandPages.title })
        .from(brandPages)
        .where(and(eq(brandPages.id, id), eq(brandPages.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'time-slot': {
      const [row] = await tx
        .select({ name: timeSlots.name })
        .from(timeSlots)
        .where(and(eq(timeSlots.id, id), eq(timeSlots.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'staff': {
      const [row] = await tx
        .select({ name: staff.name })
        .from(staff)
        .where(and(eq(staff.id, id), eq(staff.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'opening-hours':
    case 'pos-link':
    case 'resto': {
      const [row] = await tx
        .select({ name: restos.name })
        .from(restos)
        .where(and(eq(restos.id, id), eq(restos.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'city': {
      const [row] = await tx
        .select({ name: cities.name })
        .from(cities)
        .where(and(eq(cities.id, id), eq(cities.whiteLabelId, whiteLabel)));
      return row?.name;
    }
    case 'promotion': {
      const [row] = await tx
        .select({ title: promotions.title })
        .from(promotions)
        .where(and(eq(promotions.id, id), eq(promotions.whiteLabelId, whiteLabel)));
      return row?.title;
    }
    case 'promo-code':
    case 'promo-code-batch': {
      // A batch is named by its first code's campaign.
      const [row] = await tx
        .select({ code: promoCodes.code, campaign: promoCodes.campaign })
        .from(promoCodes)
        .where(and(eq(promoCodes.id, id), eq(promoCodes.whiteLabelId, whiteLabel)));
      return entity === 'promo-code' ? row?.code : (row?.campaign ?? undefined);
    }
    case 'menu-import':
      return undefined;
  }
}

const byId = (rows: { id: number; name: LocalizedText }[]) =>
  rows.length ? Object.fromEntries(rows.map((row) => [String(row.id), row.name])) : undefined;

/**
 * The names an entry's state leaves out: the row's when neither side holds its name (or login), and those of the
 * groups and dishes of changed fields that list them by id. Fields that did not change are not shown, so a bulk
 * price change's entries (each a dish's whole state, its name and group included) cost no query.
 */
export async function summaryOf(
  tx: Executor,
  whiteLabel: string,
  change: AuditChange,
): Promise<AdminAuditSummary | null> {
  const summary: AdminAuditSummary = {};
  if (!hasName(change.after) && !hasName(change.before)) {
    const name = await rowName(tx, whiteLabel, change.entity, change.entityId);
    if (name !== undefined) summary.name = name;
  }
  const groupIds = changedIds(change, ['groupIds', 'groupId']);
  if (groupIds.length) {
    const groups = byId(
      await tx
        .select({ id: positionGroups.id, name: positionGroups.name })
        .from(positionGroups)
        .innerJoin(menus, eq(menus.id, positionGroups.menuId))
        .where(and(inArray(positionGroups.id, groupIds), eq(menus.whiteLabelId, whiteLabel))),
    );
    if (groups) summary.groups = groups;
  }
  const dishIds = changedIds(change, ['positionIds']);
  if (dishIds.length) {
    const dishes = byId(
      await tx
        .select({ id: positions.id, name: positions.name })
        .from(positions)
        .innerJoin(menus, eq(menus.id, positions.menuId))
        .where(and(inArray(positions.id, dishIds), eq(menus.whiteLabelId, whiteLabel))),
    );
    if (dishes) summary.dishes = dishes;
  }
  return Object.keys(summary).length ? summary : null;
}

export async function writeAuditEntry(
  tx: Executor,
  access: StaffAccess,
  at: Date,
  change: AuditChange,
): Promise<AuditRow> {
  const summary = await summaryOf(tx, access.whiteLabel, change);
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
      summary,
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
    summary: isRecord(row.summary) ? (row.summary as AdminAuditSummary) : null,
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
