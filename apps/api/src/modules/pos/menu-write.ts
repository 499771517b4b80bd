import type { LocalizedText, Minor, Nutrition } from '@storefront/domain';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Executor } from '../../core/executor.ts';
import {
  menus,
  modifierItems,
  modifiers,
  POS_MAPPING_KINDS,
  positionGroups,
  positionModifiers,
  positions,
  posLinks,
  posMappings,
  restoMenus,
} from '../../db/schema.ts';
import type { PosMenu, PosModifierGroup } from '../../integrations/pos/pos-adapter.ts';
import { capped } from './menu-log.ts';

/**
 * Writes one organization's nomenclature into its menu of ours, in the caller's transaction (decision 54). Rows
 * are found by their menu-file key (`iiko-<id>`, `iiko-<product>.<size>`: unique in the menu, so a menu-file
 * export and import keep them too), else through pos_mappings; every row found or made gets its mapping, which
 * the order transfer reads back. Only what differs is written: the catalog revision triggers fire per statement,
 * so a sync that finds nothing new must issue no statement on a catalog table. Nothing is deleted but modifier
 * items (no order line points at them): dishes and groups the POS no longer sells are hidden.
 */

export interface MenuSyncSummary {
  added: string[];
  changed: string[];
  hidden: string[];
  /** Coded reasons ('pos.dish-no-price', 'pos.picture-failed'), with what went wrong for a picture. */
  failed: { name: string; reason: string; detail?: string }[];
  revision: number;
}

export interface MenuWriteInput {
  whiteLabel: string;
  provider: 'iiko';
  organizationId: string;
  organizationName: string;
  /** The organization's menu as pos_organizations names it; null (or gone): made now. */
  menuId: number | null;
  menu: PosMenu;
  /** The POS picture addresses stored and ready (menu-images.ts), and how to name each in a row. */
  imageReady: (sourceUrl: string) => boolean;
  imageAddress: (sourceUrl: string) => string;
}

