import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brandConfig } from '@storefront/domain/contracts';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { exportMenuFile, importMenuFile } from '../../modules/admin/admin-menu-file.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';
import * as t from '../schema.ts';
import { whiteLabels } from '../schema.ts';
import { BrandSeedError, loadBrandSeed } from './load-brand-seed.ts';
import { seedBrand } from './seed-database.ts';
import { seedProblems } from './seed-invariants.ts';
import type { BrandSeed } from './seed-schema.ts';

const DEMO = join(REPO_ROOT, 'brands', 'demo');

describe('the demo brand seed', () => {
  let seed: BrandSeed;
  beforeAll(async () => {
    seed = await loadBrandSeed(DEMO);
  });

  it('keeps every reference, picture and zone rule', () => {
    expect(seedProblems(seed, DEMO)).toEqual([]);
  });

  it('is the believable chain the storefront is shown with', () => {
    expect(seed.cities.length).toBeGreaterThanOrEqual(2);
    expect(seed.restos.length).toBeGreaterThanOrEqual(5);
    const positions = seed.menus.flatMap((m) => m.positions);
    expect(positions.length).toBeGreaterThanOrEqual(55);
    expect(positions.filter((p) => p.groupId === null).length).toBeGreaterThan(0);
    expect(positions.filter((p) => p.isAdult).length).toBeGreaterThanOrEqual(3);
    expect(positions.some((p) => p.tags.includes('extended-cooking-time'))).toBe(true);
    expect(seed.timeSlots.length).toBeGreaterThan(0);
    const hours = seed.restos.map((r) => r.openingHours);
    expect(hours.some((week) => week.some((d) => !d.active))).toBe(true);
    expect(
      hours.some((week) => week.every((d) => d.active && d.open === '00:00' && d.close === '00:00')),
    ).toBe(true);
    for (const zone of seed.zones) expect(zone.rules.length).toBeGreaterThanOrEqual(2);
  });

  it('has a promo code for every rejection reason of docs/product.md §8', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const codes = seed.promoCodes;
    expect(codes.some((c) => c.restoIds.length > 0)).toBe(true); // not-found-for-resto
    expect(codes.some((c) => c.totalLimit !== null && c.usedCount >= c.totalLimit)).toBe(true); // limit-exceed
    expect(codes.some((c) => c.perPersonLimit !== null)).toBe(true); // person-limit-exceed
    expect(codes.some((c) => c.startsAt !== null && Date.parse(c.startsAt) > now)).toBe(true); // before-start
    expect(codes.some((c) => c.endsAt !== null && Date.parse(c.endsAt) < now)).toBe(true); // after-finish
    expect(codes.some((c) => c.deliveryMethods.length === 1)).toBe(true); // invalid-delivery-method
    expect(codes.some((c) => !c.active)).toBe(true); // not-active
    expect(codes.some((c) => c.hours !== null)).toBe(true); // hour-not-active
    expect(
      codes.some((c) => c.active && c.restoIds.length === 0 && c.endsAt === null && c.hours === null),
    ).toBe(true);
  });

  it('shows selling with an order: free condiments, the main menu’s add-ons and a gift promotion with its picture', async () => {
    const brand = brandConfig.parse(JSON.parse(await readFile(join(DEMO, 'brand.json'), 'utf8')));
    const names = new Map(seed.menus.flatMap((m) => m.positions).map((p) => [p.id, p.name.ru]));
    expect(brand.freeCondiments.map((c) => [names.get(c.positionId), c.perPerson])).toEqual([
      ['Палочки', 1],
      ['Соевый соус порционный', 1],
      ['Имбирь маринованный', 1],
      ['Васаби', 1],
    ]);
    expect(seed.menus[0]?.addOnPositionIds.map((id) => names.get(id))).toEqual(
      expect.arrayContaining(['Соевый соус порционный', 'Имбирь маринованный', 'Васаби', 'Морс клюквенный']),
    );
    const gifts = seed.promotions.filter((p) => p.gift);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]?.gift?.minSum).toBe(250_000);
    expect(gifts[0]?.image).toMatch(/^\/media\/promotions\//);
    // No demo restaurant caps its slots: the journeys' orders would depend on each other's.
    expect(seed.restos.every((r) => r.slotCapacity === undefined)).toBe(true);
    const broken: BrandSeed = structuredClone(seed);
    const [menu] = broken.menus;
    const gift = broken.promotions.find((p) => p.gift);
    if (!menu || !gift?.gift) throw new Error('no menu or gift');
    menu.addOnPositionIds = [9999, 53, 53];
    gift.gift.positionIds = [8888];
    expect(seedProblems(broken, DEMO)).toEqual(
      expect.arrayContaining([
        `menu ${menu.id}: unknown add-on position 9999`,
        `menu ${menu.id}: add-on position 53 twice`,
        `promotion ${gift.id}: unknown gift position 8888`,
      ]),
    );
  });

  it('refuses a broken brand folder with every problem listed', async () => {
    await expect(loadBrandSeed('/nonexistent-brand')).rejects.toThrow(BrandSeedError);
    await expect(loadBrandSeed('/nonexistent-brand')).rejects.toThrow(
      /white-label\.json[\s\S]*promo-codes\.json/,
    );
  });

  it('finds broken references', () => {
    const broken: BrandSeed = structuredClone(seed);
    const [first] = broken.restos;
    if (!first) throw new Error('no resto');
    first.cityIds = [999];
    first.photos = ['/media/nowhere.svg'];
    const [zone] = broken.zones;
    if (zone) zone.polygon = [1, 2, 3].map(() => ({ lat: 1, lng: 1 }));
    const problems = seedProblems(broken, DEMO);
    expect(problems).toEqual(
      expect.arrayContaining([
        `resto ${first.id}: unknown city 999`,
        `resto ${first.id}: picture /media/nowhere.svg is not in ${DEMO}/media`,
        expect.stringMatching(/polygon needs three distinct valid points/),
      ]),
    );
  });
});

