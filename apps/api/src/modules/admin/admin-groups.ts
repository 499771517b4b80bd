import type { LocalizedText } from '@storefront/domain';
import type { AdminDish, AdminGroup } from '@storefront/domain/contracts';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { menus, positionGroups, positions } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { versionOfIfMatch, writeDishState } from './admin-dishes.ts';

/**
 * A menu's groups (its sections) in the back office (decision 45), versioned as dishes are: a change under
 * If-Match bumps the version and writes its audit entry in the same transaction. A hidden group (isPublished false)
 * leaves the storefront's menu with its dishes (catalog-rows.ts). A reorder takes the whole new list, as a drag and
 * drop sends it, and is one audit entry of its own entity (the menu's groups' order, the group's dishes' order).
 */

/** What the audit log keeps of a group: the fields its PATCH edits (the order moves by the reorder only). */
export interface GroupState {
  name: LocalizedText;
  isPublished: boolean;
}

/** What the audit log keeps of a reorder: the ids in order. */
export interface GroupOrderState {
  groupIds: number[];
}
export interface DishOrderState {
  positionIds: number[];
}

// Spelt out: drizzle leaves the table off a column of a single-table select, which would bind to the subquery's.
const dishCount = sql<number>`(select count(*) from "positions" p where p."group_id" = "position_groups"."id")`;
const groupColumns = {
  id: positionGroups.id,
  menuId: positionGroups.menuId,
  name: positionGroups.name,
  order: positionGroups.order,
  isPublished: positionGroups.isPublished,
  dishCount: dishCount.mapWith(Number),
  // Read with the group, so the Groups screen shows each one's main photo without a call per group.
  photos: positionGroups.photos,
  version: positionGroups.version,
};
const byPlace = [asc(positionGroups.order), asc(positionGroups.id)];

export const groupStateOf = (group: GroupState): GroupState => ({
  name: group.name,
  isPublished: group.isPublished,
});

/** 404 menu.not-found unless the menu is the brand's. */
export async function menuOrNotFound(db: Executor, whiteLabel: string, menuId: number) {
  const [menu] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.whiteLabelId, whiteLabel)));
  if (!menu) throw new ApiError(404, 'menu.not-found', 'menuId');
  return menu;
}