export interface MenuWriteResult {
  menuId: number;
  summary: MenuSyncSummary;
  /** Whether any catalog row was written: then the catalog reloads. */
  catalogChanged: boolean;
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** The fields of `want` that differ from `have`: the update to issue, or null. */
function changes<T extends Record<string, unknown>>(have: T, want: Partial<T>): Partial<T> | null {
  const diff: Partial<T> = {};
  let any = false;
  for (const [field, value] of Object.entries(want) as [keyof T, T[keyof T]][])
    if (!same(have[field], value)) {
      diff[field] = value;
      any = true;
    }
  return any ? diff : null;
}

/** A POS text over ours: the Russian the POS gives, our other languages (the back office's) kept. */
const localized = (have: LocalizedText | undefined, ru: string): LocalizedText => ({ ...have, ru });

/** Our group's modifier counts from the POS's: our max is at least 1; the POS's 0 max means "as many as there are". */
export function modifierCounts(group: Pick<PosModifierGroup, 'min' | 'max' | 'items'>) {
  const maxCount = Math.max(1, group.max > 0 ? group.max : group.items.length);
  return { minCount: Math.max(0, Math.min(group.min, maxCount)), maxCount };
}

/** The POS's food values when every one is a number of 0 or more (the storefront's contract); else none. */
export function usableNutrition(nutrition: Nutrition | null): Nutrition | null {
  if (!nutrition) return null;
  const values = [nutrition.kcal, nutrition.proteins, nutrition.fats, nutrition.carbs];
  return values.every((value) => Number.isFinite(value) && value >= 0) ? nutrition : null;
}

/** A row's menu-file key for a POS id (and size). */
export const posRowKey = (provider: string, id: string, sizeId: string | null = null) =>
  sizeId ? `${provider}-${id}.${sizeId}` : `${provider}-${id}`;

/** Every restaurant linked to the organization lists its menu; answers whether a listing was added. */
export async function listMenuInLinkedRestos(
  tx: Executor,
  at: { whiteLabel: string; provider: 'iiko'; organizationId: string; menuId: number },
): Promise<boolean> {
  const linked = await tx
    .select({ restoId: posLinks.restoId })
    .from(posLinks)
    .where(
      and(
        eq(posLinks.whiteLabelId, at.whiteLabel),
        eq(posLinks.provider, at.provider),
        eq(posLinks.organizationId, at.organizationId),
      ),
    );
  const listing = await tx
    .select({ restoId: restoMenus.restoId })
    .from(restoMenus)
    .where(eq(restoMenus.menuId, at.menuId));
  const listed = new Set(listing.map((r) => r.restoId));
  const toList = linked.filter((l) => !listed.has(l.restoId));
  if (toList.length === 0) return false;
  await tx.insert(restoMenus).values(toList.map((l) => ({ restoId: l.restoId, menuId: at.menuId })));
  return true;
}

const TABLE_OF = {
  group: positionGroups,
  dish: positions,
  'modifier-group': modifiers,
  'modifier-item': modifierItems,
} as const;

/**
 * A mapping whose row was deleted (a menu deleted in the back office, then made again by the sync) names the new
 * row. One naming a row that still exists is left as it is.
 */
async function repointGoneMappings(
  tx: Executor,
  repointed: readonly (typeof posMappings.$inferSelect)[],
  was: ReadonlyMap<string, { ourId: number }>,
): Promise<void> {
  for (const kind of POS_MAPPING_KINDS) {
    const ofKind = repointed.filter((m) => m.kind === kind);
    if (ofKind.length === 0) continue;
    const table = TABLE_OF[kind];
    const oldIds = ofKind.map((m) => was.get(`${m.kind}|${m.externalId}|${m.externalSizeId}`)?.ourId ?? 0);
    const alive = new Set(
      (await tx.select({ id: table.id }).from(table).where(inArray(table.id, oldIds))).map((r) => r.id),
    );
    for (const [i, m] of ofKind.entries()) {
      if (alive.has(oldIds[i] ?? 0)) continue;
      await tx
        .update(posMappings)
        .set({ ourId: m.ourId, externalParentId: m.externalParentId })
        .where(
          and(
            eq(posMappings.whiteLabelId, m.whiteLabelId),
            eq(posMappings.provider, m.provider),
            eq(posMappings.organizationId, m.organizationId),
            eq(posMappings.kind, m.kind),
            eq(posMappings.externalId, m.externalId),
            eq(posMappings.externalSizeId, m.externalSizeId),
          ),
        );
    }
  }
}

type MappingKind = (typeof posMappings.$inferSelect)['kind'];

export async function writeMenu(tx: Executor, input: MenuWriteInput): Promise<MenuWriteResult> {
  const { whiteLabel, provider, menu } = input;
  const summary: MenuSyncSummary = {
    added: [],
    changed: [],
    hidden: [],
    failed: [],
    revision: menu.revision,
  };
  let catalogChanged = false;
  const touched = () => {
    catalogChanged = true;
  };
  const keyOf = (id: string, sizeId: string | null = null) => posRowKey(provider, id, sizeId);

  const mappingRows = await tx
    .select()
    .from(posMappings)
    .where(
      and(
        eq(posMappings.whiteLabelId, whiteLabel),
        eq(posMappings.provider, provider),
        eq(posMappings.organizationId, input.organizationId),
      ),
    );
  const mappingKey = (kind: MappingKind, externalId: string, externalSizeId: string) =>
    `${kind}|${externalId}|${externalSizeId}`;
  const mapped = new Map(mappingRows.map((m) => [mappingKey(m.kind, m.externalId, m.externalSizeId), m]));
  const newMappings: (typeof posMappings.$inferInsert)[] = [];
  /** Mappings naming another row than this sync found or made: moved only when their row is gone (below). */
  const repointed: (typeof posMappings.$inferSelect)[] = [];
  const remember = (
    kind: MappingKind,
    externalId: string,
    externalSizeId: string,
    ourId: number,
    externalParentId: string | null = null,
  ) => {
    const had = mapped.get(mappingKey(kind, externalId, externalSizeId));
    if (had && had.ourId !== ourId) repointed.push({ ...had, ourId, externalParentId });
    if (!had)
      newMappings.push({
        whiteLabelId: whiteLabel,
        provider,
        organizationId: input.organizationId,
        kind,
        externalId,
        externalSizeId,
        externalParentId,
        ourId,
      });
  };

  // The menu: one per organization, offered for delivery and take-away, named after the organization.
  const menuKey = keyOf(input.organizationId);
  let [menuRow] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(
      and(
        eq(menus.whiteLabelId, whiteLabel),
        input.menuId === null ? eq(menus.key, menuKey) : eq(menus.id, input.menuId),
      ),
    );
  if (!menuRow && input.menuId !== null)
    [menuRow] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.whiteLabelId, whiteLabel), eq(menus.key, menuKey)));
  if (!menuRow) {
    [menuRow] = await tx
      .insert(menus)
      .values({
        whiteLabelId: whiteLabel,
        name: { ru: input.organizationName },
        isDelivery: true,
        isTakeAway: true,
        key: menuKey,
      })
      .returning({ id: menus.id });
    touched();
  }
  if (!menuRow) throw new Error('the menu was not made');
  const menuId = menuRow.id;

  if (
    await listMenuInLinkedRestos(tx, { whiteLabel, provider, organizationId: input.organizationId, menuId })
  )
    touched();

  /** The row's photos: the POS's pictures that are stored; when the POS has none, the row keeps its own. */
  const photosOf = (sourceUrls: string[], have: string[] | undefined) => {
    const ready = sourceUrls.filter(input.imageReady);
    // None of them could be fetched this time: the row keeps what it shows until the next sync tries again.
    if (ready.length === 0) return have ?? [];
    return ready.map(input.imageAddress);
  };

  // Groups.
  const groupRows = await tx.select().from(positionGroups).where(eq(positionGroups.menuId, menuId));
  const groupByKey = new Map(groupRows.flatMap((g) => (g.key ? [[g.key, g] as const] : [])));
  const groupById = new Map(groupRows.map((g) => [g.id, g]));
  const ourGroup = new Map<string, number>();
  const seenGroups = new Set<number>();
  for (const group of menu.groups) {
    const key = keyOf(group.id);
    const mappedId = mapped.get(mappingKey('group', group.id, ''))?.ourId;
    const have = groupByKey.get(key) ?? (mappedId === undefined ? undefined : groupById.get(mappedId));
    const want = {
      key,
      name: localized(have?.name, group.name),
      order: group.order,
      photos: photosOf(group.imageUrls, have?.photos),
      isPublished: !group.hidden,
    };
    let id: number;
    if (!have) {
      const [row] = await tx
        .insert(positionGroups)
        .values({ menuId, ...want })
        .returning({ id: positionGroups.id });
      if (!row) throw new Error('the group was not made');
      id = row.id;
      touched();
    } else {
      id = have.id;
      const diff = changes(have, want);
      if (diff) {
        await tx
          .update(positionGroups)
          .set({ ...diff, version: sql`${positionGroups.version} + 1` })
          .where(eq(positionGroups.id, id));
        touched();
      }
    }
    ourGroup.set(group.id, id);
    seenGroups.add(id);
    remember('group', group.id, '', id);
  }
  const goneGroups = groupRows.filter(
    (g) => g.key?.startsWith(`${provider}-`) && !seenGroups.has(g.id) && g.isPublished,
  );
  if (goneGroups.length > 0) {
    await tx
      .update(positionGroups)
      .set({ isPublished: false, version: sql`${positionGroups.version} + 1` })
      .where(
        inArray(
          positionGroups.id,
          goneGroups.map((g) => g.id),
        ),
      );
    touched();
  }

  // Modifier groups (brand-wide, shared by every organization's menu) and their items.
  const posModifierGroups = new Map<string, PosModifierGroup>();
  for (const dish of menu.dishes)
    for (const group of dish.modifierGroups)
      if (!posModifierGroups.has(group.id)) posModifierGroups.set(group.id, group);
  const modifierRows = await tx
    .select()
    .from(modifiers)
    .where(and(eq(modifiers.whiteLabelId, whiteLabel), like(modifiers.key, `${provider}-%`)));
  const modifierByKey = new Map(modifierRows.map((m) => [m.key as string, m]));
  const posModifierIds = new Set(modifierRows.map((m) => m.id));
  const ourModifier = new Map<string, number>();
  for (const group of posModifierGroups.values()) {
    const key = keyOf(group.id);
    const have = modifierByKey.get(key);
    const want = {
      name: localized(have?.name, group.name),
      nameUi: localized(have?.nameUi, group.name),
      ...modifierCounts(group),
    };
    let id: number;
    if (!have) {
      const [row] = await tx
        .insert(modifiers)
        .values({ whiteLabelId: whiteLabel, key, ...want })
        .returning({ id: modifiers.id });
      if (!row) throw new Error('the modifier group was not made');
      id = row.id;
      touched();
    } else {
      id = have.id;
      const diff = changes(have, want);
      if (diff) {
        await tx
          .update(modifiers)
          .set({ ...diff, version: sql`${modifiers.version} + 1` })
          .where(eq(modifiers.id, id));
        touched();
      }
    }
    ourModifier.set(group.id, id);
    posModifierIds.add(id);
    remember('modifier-group', group.id, '', id);
  }
  const modifierIds = [...ourModifier.values()];
  const itemRows = modifierIds.length
    ? await tx.select().from(modifierItems).where(inArray(modifierItems.modifierId, modifierIds))
    : [];
  for (const group of posModifierGroups.values()) {
    const modifierId = ourModifier.get(group.id) as number;
    const haveItems = itemRows.filter((i) => i.modifierId === modifierId);
    const itemByKey = new Map(haveItems.flatMap((i) => (i.key ? [[i.key, i] as const] : [])));
    const kept = new Set<number>();
    for (const [order, item] of group.items.entries()) {
      if (item.hidden) continue;
      const key = keyOf(item.id);
      const have = itemByKey.get(key);
      const want = { name: localized(have?.name, item.name), price: item.price, order };
      let id: number;
      if (!have) {
        const [row] = await tx
          .insert(modifierItems)
          .values({ modifierId, key, ...want })
          .returning({ id: modifierItems.id });
        if (!row) throw new Error('the modifier item was not made');
        id = row.id;
        touched();
      } else {
        id = have.id;
        const diff = changes(have, want);
        if (diff) {
          await tx.update(modifierItems).set(diff).where(eq(modifierItems.id, id));
          touched();
        }
      }
      kept.add(id);
      remember('modifier-item', item.id, '', id, group.id);
    }
    const gone = haveItems.filter((i) => i.key?.startsWith(`${provider}-`) && !kept.has(i.id));
    if (gone.length > 0) {
      await tx.delete(modifierItems).where(
        inArray(
          modifierItems.id,
          gone.map((i) => i.id),
        ),
      );
      touched();
    }
  }

  // Dishes: one per size the POS sells it in.
  const dishRows = await tx.select().from(positions).where(eq(positions.menuId, menuId));
  const dishByKey = new Map(dishRows.flatMap((d) => (d.key ? [[d.key, d] as const] : [])));
  const dishById = new Map(dishRows.map((d) => [d.id, d]));
  const seenDishes = new Set<number>();
  const attachmentsWanted = new Map<number, { name: string; groups: PosModifierGroup[] }>();
  const hide = async (id: number) => {
    await tx
      .update(positions)
      .set({ isPublished: false, version: sql`${positions.version} + 1` })
      .where(eq(positions.id, id));
    touched();
  };
  for (const dish of menu.dishes) {
    const several = dish.sizes.length > 1;
    if (dish.sizes.length === 0) summary.failed.push({ name: dish.name, reason: 'pos.dish-no-price' });
    for (const size of dish.sizes) {
      const key = keyOf(dish.id, size.sizeId);
      const name = several && size.sizeName ? `${dish.name}, ${size.sizeName}` : dish.name;
      const mappedId = mapped.get(mappingKey('dish', dish.id, size.sizeId ?? ''))?.ourId;
      const have = dishByKey.get(key) ?? (mappedId === undefined ? undefined : dishById.get(mappedId));
      if (have) seenDishes.add(have.id);
      const shown = !dish.hidden && size.inMenu;
      if (!(size.price > 0)) {
        // Never sold for nothing: a dish the POS prices at 0 is not written, and one we had leaves the menu.
        if (shown) summary.failed.push({ name, reason: 'pos.dish-no-price' });
        if (have?.isPublished) await hide(have.id);
        continue;
      }
      const weight = dish.weightGrams !== null && dish.weightGrams > 0 ? dish.weightGrams : null;
      const want = {
        key,
        groupId: dish.groupId === null ? null : (ourGroup.get(dish.groupId) ?? null),
        name: localized(have?.name, name),
        description: localized(have?.description, dish.description),
        measureValue: weight,
        measureUnit: weight === null ? null : ('g' as const),
        price: size.price as Minor,
        photos: photosOf(dish.imageUrls, have?.photos),
        nutrition: usableNutrition(dish.nutrition),
        order: dish.order,
        isPublished: shown,
      };
      let id: number;
      if (!have) {
        const [row] = await tx
          .insert(positions)
          .values({ menuId, ...want })
          .returning({ id: positions.id });
        if (!row) throw new Error('the dish was not made');
        id = row.id;
        touched();
        if (shown) summary.added.push(name);
      } else {
        id = have.id;
        const diff = changes(have, want);
        if (diff) {
          await tx
            .update(positions)
            .set({ ...diff, version: sql`${positions.version} + 1` })
            .where(eq(positions.id, id));
          touched();
          if (have.isPublished && !shown) summary.hidden.push(name);
          else if (shown) summary.changed.push(name);
        }
      }
      seenDishes.add(id);
      remember('dish', dish.id, size.sizeId ?? '', id);
      attachmentsWanted.set(id, { name, groups: dish.modifierGroups });
    }
  }
  for (const gone of dishRows)
    if (gone.key?.startsWith(`${provider}-`) && !seenDishes.has(gone.id) && gone.isPublished) {
      await hide(gone.id);
      summary.hidden.push(gone.name.ru);
    }

  // Which modifier groups each dish takes: the POS's attachments are replaced, those staff added are kept.
  const dishIds = [...attachmentsWanted.keys()];
  const attachmentRows = dishIds.length
    ? await tx.select().from(positionModifiers).where(inArray(positionModifiers.positionId, dishIds))
    : [];
  for (const [positionId, { name, groups }] of attachmentsWanted) {
    const have = attachmentRows.filter(
      (a) => a.positionId === positionId && posModifierIds.has(a.modifierId),
    );
    const wanted = new Set<number>();
    let changed = false;
    for (const [order, group] of groups.entries()) {
      const modifierId = ourModifier.get(group.id) as number;
      wanted.add(modifierId);
      const want = { ...modifierCounts(group), order };
      const row = have.find((a) => a.modifierId === modifierId);
      if (!row) {
        await tx.insert(positionModifiers).values({ positionId, modifierId, ...want });
        changed = true;
      } else {
        const diff = changes(row, want);
        if (diff) {
          await tx.update(positionModifiers).set(diff).where(eq(positionModifiers.id, row.id));
          changed = true;
        }
      }
    }
    const gone = have.filter((a) => !wanted.has(a.modifierId));
    if (gone.length > 0) {
      await tx.delete(positionModifiers).where(
        inArray(
          positionModifiers.id,
          gone.map((a) => a.id),
        ),
      );
      changed = true;
    }
    if (changed) {
      touched();
      if (!summary.added.includes(name) && !summary.changed.includes(name)) summary.changed.push(name);
    }
  }

  if (newMappings.length > 0) await tx.insert(posMappings).values(newMappings).onConflictDoNothing();
  await repointGoneMappings(tx, repointed, mapped);

  summary.added = capped(summary.added);
  summary.changed = capped(summary.changed);
  summary.hidden = capped(summary.hidden);
  summary.failed = capped(summary.failed);
  return { menuId, summary, catalogChanged };
}
