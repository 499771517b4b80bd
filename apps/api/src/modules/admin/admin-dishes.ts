import {
  applyBulkPriceChange,
  type BulkPriceChange,
  isSellablePrice,
  type LocalizedText,
  type MeasureUnit,
  type Minor,
} from '@storefront/domain';
import type { AdminDish } from '@storefront/domain/contracts';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { menus, positionGroups, positions, positionTags, tags } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';

/**
 * Dishes as the back office edits them (decision 45), the first versioned entity: every change bumps the row's
 * version, is checked against the version the editor read (If-Match), and writes its audit entry in the same
 * transaction. The positions table's trigger moves the catalog revision, so every instance reloads its menu.
 */

/** What the audit log keeps of a dish: the fields the back office edits. */
export interface DishState {
  name: LocalizedText;
  description: LocalizedText;
  price: Minor;
  isPublished: boolean;
  measure: { value: number; unit: MeasureUnit } | null;
  groupId: number | null;
  order: number;
  isAdult: boolean;
  tagIds: number[];
}

const dishColumns = {
  id: positions.id,
  menuId: positions.menuId,
  groupId: positions.groupId,
  name: positions.name,
  description: positions.description,
  price: positions.price,
  isPublished: positions.isPublished,
  measureValue: positions.measureValue,
  measureUnit: positions.measureUnit,
  order: positions.order,
  isAdult: positions.isAdult,
  version: positions.version,
};
interface DishRow {
  id: number;
  menuId: number;
  groupId: number | null;
  name: LocalizedText;
  description: LocalizedText;
  price: Minor;
  isPublished: boolean;
  measureValue: number | null;
  measureUnit: MeasureUnit | null;
  order: number;
  isAdult: boolean;
  version: number;
}

const ofBrand = (whiteLabel: string) => eq(menus.whiteLabelId, whiteLabel);

