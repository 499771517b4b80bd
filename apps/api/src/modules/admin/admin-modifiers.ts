import { type LocalizedText, type Minor, minor, modifierCountsProblem } from '@storefront/domain';
import type { AdminModifierGroup } from '@storefront/domain/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { modifierItems, modifiers, positionModifiers, positions } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { assertBrandDishes, checkIfMatch, sortedIds } from './admin-menus.ts';

/**
 * Modifier groups in the back office (decision 45 'Menus, modifiers and time slots'): names, how many items a
 * customer picks (min/max: the group's own, written to every dish it is attached to), the items with their prices,
 * and the set of dishes it is attached to. Versioned under If-Match, one audit entry per change, revertible. The
 * preflight prices and checks the new items and counts once the catalog reloads.
 */

export interface ModifierItemState {
  id: number;
  name: LocalizedText;
  price: number;
}

/** What the audit log keeps of a group: everything its PATCH edits, items in order, dishes ascending. */
export interface ModifierGroupState {
  name: LocalizedText;
  nameUi: LocalizedText;
  minCount: number;
  maxCount: number;
  items: ModifierItemState[];
  positionIds: number[];
}

export const modifierGroupStateOf = (group: AdminModifierGroup | ModifierGroupState): ModifierGroupState => ({
  name: group.name,
  nameUi: group.nameUi,
  minCount: group.minCount,
  maxCount: group.maxCount,
  items: group.items.map((item) => ({ id: item.id, name: item.name, price: item.price })),
  positionIds: sortedIds(group.positionIds),
});

const groupColumns = {
  id: modifiers.id,
  name: modifiers.name,
  nameUi: modifiers.nameUi,
  minCount: modifiers.minCount,
  maxCount: modifiers.maxCount,
  version: modifiers.version,
};
type GroupRow = Omit<AdminModifierGroup, 'items' | 'positionIds'>;

async function withItemsAndDishes(db: Executor, rows: GroupRow[]): Promise<AdminModifierGroup[]> {
  if (rows.length === 0) return [];
  const groupIds = rows.map((r) => r.id);
  const items = await db
    .select()
    .from(modifierItems)
    .where(inArray(modifierItems.modifierId, groupIds))
    .orderBy(asc(modifierItems.order), asc(modifierItems.id));
  const links = await db
    .select({ modifierId: positionModifiers.modifierId, positionId: positionModifiers.positionId })
    .from(positionModifiers)
    .where(inArray(positionModifiers.modifierId, groupIds));
  return rows.map((row) => ({
    ...row,
    items: items
      .filter((i) => i.modifierId === row.id)
      .map((i) => ({ id: i.id, name: i.name, price: i.price, order: i.order })),
    positionIds: sortedIds(links.filter((l) => l.modifierId === row.id).map((l) => l.positionId)),
  }));
}

/** The brand's modifier groups by id; with `menuId`, only those attached to a dish of that menu. */
export async function listModifierGroups(
  db: Executor,
  whiteLabel: string,
  menuId?: number,
): Promise<AdminModifierGroup[]> {
  const where = [eq(modifiers.whiteLabelId, whiteLabel)];
  if (menuId !== undefined)
    where.push(
      sql`exists (select 1 from "position_modifiers" pm join "positions" p on p."id" = pm."position_id" where pm."modifier_id" = "modifiers"."id" and p."menu_id" = ${menuId})`,
    );
  const rows = await db
    .select(groupColumns)
    .from(modifiers)
    .where(and(...where))
    .orderBy(asc(modifiers.id));
  return withItemsAndDishes(db, rows);
}