/** One group of the brand, locked for the transaction's change when `lock`; 404 when the brand has none such. */
export async function groupOrNotFound(
  db: Executor,
  whiteLabel: string,
  groupId: number,
  lock = false,
): Promise<AdminGroup> {
  const query = db
    .select(groupColumns)
    .from(positionGroups)
    .innerJoin(menus, eq(menus.id, positionGroups.menuId))
    .where(and(eq(positionGroups.id, groupId), eq(menus.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update', { of: positionGroups }) : await query;
  if (!row) throw new ApiError(404, 'position-group.not-found', 'groupId');
  return row;
}

/** The menu's groups in their order (hidden ones too), each with its dish count and version. */
export async function listGroups(db: Executor, whiteLabel: string, menuId: number): Promise<AdminGroup[]> {
  await menuOrNotFound(db, whiteLabel, menuId);
  return db
    .select(groupColumns)
    .from(positionGroups)
    .where(eq(positionGroups.menuId, menuId))
    .orderBy(...byPlace);
}

/** A new group, shown, after the menu's last one; audited as 'create' (not revertible: hide it instead). */
export async function createGroup(
  tx: Executor,
  access: StaffAccess,
  menuId: number,
  name: LocalizedText,
  at: Date,
): Promise<AdminGroup> {
  await menuOrNotFound(tx, access.whiteLabel, menuId);
  const [last] = await tx
    .select({ order: max(positionGroups.order) })
    .from(positionGroups)
    .where(eq(positionGroups.menuId, menuId));
  const [row] = await tx
    .insert(positionGroups)
    .values({ menuId, name, order: (last?.order ?? -1) + 1 })
    .returning({ id: positionGroups.id });
  if (!row) throw new Error('no group');
  const group = await groupOrNotFound(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'group',
    entityId: group.id,
    action: 'create',
    before: {},
    after: { ...groupStateOf(group) },
  });
  return group;
}

/** Writes a group's editable state and bumps its version. */
export async function writeGroupState(
  tx: Executor,
  whiteLabel: string,
  groupId: number,
  state: Partial<GroupState>,
) {
  await tx
    .update(positionGroups)
    .set({ ...state, version: sql`${positionGroups.version} + 1` })
    .where(eq(positionGroups.id, groupId));
  return groupOrNotFound(tx, whiteLabel, groupId);
}

/** 412 with the group as it is now (the route answers it in the body beside the error). */
export class StaleGroupVersion extends Error {
  constructor(readonly current: AdminGroup) {
    super('admin.version-stale');
  }
}

/** PATCH: as a dish's (428 without If-Match, 412 with the group now on another version), one audit entry. */
export async function patchGroup(
  tx: Executor,
  access: StaffAccess,
  groupId: number,
  ifMatch: string | undefined,
  patch: { name?: LocalizedText | undefined; isPublished?: boolean | undefined },
  at: Date,
): Promise<AdminGroup> {
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  const current = await groupOrNotFound(tx, access.whiteLabel, groupId, true);
  if (versionOfIfMatch(ifMatch) !== current.version) throw new StaleGroupVersion(current);
  const before = groupStateOf(current);
  const after: GroupState = {
    name: patch.name ?? before.name,
    isPublished: patch.isPublished ?? before.isPublished,
  };
  const group = await writeGroupState(tx, access.whiteLabel, groupId, after);
  await writeAuditEntry(tx, access, at, {
    entity: 'group',
    entityId: groupId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return group;
}

/** The menu's group ids in their order, locked. */
export async function groupOrderOf(tx: Executor, menuId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: positionGroups.id })
    .from(positionGroups)
    .where(eq(positionGroups.menuId, menuId))
    .orderBy(...byPlace)
    .for('update');
  return rows.map((r) => r.id);
}

/** The group's dish ids in their order (hidden dishes too), locked. */
export async function dishOrderOf(tx: Executor, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: positions.id })
    .from(positions)
    .where(eq(positions.groupId, groupId))
    .orderBy(asc(positions.order), asc(positions.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** True when `next` lists exactly the ids of `current`, each once. */
export function samePlaces(current: readonly number[], next: readonly number[]): boolean {
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  return (
    current.length === next.length && new Set(next).size === next.length && sorted(current) === sorted(next)
  );
}

/** Gives each group its place in `groupIds` (0, 1, …) and bumps its version. */
export async function writeGroupOrder(tx: Executor, groupIds: readonly number[]) {
  for (const [order, id] of groupIds.entries())
    await tx
      .update(positionGroups)
      .set({ order, version: sql`${positionGroups.version} + 1` })
      .where(eq(positionGroups.id, id));
}

/** Gives each dish its place in `positionIds` (0, 1, …) and bumps its version. */
export async function writeDishOrder(tx: Executor, positionIds: readonly number[]): Promise<AdminDish[]> {
  const dishes: AdminDish[] = [];
  for (const [order, id] of positionIds.entries()) dishes.push(await writeDishState(tx, id, { order }));
  return dishes;
}

/**
 * PUT …/groups/order: the menu's groups in a new order. 422 admin.order-mismatch unless the list is exactly the
 * menu's groups, each once; one audit entry (entity menu-group-order, id the menu) with both orders.
 */
export async function reorderGroups(
  tx: Executor,
  access: StaffAccess,
  menuId: number,
  groupIds: number[],
  at: Date,
): Promise<AdminGroup[]> {
  await menuOrNotFound(tx, access.whiteLabel, menuId);
  const before = await groupOrderOf(tx, menuId);
  if (!samePlaces(before, groupIds)) throw new ApiError(422, 'admin.order-mismatch', 'groupIds');
  await writeGroupOrder(tx, groupIds);
  await writeAuditEntry(tx, access, at, {
    entity: 'menu-group-order',
    entityId: menuId,
    action: 'reorder',
    before: { groupIds: before },
    after: { groupIds },
  });
  return listGroups(tx, access.whiteLabel, menuId);
}

/** PUT …/groups/{groupId}/dishes/order: as reorderGroups, over the group's dishes (hidden ones too). */
export async function reorderDishes(
  tx: Executor,
  access: StaffAccess,
  groupId: number,
  positionIds: number[],
  at: Date,
): Promise<AdminDish[]> {
  await groupOrNotFound(tx, access.whiteLabel, groupId, true);
  const before = await dishOrderOf(tx, groupId);
  if (!samePlaces(before, positionIds)) throw new ApiError(422, 'admin.order-mismatch', 'positionIds');
  const dishes = await writeDishOrder(tx, positionIds);
  await writeAuditEntry(tx, access, at, {
    entity: 'group-dish-order',
    entityId: groupId,
    action: 'reorder',
    before: { positionIds: before },
    after: { positionIds },
  });
  return dishes;
}
