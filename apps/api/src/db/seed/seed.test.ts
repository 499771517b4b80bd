import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { openDatabase } from '../client.ts';
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
