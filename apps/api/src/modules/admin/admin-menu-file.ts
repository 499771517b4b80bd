import {
  applyDishesCsv,
  checkMenuFile,
  describeIssue,
  diffMenuFile,
  type Locale,
  type LocalizedText,
  type MenuFile,
  type MenuFileDiff,
  type MenuFileProblem,
  type MenuFileRowKind,
  menuFile,
  minor,
  pathText,
} from '@storefront/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import type { Database } from '../../db/client.ts';
import {
  menus,
  modifierItems,
  modifiers,
  positionGroups,
  positionModifiers,
  positions,
  positionTags,
  restoMenus,
  restos,
  tags,
  timeSlotDetails,
  timeSlotPositions,
  timeSlots,
} from '../../db/schema.ts';
import { writeAuditEntry } from './admin-audit-log.ts';

/**
 * A brand's whole menu as one file (decision 47, docs/menu-file.md): exported from the database, checked in full (every
 * problem with its JSON path), compared with today as a dry run, and applied in one transaction with one audit
 * entry. Rows are matched by their external key (stored, or `<kind>-<id>` for rows that have none), so importing
 * the same file twice changes nothing the second time. Groups and dishes the file leaves out are hidden, never
 * deleted: past orders keep their lines. Used by the back office's calls, `npm run brand:import` and the seed.
 */

/** The key a row answers to: the stored one, else one made of its kind and id. */
export const keyOf = (prefix: string, row: { id: number; key: string | null }) =>
  row.key ?? `${prefix}-${row.id}`;

const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/** Everything of a brand's menu as rows, read in the caller's transaction. */
async function loadBrandMenu(db: Executor, whiteLabel: string) {
  const menuRows = (await db.select().from(menus).where(eq(menus.whiteLabelId, whiteLabel))).sort(byOrder);
  const menuIds = menuRows.map((m) => m.id);
  const inMenus = <T>(rows: Promise<T[]>) => (menuIds.length ? rows : Promise.resolve([] as T[]));
  const groupRows = (
    await inMenus(db.select().from(positionGroups).where(inArray(positionGroups.menuId, menuIds)))
  ).sort(byOrder);
  const dishRows = (
    await inMenus(db.select().from(positions).where(inArray(positions.menuId, menuIds)))
  ).sort(byOrder);
  const dishIds = dishRows.map((d) => d.id);
  const tagRows = await db.select().from(tags).where(eq(tags.whiteLabelId, whiteLabel));
  const dishTagRows = dishIds.length
    ? await db.select().from(positionTags).where(inArray(positionTags.positionId, dishIds))
    : [];
  const attachmentRows = dishIds.length
    ? await db.select().from(positionModifiers).where(inArray(positionModifiers.positionId, dishIds))
    : [];
  const modifierRows = (await db.select().from(modifiers).where(eq(modifiers.whiteLabelId, whiteLabel))).sort(
    (a, b) => a.id - b.id,
  );
  const itemRows = modifierRows.length
    ? (
        await db
          .select()
          .from(modifierItems)
          .where(
            inArray(
              modifierItems.modifierId,
              modifierRows.map((m) => m.id),
            ),
          )
      ).sort(byOrder)
    : [];
  const restoRows = await db
    .select({ id: restos.id, orderCode: restos.orderCode })
    .from(restos)
    .where(eq(restos.whiteLabelId, whiteLabel));
  const restoMenuRows = menuIds.length
    ? await db.select().from(restoMenus).where(inArray(restoMenus.menuId, menuIds))
    : [];
  const slotRows = (await db.select().from(timeSlots).where(eq(timeSlots.whiteLabelId, whiteLabel))).sort(
    (a, b) => a.id - b.id,
  );
  const slotIds = slotRows.map((s) => s.id);
  const slotDetailRows = slotIds.length
    ? await db.select().from(timeSlotDetails).where(inArray(timeSlotDetails.timeSlotId, slotIds))
    : [];
  const slotDishRows = slotIds.length
    ? await db.select().from(timeSlotPositions).where(inArray(timeSlotPositions.timeSlotId, slotIds))
    : [];
  return {
    menuRows,
    groupRows,
    dishRows,
    tagRows,
    dishTagRows,
    attachmentRows,
    modifierRows,
    itemRows,
    restoRows,
    restoMenuRows,
    slotRows,
    slotDetailRows,
    slotDishRows,
  };
}
type BrandMenu = Awaited<ReturnType<typeof loadBrandMenu>>;