/** One group of the brand, locked for the change when `lock`; 404 modifier-group.not-found otherwise. */
export async function modifierGroupOfBrand(db: Executor, whiteLabel: string, groupId: number, lock = false) {
  const query = db
    .select(groupColumns)
    .from(modifiers)
    .where(and(eq(modifiers.id, groupId), eq(modifiers.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'modifier-group.not-found', 'modifierGroupId');
  const [group] = await withItemsAndDishes(db, [row]);
  if (!group) throw new Error('no group');
  return group;
}

function assertCounts(state: { minCount: number; maxCount: number; items: readonly unknown[] }) {
  const problem = modifierCountsProblem({ ...state, itemCount: state.items.length });
  if (problem) throw new ApiError(422, problem.code, problem.field);
}

/**
 * Writes the fields of `state` it holds and bumps the version. Items: the whole list in order (kept by id, new
 * ones inserted, an id no longer there, or one a revert brings back, inserted with its id); dishes: the whole set,
 * each attachment carrying the group's counts.
 */
export async function writeModifierGroupState(
  tx: Executor,
  whiteLabel: string,
  groupId: number,
  state: Omit<Partial<ModifierGroupState>, 'items'> & {
    items?: (Omit<ModifierItemState, 'id'> & { id?: number })[];
  },
) {
  const { items, positionIds, ...columns } = state;
  await tx
    .update(modifiers)
    .set({ ...columns, version: sql`${modifiers.version} + 1` })
    .where(eq(modifiers.id, groupId));
  if (items) {
    const kept = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    await tx
      .delete(modifierItems)
      .where(
        and(
          eq(modifierItems.modifierId, groupId),
          ...(kept.length ? [notInArray(modifierItems.id, kept)] : []),
        ),
      );
    for (const [order, item] of items.entries()) {
      const values = { modifierId: groupId, name: item.name, price: minor(item.price) as Minor, order };
      if (item.id === undefined) await tx.insert(modifierItems).values(values);
      else
        await tx
          .insert(modifierItems)
          .values({ id: item.id, ...values })
          .onConflictDoUpdate({ target: modifierItems.id, set: values });
    }
  }
  const [counts] = await tx
    .select({ minCount: modifiers.minCount, maxCount: modifiers.maxCount })
    .from(modifiers)
    .where(eq(modifiers.id, groupId));
  if (!counts) throw new Error('no group');
  if (positionIds) {
    await tx
      .delete(positionModifiers)
      .where(
        and(
          eq(positionModifiers.modifierId, groupId),
          ...(positionIds.length ? [notInArray(positionModifiers.positionId, positionIds)] : []),
        ),
      );
    if (positionIds.length > 0)
      await tx
        .insert(positionModifiers)
        .values(positionIds.map((positionId) => ({ positionId, modifierId: groupId, ...counts, order: 100 })))
        .onConflictDoNothing();
  }
  if (columns.minCount !== undefined || columns.maxCount !== undefined || positionIds)
    await tx.update(positionModifiers).set(counts).where(eq(positionModifiers.modifierId, groupId));
  return modifierGroupOfBrand(tx, whiteLabel, groupId);
}

export interface ModifierGroupInput {
  name?: LocalizedText | undefined;
  nameUi?: LocalizedText | undefined;
  minCount?: number | undefined;
  maxCount?: number | undefined;
  items?: { id?: number | undefined; name: LocalizedText; price: number }[] | undefined;
  positionIds?: number[] | undefined;
}

/** A new group, attached to the dishes given; audited 'create' (not revertible: detach it from every dish instead). */
export async function createModifierGroup(
  tx: Executor,
  access: StaffAccess,
  input: ModifierGroupInput & { name: LocalizedText; minCount: number; maxCount: number },
  at: Date,
): Promise<AdminModifierGroup> {
  const items = (input.items ?? []).map(({ name, price }) => ({ name, price }));
  assertCounts({ minCount: input.minCount, maxCount: input.maxCount, items });
  const positionIds = await assertBrandDishes(tx, access.whiteLabel, input.positionIds ?? []);
  const [row] = await tx
    .insert(modifiers)
    .values({
      whiteLabelId: access.whiteLabel,
      name: input.name,
      nameUi: input.nameUi ?? input.name,
      minCount: input.minCount,
      maxCount: input.maxCount,
    })
    .returning({ id: modifiers.id });
  if (!row) throw new Error('no group');
  await writeModifierGroupState(tx, access.whiteLabel, row.id, { items, positionIds });
  // The writes above bumped the version: a new group starts at 1 as every other row.
  await tx.update(modifiers).set({ version: 1 }).where(eq(modifiers.id, row.id));
  const group = await modifierGroupOfBrand(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'modifier-group',
    entityId: group.id,
    action: 'create',
    before: {},
    after: { ...modifierGroupStateOf(group) },
  });
  return group;
}

/**
 * PATCH under If-Match. 422 with the field: counts that do not fit (modifierCountsProblem), an item id not of this
 * group (items.N.id, admin.modifier-item-not-found), a dish not of the brand (positionIds, admin.dish-not-found).
 */
export async function patchModifierGroup(
  tx: Executor,
  access: StaffAccess,
  groupId: number,
  ifMatch: string | undefined,
  patch: ModifierGroupInput,
  at: Date,
): Promise<AdminModifierGroup> {
  const current = await modifierGroupOfBrand(tx, access.whiteLabel, groupId, true);
  checkIfMatch(ifMatch, current);
  const before = modifierGroupStateOf(current);
  const ownItems = new Set(current.items.map((i) => i.id));
  for (const [index, item] of (patch.items ?? []).entries())
    if (item.id !== undefined && !ownItems.has(item.id))
      throw new ApiError(422, 'admin.modifier-item-not-found', `items.${index}.id`);
  const itemIds = (patch.items ?? []).flatMap((item) => (item.id === undefined ? [] : [item.id]));
  if (new Set(itemIds).size !== itemIds.length)
    throw new ApiError(422, 'admin.modifier-item-not-found', 'items');
  const next = {
    minCount: patch.minCount ?? before.minCount,
    maxCount: patch.maxCount ?? before.maxCount,
    items: patch.items ?? before.items,
  };
  assertCounts(next);
  const positionIds = patch.positionIds
    ? await assertBrandDishes(tx, access.whiteLabel, patch.positionIds)
    : undefined;
  const group = await writeModifierGroupState(tx, access.whiteLabel, groupId, {
    name: patch.name ?? before.name,
    nameUi: patch.nameUi ?? before.nameUi,
    minCount: next.minCount,
    maxCount: next.maxCount,
    ...(patch.items
      ? { items: patch.items.map(({ id, name, price }) => ({ ...(id ? { id } : {}), name, price })) }
      : {}),
    ...(positionIds ? { positionIds } : {}),
  });
  await writeAuditEntry(tx, access, at, {
    entity: 'modifier-group',
    entityId: groupId,
    action: 'update',
    before: { ...before },
    after: { ...modifierGroupStateOf(group) },
  });
  return group;
}

/** Dishes of the brand, for the revert: a dish deleted since is left out of a restored set. */
export async function existingDishes(tx: Executor, positionIds: readonly number[]) {
  if (positionIds.length === 0) return [];
  const rows = await tx
    .select({ id: positions.id })
    .from(positions)
    .where(inArray(positions.id, [...positionIds]));
  return sortedIds(rows.map((r) => r.id));
}