describe('seeding a database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('seeds only into an empty database, so restarts and parallel starts seed once', async () => {
    const seed = await loadBrandSeed(DEMO);
    expect(await seedBrand(database.db, seed, { onlyIfEmpty: true })).toBe(false);
    if (database.url) {
      // Two more instances racing on the same server: still one brand.
      const others = await Promise.all(
        [1, 2].map(() => openDatabase({ kind: 'postgres', url: database.url as string, poolSize: 1 })),
      );
      const results = await Promise.all(others.map((o) => seedBrand(o.db, seed, { onlyIfEmpty: true })));
      expect(results).toEqual([false, false]);
      await Promise.all(others.map((o) => o.close()));
    }
    expect(await database.db.select().from(whiteLabels)).toHaveLength(1);
  });

  it('leaves nothing behind when a seed fails half-way', async () => {
    const seed = await loadBrandSeed(DEMO);
    const broken = { ...structuredClone(seed), whiteLabel: { id: 'half', name: { ru: 'Половина' } } };
    // Ids collide with the demo's rows: the insert of cities fails after the brand row was written.
    await expect(seedBrand(database.db, broken)).rejects.toThrow();
    const rows = await database.db.execute(
      sql`select count(*)::int as n from white_labels where id = 'half'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

/**
 * The menu rows the seed names, as the seed wrote them before its menu went through the menu-file import (decision 47):
 * its ids, its values, attachments numbered 1, 2, 3… in the seed's order. Written from the seed, not from the
 * import, so the two are compared and not the import with itself.
 */
function menuRowsOfSeed(seed: BrandSeed) {
  const wl = seed.whiteLabel.id;
  const tagId = new Map(seed.tags.map((tag) => [tag.code, tag.id]));
  const byId = <T extends { id: number }>(rows: T[]) => rows.sort((a, b) => a.id - b.id);
  const positions = seed.menus.flatMap((menu) => menu.positions.map((p) => ({ ...p, menuId: menu.id })));
  return {
    menus: byId(
      seed.menus.map((menu) => ({
        id: menu.id,
        whiteLabelId: wl,
        name: menu.name,
        order: menu.order,
        isDelivery: menu.methods.delivery,
        isTakeAway: menu.methods.takeAway,
        isOnline: menu.methods.online,
        isTable: menu.methods.table,
        version: 1,
      })),
    ),
    groups: byId(
      seed.menus.flatMap((menu) =>
        menu.groups.map((g) => ({ ...g, menuId: menu.id, isPublished: true, version: 1 })),
      ),
    ),
    dishes: byId(
      positions.map(({ tags: _tags, measure, ...p }) => ({
        ...p,
        measureValue: measure?.value ?? null,
        measureUnit: measure?.unit ?? null,
        isPublished: true,
        version: 1,
      })),
    ),
    dishTags: positions
      .flatMap((p) => p.tags.map((code) => ({ positionId: p.id, tagId: tagId.get(code) ?? 0 })))
      .sort((a, b) => a.positionId - b.positionId || a.tagId - b.tagId),
    modifiers: byId(
      seed.modifiers.modifiers.map((m) => ({
        id: m.id,
        whiteLabelId: wl,
        name: m.name,
        nameUi: m.nameUi,
        minCount: 0,
        maxCount: 1,
        version: 1,
      })),
    ),
    items: byId(seed.modifiers.modifiers.flatMap((m) => m.items.map((i) => ({ ...i, modifierId: m.id })))),
    attachments: seed.modifiers.attachments.map((a, index) => ({ id: index + 1, ...a })),
    slots: byId(seed.timeSlots.map((s) => ({ id: s.id, whiteLabelId: wl, name: s.name, version: 1 }))),
    slotDetails: seed.timeSlots
      .flatMap((s) => s.details.map((d) => ({ ...d, timeSlotId: s.id })))
      .sort((a, b) => a.timeSlotId - b.timeSlotId || a.dayOfWeek - b.dayOfWeek),
    slotDishes: seed.timeSlots
      .flatMap((s) => s.positionIds.map((positionId) => ({ timeSlotId: s.id, positionId })))
      .sort((a, b) => a.timeSlotId - b.timeSlotId || a.positionId - b.positionId),
    restoMenus: seed.restos
      .flatMap((r) => r.menuIds.map((menuId) => ({ restoId: r.id, menuId })))
      .sort((a, b) => a.restoId - b.restoId || a.menuId - b.menuId),
  };
}

type MenuRows = ReturnType<typeof menuRowsOfSeed>;

/**
 * The same rows as the database has them, each with the columns `expected` has (a column added later, or the key,
 * is left out), and each keyed row's stored key as `key=id`.
 */
async function menuRowsOfDatabase(db: DatabaseHandle['db'], expected: MenuRows) {
  const all = {
    menus: await db.select().from(t.menus).orderBy(asc(t.menus.id)),
    groups: await db.select().from(t.positionGroups).orderBy(asc(t.positionGroups.id)),
    dishes: await db.select().from(t.positions).orderBy(asc(t.positions.id)),
    dishTags: await db
      .select()
      .from(t.positionTags)
      .orderBy(asc(t.positionTags.positionId), asc(t.positionTags.tagId)),
    modifiers: await db.select().from(t.modifiers).orderBy(asc(t.modifiers.id)),
    items: await db.select().from(t.modifierItems).orderBy(asc(t.modifierItems.id)),
    attachments: await db.select().from(t.positionModifiers).orderBy(asc(t.positionModifiers.id)),
    slots: await db.select().from(t.timeSlots).orderBy(asc(t.timeSlots.id)),
    slotDetails: await db
      .select()
      .from(t.timeSlotDetails)
      .orderBy(asc(t.timeSlotDetails.timeSlotId), asc(t.timeSlotDetails.dayOfWeek)),
    slotDishes: await db
      .select()
      .from(t.timeSlotPositions)
      .orderBy(asc(t.timeSlotPositions.timeSlotId), asc(t.timeSlotPositions.positionId)),
    restoMenus: await db
      .select()
      .from(t.restoMenus)
      .orderBy(asc(t.restoMenus.restoId), asc(t.restoMenus.menuId)),
  };
  const rows = Object.fromEntries(
    Object.entries(all).map(([name, list]) => {
      const columns = Object.keys(expected[name as keyof MenuRows][0] ?? {});
      return [
        name,
        (list as Record<string, unknown>[]).map((row) =>
          Object.fromEntries(columns.map((column) => [column, row[column]])),
        ),
      ];
    }),
  );
  const keyed = (list: { id: number; key: string | null }[]) => list.map((r) => `${r.key}=${r.id}`);
  const keys = {
    menus: keyed(all.menus),
    groups: keyed(all.groups),
    dishes: keyed(all.dishes),
    modifiers: keyed(all.modifiers),
    items: keyed(all.items),
    slots: keyed(all.slots),
  };
  return { rows, keys };
}

describe('the demo’s menu, seeded through the menu-file import (decision 47)', () => {
  let seed: BrandSeed;
  let fresh: DatabaseHandle;
  const count = async (table: string) => {
    const result = await fresh.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };
  beforeAll(async () => {
    seed = await loadBrandSeed(DEMO);
    // An empty database of its own, as a first start finds it (the shared test database is seeded already).
    fresh = await openDatabase({ kind: 'pglite' });
    await fresh.migrate();
  });
  afterAll(() => fresh.close());

  it('seeds nothing from a broken seed: a dish in a group of another menu', async () => {
    const broken = structuredClone(seed);
    const [main, other] = broken.menus;
    const dish = main?.positions[0];
    const foreignGroup = other?.groups[0];
    if (!dish || !foreignGroup) throw new Error('the demo needs two menus, the second with a group');
    dish.groupId = foreignGroup.id;
    await expect(seedBrand(fresh.db, broken, { onlyIfEmpty: true })).rejects.toThrow(BrandSeedError);
    await expect(seedBrand(fresh.db, broken)).rejects.toThrow(
      `menus.0.dishes.0.group: this menu has no group "group-${foreignGroup.id}"`,
    );
    for (const table of ['white_labels', 'cities', 'restos', 'menus', 'positions', 'modifiers', 'time_slots'])
      expect(await count(table), table).toBe(0);
  });

  it('writes the rows the seed names, ids included, with the keys the export gives them and no audit entry', async () => {
    expect(await seedBrand(fresh.db, seed, { onlyIfEmpty: true })).toBe(true);
    const expected = menuRowsOfSeed(seed);
    const { rows, keys } = await menuRowsOfDatabase(fresh.db, expected);
    expect(rows).toEqual(expected);
    const keysOf = (prefix: string, list: { id: number }[]) => list.map((r) => `${prefix}-${r.id}=${r.id}`);
    expect(keys).toEqual({
      menus: keysOf('menu', expected.menus),
      groups: keysOf('group', expected.groups),
      dishes: keysOf('dish', expected.dishes),
      modifiers: keysOf('modifier', expected.modifiers),
      items: keysOf('item', expected.items),
      slots: keysOf('slot', expected.slots),
    });
    // The ids e2e journeys, benches and tests name.
    expect(expected.dishes.slice(0, 3).map((d) => d.id)).toEqual([1, 2, 3]);
    // Startup seeding is no one's edit: the change log starts empty.
    expect(await count('admin_audit_log')).toBe(0);
    // New rows go after the seeded ones.
    const next = await fresh.db.execute(sql`select nextval('positions_id_seq')::int as id`);
    expect((next as unknown as { rows: { id: number }[] }).rows[0]?.id).toBe(
      Math.max(...expected.dishes.map((d) => d.id)) + 1,
    );
  });

  it('exports as a file that imports back with no change (a dry run reports 0)', async () => {
    const file = await exportMenuFile(fresh.db, seed.whiteLabel.id);
    const result = await importMenuFile(
      fresh.db,
      { whiteLabel: seed.whiteLabel.id, staffId: null, login: 'seed.test' },
      file,
      { dryRun: true, locale: 'en', at: new Date() },
    );
    expect(result).toEqual({
      applied: false,
      diff: { counts: { added: 0, changed: 0, hidden: 0 }, added: [], changed: [], hidden: [] },
    });
  });

  it('gives the shared test database the same menu rows', async () => {
    const database = await openTestDatabase();
    try {
      const expected = menuRowsOfSeed(seed);
      expect((await menuRowsOfDatabase(database.db, expected)).rows).toEqual(expected);
    } finally {
      await database.dispose();
    }
  });
});