const textOf = (value: LocalizedText) =>
  value.en === undefined ? { ru: value.ru } : { ru: value.ru, en: value.en };
/** A restaurant as the file names it: its order code, or its id when it has none. */
const restoRef = (resto: { id: number; orderCode: string | null }) => resto.orderCode ?? resto.id;

function fileOf(brand: BrandMenu): MenuFile {
  const groupKey = new Map(brand.groupRows.map((g) => [g.id, keyOf('group', g)]));
  const dishKey = new Map(brand.dishRows.map((d) => [d.id, keyOf('dish', d)]));
  const modifierKey = new Map(brand.modifierRows.map((m) => [m.id, keyOf('modifier', m)]));
  const tagCode = new Map(brand.tagRows.map((t) => [t.id, t.code]));
  const resto = new Map(brand.restoRows.map((r) => [r.id, r]));
  return {
    schemaVersion: 1,
    modifiers: brand.modifierRows.map((m) => ({
      key: keyOf('modifier', m),
      name: textOf(m.name),
      nameUi: textOf(m.nameUi),
      items: brand.itemRows
        .filter((i) => i.modifierId === m.id)
        .map((i) => ({ key: keyOf('item', i), name: textOf(i.name), price: i.price, order: i.order })),
    })),
    menus: brand.menuRows.map((menu) => ({
      key: keyOf('menu', menu),
      name: textOf(menu.name),
      order: menu.order,
      methods: {
        delivery: menu.isDelivery,
        takeAway: menu.isTakeAway,
        online: menu.isOnline,
        table: menu.isTable,
      },
      restaurants: brand.restoMenuRows
        .filter((link) => link.menuId === menu.id)
        .map((link) => resto.get(link.restoId))
        .filter((r) => r !== undefined)
        .sort((a, b) => a.id - b.id)
        .map(restoRef),
      groups: brand.groupRows
        .filter((g) => g.menuId === menu.id)
        .map((g) => ({
          key: keyOf('group', g),
          name: textOf(g.name),
          order: g.order,
          photos: g.photos,
          published: g.isPublished,
        })),
      dishes: brand.dishRows
        .filter((d) => d.menuId === menu.id)
        .map((d) => ({
          key: keyOf('dish', d),
          group: d.groupId === null ? null : (groupKey.get(d.groupId) ?? null),
          name: textOf(d.name),
          description: textOf(d.description),
          price: d.price,
          measure:
            d.measureValue !== null && d.measureUnit !== null
              ? { value: d.measureValue, unit: d.measureUnit }
              : null,
          tags: brand.dishTagRows
            .filter((link) => link.positionId === d.id)
            .map((link) => tagCode.get(link.tagId) ?? '')
            .sort(),
          photos: d.photos,
          isAdult: d.isAdult,
          published: d.isPublished,
          order: d.order,
          modifiers: brand.attachmentRows
            .filter((a) => a.positionId === d.id)
            .sort(byOrder)
            .map((a) => ({
              modifier: modifierKey.get(a.modifierId) ?? '',
              min: a.minCount,
              max: a.maxCount,
              order: a.order,
            })),
        })),
    })),
    timeSlots: brand.slotRows.map((s) => ({
      key: keyOf('slot', s),
      name: s.name,
      details: brand.slotDetailRows
        .filter((d) => d.timeSlotId === s.id)
        .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
        .map((d) => ({
          dayOfWeek: d.dayOfWeek as MenuFile['timeSlots'][number]['details'][number]['dayOfWeek'],
          startAt: d.startAt,
          endAt: d.endAt,
          isActive: d.isActive,
        })),
      dishes: brand.slotDishRows
        .filter((link) => link.timeSlotId === s.id)
        .map((link) => dishKey.get(link.positionId) ?? '')
        .sort(),
    })),
  };
}

/** The brand's menu as a menu file. */
export async function exportMenuFile(db: Executor, whiteLabel: string): Promise<MenuFile> {
  return fileOf(await loadBrandMenu(db, whiteLabel));
}

