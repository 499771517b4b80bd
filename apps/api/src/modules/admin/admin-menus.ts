import type { LocalizedText } from '@storefront/domain';
import type { AdminMenu } from '@storefront/domain/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { menus, positions, restoMenus, restos } from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';
import { versionOfIfMatch } from './admin-dishes.ts';

/**
 * Menus in the back office (decision 45 'Menus, modifiers and time slots'): names, order, the methods that sell
 * them (the flags menusFor reads, so the storefront and the preflight obey at once) and the brand's restaurants
 * that list them, versioned under If-Match, one audit entry per change, revertible.
 */

export interface MenuMethods {
  isDelivery: boolean;
  isTakeAway: boolean;
  isOnline: boolean;
  isTable: boolean;
}

/** What the audit log keeps of a menu: the fields its PATCH edits. */
export interface MenuState {
  name: LocalizedText;
  order: number;
  methods: MenuMethods;
  restoIds: number[];
  /** The cart's add-ons with this menu, in order (decision 56); absent in entries written before them. */
  addOnPositionIds?: number[];
}

/** 412 with the row as it is now (the route answers it in the body beside the error). */
export class StaleVersion<T extends { version: number }> extends Error {
  constructor(readonly current: T) {
    super('admin.version-stale');
  }
}

/** 428 without If-Match, 412 when it names another version than `current`'s. */
export function checkIfMatch<T extends { version: number }>(ifMatch: string | undefined, current: T) {
  if (ifMatch === undefined) throw new ApiError(428, 'admin.version-required');
  if (versionOfIfMatch(ifMatch) !== current.version) throw new StaleVersion(current);
}

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

export const menuStateOf = (menu: AdminMenu | MenuState): MenuState => ({
  name: menu.name,
  order: menu.order,
  methods: { ...menu.methods },
  restoIds: sortedIds(menu.restoIds),
  addOnPositionIds: [...(menu.addOnPositionIds ?? [])],
});

const groupCount = sql<number>`(select count(*) from "position_groups" g where g."menu_id" = "menus"."id")`;
const dishCount = sql<number>`(select count(*) from "positions" p where p."menu_id" = "menus"."id")`;
const menuColumns = {
  id: menus.id,
  name: menus.name,
  order: menus.order,
  isDelivery: menus.isDelivery,
  isTakeAway: menus.isTakeAway,
  isOnline: menus.isOnline,
  isTable: menus.isTable,
  groupCount: groupCount.mapWith(Number),
  dishCount: dishCount.mapWith(Number),
  addOnPositionIds: menus.addOnPositionIds,
  version: menus.version,
};
type MenuRow = { id: number } & Omit<AdminMenu, 'methods' | 'restoIds'> & MenuMethods;

async function withRestos(db: Executor, rows: MenuRow[]): Promise<AdminMenu[]> {
  const links = rows.length
    ? await db
        .select()
        .from(restoMenus)
        .where(
          inArray(
            restoMenus.menuId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map(({ isDelivery, isTakeAway, isOnline, isTable, ...row }) => ({
    ...row,
    methods: { isDelivery, isTakeAway, isOnline, isTable },
    restoIds: sortedIds(links.filter((l) => l.menuId === row.id).map((l) => l.restoId)),
  }));
}

/** The brand's menus in the storefront's order, each with its counts, restaurants, methods and version. */
export async function listMenus(db: Executor, whiteLabel: string): Promise<AdminMenu[]> {
  const rows = await db
    .select(menuColumns)
    .from(menus)
    .where(eq(menus.whiteLabelId, whiteLabel))
    .orderBy(asc(menus.order), asc(menus.id));
  return withRestos(db, rows);
}

/** One menu of the brand, locked for the change when `lock`; 404 menu.not-found otherwise. */
export async function menuOfBrand(db: Executor, whiteLabel: string, menuId: number, lock = false) {
  const query = db
    .select(menuColumns)
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.whiteLabelId, whiteLabel)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, 'menu.not-found', 'menuId');
  const [menu] = await withRestos(db, [row]);
  if (!menu) throw new Error('no menu');
  return menu;
}

/** 422 admin.resto-not-found (field restoIds) unless every id is a restaurant of the brand. */
async function assertBrandRestos(db: Executor, whiteLabel: string, restoIds: readonly number[]) {
  const wanted = sortedIds(restoIds);
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: restos.id })
    .from(restos)
    .where(and(inArray(restos.id, wanted), eq(restos.whiteLabelId, whiteLabel)));
  if (found.length !== wanted.length) throw new ApiError(422, 'admin.resto-not-found', 'restoIds');
}

/** Writes the fields of `state` it holds, the restaurants as a whole set, and bumps the version. */
export async function writeMenuState(
  tx: Executor,
  whiteLabel: string,
  menuId: number,
  state: Partial<MenuState>,
) {
  const { restoIds, methods, ...columns } = state;
  await tx
    .update(menus)
    .set({ ...columns, ...methods, version: sql`${menus.version} + 1` })
    .where(eq(menus.id, menuId));
  if (restoIds) {
    await tx.delete(restoMenus).where(eq(restoMenus.menuId, menuId));
    if (restoIds.length > 0)
      await tx.insert(restoMenus).values(sortedIds(restoIds).map((restoId) => ({ restoId, menuId })));
  }
  return menuOfBrand(tx, whiteLabel, menuId);
}