/** The rows with their tags (position_tags), as the back office answers them. */
async function withTags(db: Executor, rows: DishRow[]): Promise<AdminDish[]> {
  const links = rows.length
    ? await db
        .select()
        .from(positionTags)
        .where(
          inArray(
            positionTags.positionId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map(({ measureValue, measureUnit, ...row }) => ({
    ...row,
    measure:
      measureValue !== null && measureUnit !== null ? { value: measureValue, unit: measureUnit } : null,
    tagIds: links
      .filter((l) => l.positionId === row.id)
      .map((l) => l.tagId)
      .sort((a, b) => a - b),
  }));
}

export function dishStateOf(dish: AdminDish | DishState): DishState {
  return {
    name: dish.name,
    description: dish.description,
    price: dish.price as Minor,
    isPublished: dish.isPublished,
    measure: dish.measure,
    groupId: dish.groupId,
    order: dish.order,
    isAdult: dish.isAdult,
    tagIds: [...dish.tagIds].sort((a, b) => a - b),
  };
}

/** One dish of the brand, locked for the transaction's change when `lock`; null when the brand has none such. */
export async function readDish(
  db: Executor,
  whiteLabel: string,
  positionId: number,
  lock = false,
): Promise<AdminDish | null> {
  const query = db
    .select(dishColumns)
    .from(positions)
    .innerJoin(menus, eq(menus.id, positions.menuId))
    .where(and(eq(positions.id, positionId), ofBrand(whiteLabel)));
  const [row] = lock ? await query.for('update', { of: positions }) : await query;
  return row ? ((await withTags(db, [row]))[0] ?? null) : null;
}

export async function dishOrNotFound(db: Executor, whiteLabel: string, positionId: number, lock = false) {
  const dish = await readDish(db, whiteLabel, positionId, lock);
  if (!dish) throw new ApiError(404, 'position.not-found', 'positionId');
  return dish;
}

/**
 * Writes a dish's editable state and bumps its version; answers the dish as it is now. `state` may be part of it
 * (an audit entry written before a field was editable): the fields it leaves out stay.
 */
export async function writeDishState(
  tx: Executor,
  positionId: number,
  state: Partial<DishState>,
): Promise<AdminDish> {
  const { measure, tagIds, ...columns } = state;
  const [row] = await tx
    .update(positions)
    .set({
      ...columns,
      ...(measure === undefined
        ? {}
        : { measureValue: measure?.value ?? null, measureUnit: measure?.unit ?? null }),
      version: sql`${positions.version} + 1`,
    })
    .where(eq(positions.id, positionId))
    .returning(dishColumns);
  if (!row) throw new Error(`position ${positionId} vanished inside its transaction`);
  if (tagIds !== undefined) {
    await tx.delete(positionTags).where(eq(positionTags.positionId, positionId));
    if (tagIds.length) await tx.insert(positionTags).values(tagIds.map((tagId) => ({ positionId, tagId })));
  }
  const [dish] = await withTags(tx, [row]);
  if (!dish) throw new Error('no dish');
  return dish;
}

/** 422 unless the group is one of the dish's menu (null, the menu's 'other' group, always is). */
async function assertGroupOfMenu(tx: Executor, menuId: number, groupId: number | null) {
  if (groupId === null) return;
  const [group] = await tx
    .select({ id: positionGroups.id })
    .from(positionGroups)
    .where(and(eq(positionGroups.id, groupId), eq(positionGroups.menuId, menuId)));
  if (!group) throw new ApiError(422, 'admin.group-of-another-menu', 'groupId');
}

/** 422 unless every tag is a dish tag of the brand. */
async function assertTagsOfBrand(tx: Executor, whiteLabel: string, tagIds: number[]) {
  if (!tagIds.length) return;
  const found = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(inArray(tags.id, tagIds), eq(tags.whiteLabelId, whiteLabel), eq(tags.kind, 'position')));
  const known = new Set(found.map((t) => t.id));
  const missing = tagIds.findIndex((tagId) => !known.has(tagId));
  if (missing >= 0) throw new ApiError(422, 'admin.tag-not-found', `tagIds.${missing}`);
}

export interface DishListQuery {
  menuId?: number | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** The brand's dishes, by menu, order and id; `q` matches part of the Russian or English name. */
export async function listDishes(db: Executor, whiteLabel: string, query: DishListQuery) {
  const where: SQL[] = [ofBrand(whiteLabel)];
  if (query.menuId !== undefined) where.push(eq(positions.menuId, query.menuId));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byName = or(
      sql`${positions.name}->>'ru' ilike ${pattern}`,
      sql`${positions.name}->>'en' ilike ${pattern}`,
    );
    if (byName) where.push(byName);
  }
  const [rows, [total]] = await Promise.all([
    db
      .select(dishColumns)
      .from(positions)
      .innerJoin(menus, eq(menus.id, positions.menuId))
      .where(and(...where))
      .orderBy(asc(positions.menuId), asc(positions.order), asc(positions.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(positions)
      .innerJoin(menus, eq(menus.id, positions.menuId))
      .where(and(...where)),
  ]);
  return { dishes: await withTags(db, rows), total: total?.total ?? 0 };
}

/** A version from If-Match: "3", W/"3" or 3; null for anything else (a stale precondition then). */
export function versionOfIfMatch(header: string): number | null {
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  return match ? Number(match[1]) : null;
}

export const etagOfVersion = (version: number) => `"${version}"`;

export interface DishPatch {
  name?: LocalizedText | undefined;
  description?: LocalizedText | undefined;
  price?: number | undefined;
  isPublished?: boolean | undefined;
  measure?: DishState['measure'] | undefined;
  groupId?: number | null | undefined;
  order?: number | undefined;
  isAdult?: boolean | undefined;
  tagIds?: number[] | undefined;
}

/**
 * PATCH: 428 admin.version-required without If-Match, 412 admin.version-stale (with the dish as it is now) when
 * it names another version, else one transaction: the change, its new version and its audit entry.
 */
export async function patchDish(
  tx: Executor,
  access: StaffAccess,
  positionId: number,
  ifMatch: string | undefined,
  patch: DishPatch,
  at: Date,
): Promise<AdminDish> {
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  const current = await dishOrNotFound(tx, access.whiteLabel, positionId, true);
  if (versionOfIfMatch(ifMatch) !== current.version) throw new StaleVersion(current);
  const before = dishStateOf(current);
  if (patch.groupId !== undefined) await assertGroupOfMenu(tx, current.menuId, patch.groupId);
  const tagIds =
    patch.tagIds === undefined ? before.tagIds : [...new Set(patch.tagIds)].sort((a, b) => a - b);
  if (patch.tagIds !== undefined) await assertTagsOfBrand(tx, access.whiteLabel, tagIds);
  const after: DishState = {
    name: patch.name ?? before.name,
    description: patch.description ?? before.description,
    price: (patch.price ?? before.price) as Minor,
    isPublished: patch.isPublished ?? before.isPublished,
    measure: patch.measure === undefined ? before.measure : patch.measure,
    groupId: patch.groupId === undefined ? before.groupId : patch.groupId,
    order: patch.order ?? before.order,
    isAdult: patch.isAdult ?? before.isAdult,
    tagIds,
  };
  // The tags are rewritten only when sent.
  const { tagIds: _sameTags, ...columns } = after;
  const dish = await writeDishState(tx, positionId, patch.tagIds === undefined ? columns : after);
  await writeAuditEntry(tx, access, at, {
    entity: 'dish',
    entityId: positionId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return dish;
}

/** 412 with the row as it is now (the route answers it in the body beside the error). */
export class StaleVersion extends Error {
  constructor(readonly current: AdminDish) {
    super('admin.version-stale');
  }
}

/**
 * One price change over several dishes of the brand, all or nothing: an unknown id is 404, a result outside one
 * kopeck … DISH_PRICE_MAX is 422 admin.price-out-of-range naming the dish; each dish gets its own audit entry.
 */
export async function bulkPrice(
  tx: Executor,
  access: StaffAccess,
  positionIds: number[],
  change: BulkPriceChange,
  at: Date,
): Promise<AdminDish[]> {
  const ids = [...new Set(positionIds)].sort((a, b) => a - b);
  const found = await withTags(
    tx,
    await tx
      .select(dishColumns)
      .from(positions)
      .innerJoin(menus, eq(menus.id, positions.menuId))
      .where(and(inArray(positions.id, ids), ofBrand(access.whiteLabel)))
      .orderBy(asc(positions.id))
      .for('update', { of: positions }),
  );
  const missing = ids.find((id) => !found.some((dish) => dish.id === id));
  if (missing !== undefined)
    throw new ApiError(404, 'position.not-found', `positionIds.${positionIds.indexOf(missing)}`, {
      extra: { positionId: missing },
    });
  const priced = found.map((dish) => ({ dish, price: applyBulkPriceChange(dish.price, change) }));
  const refused = priced.find(({ price }) => !isSellablePrice(price));
  if (refused)
    throw new ApiError(422, 'admin.price-out-of-range', 'change', {
      extra: { positionId: refused.dish.id, price: refused.price },
    });
  const changed: AdminDish[] = [];
  for (const { dish, price } of priced) {
    const before = dishStateOf(dish);
    const after: DishState = { ...before, price: price as Minor };
    changed.push(await writeDishState(tx, dish.id, { price: after.price }));
    await writeAuditEntry(tx, access, at, {
      entity: 'dish',
      entityId: dish.id,
      action: 'bulk-price',
      before: { ...before },
      after: { ...after },
    });
  }
  return changed;
}