/** A field error of a refused file: its JSON path and what is wrong, in the request's language. */
export interface MenuFileError {
  field: string;
  message: string;
}

/** A file that fails its checks: every problem, none applied. */
export class MenuFileInvalid extends Error {
  constructor(readonly errors: MenuFileError[]) {
    super(`the menu file has ${errors.length} problem(s)`);
  }
}

/** What a checked file is: the file with its restaurants named as the export names them, today's file, the diff. */
export interface CheckedMenuFile {
  file: MenuFile;
  today: MenuFile;
  diff: MenuFileDiff;
}

/**
 * Every check of a file: its shape (zod), its own references (the domain), and the brand's rows it names
 * (restaurants by code or id, dish tags by code). Throws MenuFileInvalid with every problem.
 */
export async function checkMenuFileAgainst(
  db: Executor,
  whiteLabel: string,
  body: unknown,
  locale: Locale,
): Promise<CheckedMenuFile> {
  const parsed = menuFile.safeParse(body);
  if (!parsed.success) {
    throw new MenuFileInvalid(
      parsed.error.issues.map((issue) => {
        const field = pathText(issue.path as (string | number)[]) || '(root)';
        return { field, message: describeIssue(issue, locale, field) };
      }),
    );
  }
  const problems: MenuFileProblem[] = checkMenuFile(parsed.data);
  const brand = await loadBrandMenu(db, whiteLabel);
  const restoById = new Map(brand.restoRows.map((r) => [r.id, r]));
  const restoByCode = new Map(
    brand.restoRows.filter((r) => r.orderCode).map((r) => [r.orderCode as string, r]),
  );
  const tagCodes = new Set(brand.tagRows.filter((t) => t.kind === 'position').map((t) => t.code));
  const file: MenuFile = {
    ...parsed.data,
    menus: parsed.data.menus.map((menu, m) => ({
      ...menu,
      restaurants: menu.restaurants.map((ref, r) => {
        const resto = typeof ref === 'number' ? restoById.get(ref) : restoByCode.get(ref);
        if (!resto) {
          problems.push({
            path: ['menus', m, 'restaurants', r],
            message: { ru: `у бренда нет ресторана «${ref}»`, en: `the brand has no restaurant "${ref}"` },
          });
          return ref;
        }
        return restoRef(resto);
      }),
    })),
  };
  file.menus.forEach((menu, m) => {
    menu.dishes.forEach((dish, d) => {
      dish.tags.forEach((code, t) => {
        if (!tagCodes.has(code))
          problems.push({
            path: ['menus', m, 'dishes', d, 'tags', t],
            message: { ru: `у бренда нет метки «${code}»`, en: `the brand has no dish tag "${code}"` },
          });
      });
    });
  });
  if (problems.length > 0)
    throw new MenuFileInvalid(problems.map((p) => ({ field: pathText(p.path), message: p.message[locale] })));
  const today = fileOf(brand);
  return { file, today, diff: diffMenuFile(today, file) };
}

/** Who imports: a staff member, or the command line (staffId null, login 'brand:import'). */
export interface MenuFileActor {
  whiteLabel: string;
  staffId: number | null;
  login: string;
}

/**
 * The one path of every import (the back office's call, `npm run brand:import`; the demo's seed makes the same
 * check and apply inside its own transaction): checks the whole file, answers the diff, and unless a dry run applies
 * it in one transaction, checked again inside it so the diff and the writes see the same rows. Throws
 * MenuFileInvalid with every problem; the caller reloads the catalog.
 */
export async function importMenuFile(
  db: Database,
  actor: MenuFileActor,
  body: unknown,
  options: { dryRun: boolean; locale: Locale; at: Date },
): Promise<{ applied: boolean; diff: MenuFileDiff }> {
  const checked = await checkMenuFileAgainst(db, actor.whiteLabel, body, options.locale);
  if (options.dryRun) return { applied: false, diff: checked.diff };
  const diff = await db.transaction(async (tx) => {
    const fresh = await checkMenuFileAgainst(tx, actor.whiteLabel, body, options.locale);
    await applyMenuFile(tx, actor, fresh, options.at);
    return fresh.diff;
  });
  return { applied: true, diff };
}

const CSV_COLUMN_OF: Record<string, string> = {
  'name.ru': 'name_ru',
  'name.en': 'name_en',
  name: 'name_ru',
  price: 'price',
  published: 'published',
};