export interface MenuInput {
  name?: LocalizedText | undefined;
  order?: number | undefined;
  methods?: Partial<MenuMethods> | undefined;
  restoIds?: number[] | undefined;
  addOnPositionIds?: number[] | undefined;
}

const NO_METHODS: MenuMethods = { isDelivery: false, isTakeAway: false, isOnline: false, isTable: false };

/** A new menu (no methods unless given, so it sells nothing until switched on); audited 'create', not revertible. */
export async function createMenu(
  tx: Executor,
  access: StaffAccess,
  input: MenuInput & { name: LocalizedText },
  at: Date,
): Promise<AdminMenu> {
  await assertBrandRestos(tx, access.whiteLabel, input.restoIds ?? []);
  const addOnPositionIds = await assertBrandDishList(
    tx,
    access.whiteLabel,
    input.addOnPositionIds ?? [],
    'addOnPositionIds',
  );
  const [row] = await tx
    .insert(menus)
    .values({
      whiteLabelId: access.whiteLabel,
      name: input.name,
      order: input.order ?? 0,
      ...NO_METHODS,
      ...input.methods,
      addOnPositionIds,
    })
    .returning({ id: menus.id });
  if (!row) throw new Error('no menu');
  const restoIds = sortedIds(input.restoIds ?? []);
  if (restoIds.length > 0)
    await tx.insert(restoMenus).values(restoIds.map((restoId) => ({ restoId, menuId: row.id })));
  const menu = await menuOfBrand(tx, access.whiteLabel, row.id);
  await writeAuditEntry(tx, access, at, {
    entity: 'menu',
    entityId: menu.id,
    action: 'create',
    before: {},
    after: { ...menuStateOf(menu) },
  });
  return menu;
}

/** PATCH under If-Match: one audit entry with the whole editable state before and after. */
export async function patchMenu(
  tx: Executor,
  access: StaffAccess,
  menuId: number,
  ifMatch: string | undefined,
  patch: MenuInput,
  at: Date,
): Promise<AdminMenu> {
  const current = await menuOfBrand(tx, access.whiteLabel, menuId, true);
  checkIfMatch(ifMatch, current);
  if (patch.restoIds) await assertBrandRestos(tx, access.whiteLabel, patch.restoIds);
  if (patch.addOnPositionIds)
    await assertBrandDishList(tx, access.whiteLabel, patch.addOnPositionIds, 'addOnPositionIds');
  const before = menuStateOf(current);
  const after: MenuState = {
    name: patch.name ?? before.name,
    order: patch.order ?? before.order,
    methods: { ...before.methods, ...patch.methods },
    restoIds: patch.restoIds ? sortedIds(patch.restoIds) : before.restoIds,
    addOnPositionIds: patch.addOnPositionIds ? [...patch.addOnPositionIds] : (before.addOnPositionIds ?? []),
  };
  const menu = await writeMenuState(tx, access.whiteLabel, menuId, after);
  await writeAuditEntry(tx, access, at, {
    entity: 'menu',
    entityId: menuId,
    action: 'update',
    before: { ...before },
    after: { ...after },
  });
  return menu;
}

/** The brand's dishes among `positionIds`; 422 admin.dish-not-found (field positionIds) when any is not. */
export async function assertBrandDishes(db: Executor, whiteLabel: string, positionIds: readonly number[]) {
  const wanted = sortedIds(positionIds);
  if (wanted.length === 0) return wanted;
  const found = await db
    .select({ id: positions.id })
    .from(positions)
    .innerJoin(menus, eq(menus.id, positions.menuId))
    .where(and(inArray(positions.id, wanted), eq(menus.whiteLabelId, whiteLabel)));
  if (found.length !== wanted.length) throw new ApiError(422, 'admin.dish-not-found', 'positionIds');
  return wanted;
}

export { sortedIds };

/**
 * An ordered list of the brand's dishes (add-ons, gifts, free condiments), answered as given; 422
 * admin.dish-not-found with the field `<field>.N` of the first id that is not a dish of the brand.
 */
export async function assertBrandDishList(
  db: Executor,
  whiteLabel: string,
  positionIds: readonly number[],
  field: string,
): Promise<number[]> {
  if (positionIds.length === 0) return [];
  const found = await db
    .select({ id: positions.id })
    .from(positions)
    .innerJoin(menus, eq(menus.id, positions.menuId))
    .where(and(inArray(positions.id, sortedIds(positionIds)), eq(menus.whiteLabelId, whiteLabel)));
  const known = new Set(found.map((row) => row.id));
  const bad = positionIds.findIndex((id) => !known.has(id));
  if (bad >= 0) throw new ApiError(422, 'admin.dish-not-found', `${field}.${bad}`);
  return [...positionIds];
}