/**
 * The dishes' CSV (decision 47): today's file edited by the sheet's rows, then imported by the same path, so it is
 * checked, diffed and applied exactly as a file. Problems are placed on the sheet: 'row 4.price'.
 */
export async function importDishesCsv(
  db: Database,
  actor: MenuFileActor,
  text: string,
  options: { dryRun: boolean; locale: Locale; at: Date },
): Promise<{ applied: boolean; diff: MenuFileDiff }> {
  const today = await exportMenuFile(db, actor.whiteLabel);
  const { file, problems, rowOfDish } = applyDishesCsv(today, text);
  if (problems.length > 0)
    throw new MenuFileInvalid(
      problems.map((p) => ({ field: pathText(p.path), message: p.message[options.locale] })),
    );
  try {
    return await importMenuFile(db, actor, file, options);
  } catch (error) {
    if (!(error instanceof MenuFileInvalid)) throw error;
    throw new MenuFileInvalid(
      error.errors.map((problem) => {
        const match = /^menus\.(\d+)\.dishes\.(\d+)\.(.+)$/.exec(problem.field);
        const key = match ? file.menus[Number(match[1])]?.dishes[Number(match[2])]?.key : undefined;
        const row = key === undefined ? undefined : rowOfDish.get(key);
        if (!match || row === undefined) return problem;
        return { ...problem, field: `row ${row}.${CSV_COLUMN_OF[match[3] ?? ''] ?? match[3]}` };
      }),
    );
  }
}

/**
 * What only the demo's seed asks of an apply (seed-database.ts), never the file, the API or the command line: the
 * file format has no ids (a chain's file must import into any database), but the demo's dishes, groups and the rest
 * keep the ids they always had, as e2e journeys, benches and tests name them (dish 1, menu 2).
 */
export interface MenuFileSeedOptions {
  /**
   * The id a row the apply creates takes, by kind and key: 'menu', 'group', 'dish', 'modifier', 'time-slot' by
   * their key, 'modifier-item' by `modifier/item`, 'attachment' (a dish's modifier group) by `dish/modifier`.
   * Undefined: the table's sequence gives it, as for every import. Rows found by key keep their ids.
   */
  idOf?: (kind: MenuFileRowKind | 'attachment', key: string) => number | undefined;
  /** false: no audit entry. Seeding is a database's starting state, as migrations are, not anyone's edit. */
  audit?: boolean;
}

/**
 * Applies a checked file in the caller's transaction: upserts by key, hides the groups and dishes it leaves out,
 * bumps the version of each group and dish it changes, and writes one audit entry (menu-import) with the diff's
 * counts and keys. Throwing anywhere (a constraint, the audit entry) rolls the whole import back. `seed` is the
 * demo seed's alone (MenuFileSeedOptions).
 */
export async function applyMenuFile(
  tx: Executor,
  actor: MenuFileActor,
  checked: CheckedMenuFile,
  at: Date,
  seed: MenuFileSeedOptions = {},
): Promise<void> {
  const { file, diff } = checked;
  /** `{ id }` for a row the seed names, else nothing: the sequence gives the id. */
  const idFor = (kind: MenuFileRowKind | 'attachment', key: string) => {
    const id = seed.idOf?.(kind, key);
    return id === undefined ? {} : { id };
  };
  // The command line imports as no staff member: its entry names the command (staff id null).
  const access = actor as StaffAccess;
  const brand = await loadBrandMenu(tx, access.whiteLabel);
  const touched = new Set([
    ...diff.changed.map((c) => `${c.kind}:${c.key}`),
    ...diff.hidden.map((h) => `${h.kind}:${h.key}`),
  ]);
  const bump = (kind: string, key: string, version: number) =>
    touched.has(`${kind}:${key}`) ? version + 1 : version;
  const restoIdOf = new Map<string, number>();
  for (const r of brand.restoRows) {
    restoIdOf.set(String(r.id), r.id);
    if (r.orderCode) restoIdOf.set(r.orderCode, r.id);
  }
  const tagIdOf = new Map(brand.tagRows.filter((t) => t.kind === 'position').map((t) => [t.code, t.id]));

  // Modifier groups and their items.
  const modifierIdOf = new Map<string, number>();
  const existingModifier = new Map(brand.modifierRows.map((m) => [keyOf('modifier', m), m]));
  for (const modifier of file.modifiers) {
    const values = { name: modifier.name, nameUi: modifier.nameUi, key: modifier.key };
    const found = existingModifier.get(modifier.key);
    let id: number;
    if (found) {
      await tx.update(modifiers).set(values).where(eq(modifiers.id, found.id));
      id = found.id;
    } else {
      const [row] = await tx
        .insert(modifiers)
        .values({ ...values, whiteLabelId: access.whiteLabel, ...idFor('modifier', modifier.key) })
        .returning({ id: modifiers.id });
      id = row?.id ?? 0;
    }
    modifierIdOf.set(modifier.key, id);
    const existingItem = new Map(
      brand.itemRows.filter((i) => i.modifierId === id).map((i) => [keyOf('item', i), i]),
    );
    for (const item of modifier.items) {
      const itemValues = {
        name: item.name,
        price: minor(item.price),
        order: item.order,
        key: item.key,
        modifierId: id,
      };
      const foundItem = existingItem.get(item.key);
      if (foundItem) await tx.update(modifierItems).set(itemValues).where(eq(modifierItems.id, foundItem.id));
      else
        await tx
          .insert(modifierItems)
          .values({ ...itemValues, ...idFor('modifier-item', `${modifier.key}/${item.key}`) });
    }
  }

  // Menus, their restaurants, groups and dishes.
  const existingMenu = new Map(brand.menuRows.map((m) => [keyOf('menu', m), m]));
  const existingGroup = new Map(brand.groupRows.map((g) => [keyOf('group', g), g]));
  const existingDish = new Map(brand.dishRows.map((d) => [keyOf('dish', d), d]));
  const dishIdOf = new Map<string, number>();
  const menuIds: number[] = [];
  const keptGroups = new Set<number>();
  const keptDishes = new Set<number>();
  for (const menu of file.menus) {
    const values = {
      key: menu.key,
      name: menu.name,
      order: menu.order,
      isDelivery: menu.methods.delivery,
      isTakeAway: menu.methods.takeAway,
      isOnline: menu.methods.online,
      isTable: menu.methods.table,
    };
    const foundMenu = existingMenu.get(menu.key);
    let menuId: number;
    if (foundMenu) {
      await tx.update(menus).set(values).where(eq(menus.id, foundMenu.id));
      menuId = foundMenu.id;
    } else {
      const [row] = await tx
        .insert(menus)
        .values({ ...values, whiteLabelId: access.whiteLabel, ...idFor('menu', menu.key) })
        .returning({ id: menus.id });
      menuId = row?.id ?? 0;
    }
    menuIds.push(menuId);
    const wantedRestos = menu.restaurants.map((ref) => restoIdOf.get(String(ref)) ?? 0);
    const haveRestos = brand.restoMenuRows.filter((l) => l.menuId === menuId).map((l) => l.restoId);
    if ([...haveRestos].sort().join() !== [...wantedRestos].sort().join()) {
      await tx.delete(restoMenus).where(eq(restoMenus.menuId, menuId));
      if (wantedRestos.length)
        await tx.insert(restoMenus).values(wantedRestos.map((restoId) => ({ restoId, menuId })));
    }

    const groupIdOf = new Map<string, number>();
    for (const group of menu.groups) {
      const groupValues = {
        key: group.key,
        menuId,
        name: group.name,
        order: group.order,
        photos: group.photos,
        isPublished: group.published,
      };
      const found = existingGroup.get(group.key);
      let id: number;
      if (found) {
        await tx
          .update(positionGroups)
          .set({ ...groupValues, version: bump('group', group.key, found.version) })
          .where(eq(positionGroups.id, found.id));
        id = found.id;
      } else {
        const [row] = await tx
          .insert(positionGroups)
          .values({ ...groupValues, ...idFor('group', group.key) })
          .returning({ id: positionGroups.id });
        id = row?.id ?? 0;
      }
      groupIdOf.set(group.key, id);
      keptGroups.add(id);
    }

    for (const dish of menu.dishes) {
      const dishValues = {
        key: dish.key,
        menuId,
        groupId: dish.group === null ? null : (groupIdOf.get(dish.group) ?? null),
        name: dish.name,
        description: dish.description,
        measureValue: dish.measure?.value ?? null,
        measureUnit: dish.measure?.unit ?? null,
        price: minor(dish.price),
        photos: dish.photos,
        isAdult: dish.isAdult,
        isPublished: dish.published,
        order: dish.order,
      };
      const found = existingDish.get(dish.key);
      let id: number;
      if (found) {
        await tx
          .update(positions)
          .set({ ...dishValues, version: bump('dish', dish.key, found.version) })
          .where(eq(positions.id, found.id));
        id = found.id;
      } else {
        const [row] = await tx
          .insert(positions)
          .values({ ...dishValues, ...idFor('dish', dish.key) })
          .returning({ id: positions.id });
        id = row?.id ?? 0;
      }
      dishIdOf.set(dish.key, id);
      keptDishes.add(id);
      if (!found || touched.has(`dish:${dish.key}`)) {
        await tx.delete(positionTags).where(eq(positionTags.positionId, id));
        if (dish.tags.length)
          await tx
            .insert(positionTags)
            .values(dish.tags.map((code) => ({ positionId: id, tagId: tagIdOf.get(code) ?? 0 })));
        await tx.delete(positionModifiers).where(eq(positionModifiers.positionId, id));
        if (dish.modifiers.length)
          await tx.insert(positionModifiers).values(
            dish.modifiers.map((link) => ({
              positionId: id,
              modifierId: modifierIdOf.get(link.modifier) ?? 0,
              minCount: link.min,
              maxCount: link.max,
              order: link.order,
              ...idFor('attachment', `${dish.key}/${link.modifier}`),
            })),
          );
      }
    }
  }

  // Groups and dishes the file leaves out: hidden, never deleted.
  for (const group of brand.groupRows)
    if (!keptGroups.has(group.id) && group.isPublished)
      await tx
        .update(positionGroups)
        .set({ isPublished: false, version: group.version + 1 })
        .where(eq(positionGroups.id, group.id));
  for (const dish of brand.dishRows)
    if (!keptDishes.has(dish.id) && dish.isPublished)
      await tx
        .update(positions)
        .set({ isPublished: false, version: dish.version + 1 })
        .where(eq(positions.id, dish.id));

  // Time slots: their days and dishes as the file says.
  const existingSlot = new Map(brand.slotRows.map((s) => [keyOf('slot', s), s]));
  for (const slot of file.timeSlots) {
    const found = existingSlot.get(slot.key);
    let id: number;
    if (found) {
      if (!touched.has(`time-slot:${slot.key}`)) continue;
      await tx.update(timeSlots).set({ name: slot.name, key: slot.key }).where(eq(timeSlots.id, found.id));
      id = found.id;
    } else {
      const [row] = await tx
        .insert(timeSlots)
        .values({
          name: slot.name,
          key: slot.key,
          whiteLabelId: access.whiteLabel,
          ...idFor('time-slot', slot.key),
        })
        .returning({ id: timeSlots.id });
      id = row?.id ?? 0;
    }
    await tx.delete(timeSlotDetails).where(eq(timeSlotDetails.timeSlotId, id));
    if (slot.details.length)
      await tx.insert(timeSlotDetails).values(slot.details.map((d) => ({ ...d, timeSlotId: id })));
    await tx.delete(timeSlotPositions).where(eq(timeSlotPositions.timeSlotId, id));
    await tx
      .insert(timeSlotPositions)
      .values(slot.dishes.map((key) => ({ timeSlotId: id, positionId: dishIdOf.get(key) ?? 0 })));
  }

  if (seed.audit === false) return;
  await writeAuditEntry(tx, access, at, {
    entity: 'menu-import',
    // An import concerns the whole brand; its entry is filed under the file's first menu.
    entityId: menuIds[0] ?? 1,
    action: 'import',
    before: { counts: { menus: brand.menuRows.length, dishes: brand.dishRows.length } },
    after: {
      counts: diff.counts,
      added: diff.added.map((a) => `${a.kind}:${a.key}`),
      changed: diff.changed.map((c) => `${c.kind}:${c.key}:${c.fields.map((f) => f.field).join(',')}`),
      hidden: diff.hidden.map((h) => `${h.kind}:${h.key}`),
    },
  });
}
