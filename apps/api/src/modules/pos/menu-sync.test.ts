import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positionsResponse } from '@storefront/domain/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import {
  catalogRevision,
  menus,
  modifierItems,
  modifiers,
  positionGroups,
  positionModifiers,
  positions,
  posLinks,
  posLog,
  posMappings,
  posOrganizations,
  restoMenus,
} from '../../db/schema.ts';
import {
  FAKE_IIKO_API_LOGIN,
  FAKE_IIKO_DEMO,
  type FakeIiko,
  fakeIikoPrice,
  startFakeIiko,
} from '../../test/fakes/iiko.ts';
import { createTestApp, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { posImageAddress, posImageKey } from './menu-images.ts';
import { runMenuSyncOnce, syncMenuResult } from './menu-sync.ts';

/*
 * The menu sync against the fake iiko on 127.0.0.1 through the real adapter; the dishes' pictures come from a
 * small picture server of the test's own, also on 127.0.0.1.
 */

const ORG = FAKE_IIKO_DEMO.organizationId;
const D = FAKE_IIKO_DEMO;
const clock = Date.parse('2026-11-25T12:00:00+03:00');

let fake: FakeIiko;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let dataDir: string;
let posEnv: Record<string, string>;
let pictures: Server;
let pictureBase: string;
const pictureHits = new Map<string, number>();

async function startPictures() {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03020' } })
    .png()
    .toBuffer();
  pictures = createServer((request, response) => {
    const path = request.url ?? '';
    pictureHits.set(path, (pictureHits.get(path) ?? 0) + 1);
    if (path.startsWith('/ok/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(png);
    } else if (path.startsWith('/text/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end('not a picture');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  pictureBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
}

const hits = () => [...pictureHits.values()].reduce((a, b) => a + b, 0);

beforeAll(async () => {
  await startPictures();
  fake = await startFakeIiko();
  // The demo's pictures point at iiko's host: here they come from 127.0.0.1.
  const nomenclature = fake.nomenclature(ORG);
  fake.setNomenclature(ORG, {
    groups: nomenclature.groups.map((g) => ({
      ...g,
      imageLinks: g.imageLinks.map((_, i) => `${pictureBase}/ok/group-${g.order}-${i}.png`),
    })),
    products: nomenclature.products.map((p) => ({
      ...p,
      imageLinks: p.imageLinks.map((_, i) => `${pictureBase}/ok/${p.code ?? p.id}-${i}.png`),
    })),
  });
  dataDir = await mkdtemp(join(tmpdir(), 'pos-menu-'));
  posEnv = {
    IIKO_API_URL: fake.url,
    IIKO_API_LOGINS: `demo=${FAKE_IIKO_API_LOGIN}`,
    PUBLIC_URL: 'http://127.0.0.1:9',
    DATA_DIR: dataDir,
    // The schedules stay quiet: each test runs what it needs by hand.
    POS_SYNC_INTERVAL_MS: '86400000',
    POS_POLL_MS: '600000',
  };
  ({ app, database, close } = await createTestApp({ now: () => clock, env: posEnv }));
  await database.db.insert(posLinks).values({
    restoId: 1,
    whiteLabelId: 'demo',
    provider: 'iiko',
    organizationId: ORG,
    terminalGroupId: D.terminalGroupId,
    paymentTypes: {},
    linkedAt: new Date(clock),
  });
  await database.db.insert(posOrganizations).values({
    whiteLabelId: 'demo',
    provider: 'iiko',
    organizationId: ORG,
    name: D.organizationName,
    nextSyncAt: new Date(clock),
  });
});
afterAll(async () => {
  await close();
  await fake.close();
  await new Promise((resolve) => pictures.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const db = () => database.db;
const org = async () => {
  const [row] = await db().select().from(posOrganizations).where(eq(posOrganizations.organizationId, ORG));
  if (!row) throw new Error('no organization row');
  return row;
};
const revision = async () =>
  (await db().select().from(catalogRevision).where(eq(catalogRevision.id, 1)))[0]?.revision;
const dishMapping = async (productId: string, sizeId = '', organizationId: string = ORG) => {
  const [row] = await db()
    .select()
    .from(posMappings)
    .where(
      and(
        eq(posMappings.organizationId, organizationId),
        eq(posMappings.kind, 'dish'),
        eq(posMappings.externalId, productId),
        eq(posMappings.externalSizeId, sizeId),
      ),
    );
  return row?.ourId;
};
const dish = async (id: number | undefined) => {
  const [row] = await db()
    .select()
    .from(positions)
    .where(eq(positions.id, id ?? 0));
  if (!row) throw new Error(`no dish ${id}`);
  return row;
};
const lastSyncLog = async () =>
  (await db().select().from(posLog).where(eq(posLog.kind, 'sync')).orderBy(desc(posLog.id)).limit(1))[0];
const sync = async () => {
  const result = await syncMenuResult(app.pos, ORG);
  if (!result?.ok) throw new Error(`the sync failed: ${JSON.stringify(result)}`);
  return result.summary;
};
const storefront = async (menuId: number) => {
  const response = await app.inject({ method: 'GET', url: `/1/p/menus/${menuId}/positions` });
  expect(response.statusCode).toBe(200);
  return positionsResponse.parse(response.json());
};

describe('the menu from iiko', () => {
  it('first sync: a menu of the organization, listed by the linked restaurant, with groups, sizes, modifiers, nutrition and pictures', async () => {
    const summary = await sync();
    expect(summary.added.sort()).toEqual([
      'Калифорния',
      'Кола 0,5',
      'Филадельфия, 10 шт',
      'Филадельфия, 6 шт',
    ]);
    expect(summary.failed).toEqual([]);
    const { menuId, nomenclatureRevision } = await org();
    expect(menuId).not.toBeNull();
    expect(nomenclatureRevision).toBe(fake.nomenclature(ORG).revision);
    const listed = await db()
      .select()
      .from(restoMenus)
      .where(eq(restoMenus.menuId, menuId ?? 0));
    expect(listed.map((r) => r.restoId)).toEqual([1]);

    const small = await dish(await dishMapping(D.products.philadelphia, D.sizes.small));
    const large = await dish(await dishMapping(D.products.philadelphia, D.sizes.large));
    expect(small).toMatchObject({ menuId, price: 45_000, measureValue: 250, measureUnit: 'g' });
    expect(large).toMatchObject({ name: { ru: 'Филадельфия, 10 шт' }, price: 69_050 });
    expect(small.nutrition).toEqual({ kcal: 196.5, proteins: 8.4, fats: 9.1, carbs: 20.2 });
    const picture = `${pictureBase}/ok/0001-0.png`;
    expect(small.photos).toEqual([posImageAddress(picture)]);
    expect((await stat(join(dataDir, 'media', posImageKey(picture), '640.jpg'))).size).toBeGreaterThan(0);
    const [rolls] = await db()
      .select()
      .from(positionGroups)
      .where(eq(positionGroups.id, small.groupId ?? 0));
    expect(rolls).toMatchObject({ name: { ru: 'Роллы' }, isPublished: true });
    expect(rolls?.photos).toHaveLength(1);

    const attached = await db()
      .select({ positionId: positionModifiers.positionId, modifierId: positionModifiers.modifierId })
      .from(positionModifiers)
      .where(inArray(positionModifiers.positionId, [small.id, large.id]));
    expect(attached).toHaveLength(2);
    const [sauces] = await db()
      .select()
      .from(modifiers)
      .where(eq(modifiers.id, attached[0]?.modifierId ?? 0));
    expect(sauces).toMatchObject({ name: { ru: 'Соусы' }, minCount: 0, maxCount: 2 });
    const items = await db()
      .select({ name: modifierItems.name, price: modifierItems.price })
      .from(modifierItems)
      .where(eq(modifierItems.modifierId, sauces?.id ?? 0));
    expect(items).toEqual(
      expect.arrayContaining([
        { name: { ru: 'Соевый соус' }, price: 0 },
        { name: { ru: 'Спайси соус' }, price: 4500 },
      ]),
    );
    const [saucesMapping] = await db()
      .select()
      .from(posMappings)
      .where(and(eq(posMappings.kind, 'modifier-item'), eq(posMappings.externalId, D.products.spicySauce)));
    expect(saucesMapping?.externalParentId).toBe(D.sauceGroupId);

    const shown = await storefront(menuId ?? 0);
    expect(shown.map((p) => p.name.ru)).toContain('Калифорния');
    expect(shown.find((p) => p.id === small.id)?.nutrition).toEqual(small.nutrition);
    expect(shown.find((p) => p.name.ru === 'Калифорния')).not.toHaveProperty('nutrition');

    const entry = await lastSyncLog();
    expect(entry).toMatchObject({ kind: 'sync', ok: true, organizationId: ORG, restoId: null });
  });

  it('a sync that finds nothing new writes no catalog row and fetches no picture again', async () => {
    const before = await revision();
    const fetched = hits();
    expect(await sync()).toMatchObject({ added: [], changed: [], hidden: [], failed: [] });
    // The whole nomenclature again (as after iiko's revision moved for something we do not read).
    await db().update(posOrganizations).set({ nomenclatureRevision: 0 });
    expect(await sync()).toMatchObject({ added: [], changed: [], hidden: [], failed: [] });
    expect(await revision()).toBe(before);
    expect(hits()).toBe(fetched);
  });

  it('a changed price changes that dish only, under the same id', async () => {
    const id = await dishMapping(D.products.california);
    const other = await dish(await dishMapping(D.products.cola));
    const before = await revision();
    fake.updateProduct(D.products.california, { sizePrices: [fakeIikoPrice(null, 410)] });
    expect(await sync()).toMatchObject({ added: [], changed: ['Калифорния'], hidden: [] });
    expect(await dishMapping(D.products.california)).toBe(id);
    expect((await dish(id)).price).toBe(41_000);
    expect((await dish(other.id)).version).toBe(other.version);
    expect(await revision()).not.toBe(before);
    const { menuId } = await org();
    expect((await storefront(menuId ?? 0)).find((p) => p.id === id)?.price).toBe(41_000);
  });

  it('a deleted product and a size out of the menu are hidden, never deleted, and come back', async () => {
    const cola = await dishMapping(D.products.cola);
    const large = await dishMapping(D.products.philadelphia, D.sizes.large);
    fake.updateProduct(D.products.cola, { isDeleted: true });
    const philadelphia = fake.nomenclature(ORG).products.find((p) => p.id === D.products.philadelphia);
    fake.updateProduct(D.products.philadelphia, {
      sizePrices: [fakeIikoPrice(D.sizes.small, 450), fakeIikoPrice(D.sizes.large, 690.5, false)],
    });
    expect((await sync()).hidden.sort()).toEqual(['Кола 0,5', 'Филадельфия, 10 шт']);
    expect((await dish(cola)).isPublished).toBe(false);
    expect((await dish(large)).isPublished).toBe(false);
    const { menuId } = await org();
    expect((await storefront(menuId ?? 0)).map((p) => p.id)).not.toContain(cola);

    fake.updateProduct(D.products.cola, { isDeleted: false });
    fake.updateProduct(D.products.philadelphia, { sizePrices: philadelphia?.sizePrices ?? [] });
    expect((await sync()).changed.sort()).toEqual(['Кола 0,5', 'Филадельфия, 10 шт']);
    expect(await dishMapping(D.products.cola)).toBe(cola);
    expect((await dish(cola)).isPublished).toBe(true);
    expect((await storefront(menuId ?? 0)).map((p) => p.id)).toContain(cola);
  });

  it('a dish without a price is not written and is listed; a picture that fails is listed and the dish kept', async () => {
    fake.addProduct({ name: 'Без цены', parentGroup: D.groups.rolls, sizePrices: [fakeIikoPrice(null, 0)] });
    const broken = fake.addProduct({
      name: 'Темпура',
      parentGroup: D.groups.rolls,
      sizePrices: [fakeIikoPrice(null, 520)],
      imageLinks: [`${pictureBase}/missing/tempura.png`, `${pictureBase}/text/tempura.png`, 'ftp://x/y.png'],
    });
    const summary = await sync();
    expect(summary.added).toEqual(['Темпура']);
    expect(summary.failed).toEqual(
      expect.arrayContaining([
        { name: 'Без цены', reason: 'pos.dish-no-price' },
        { name: 'Темпура', reason: 'pos.picture-failed', detail: 'HTTP 404' },
        { name: 'Темпура', reason: 'pos.picture-failed', detail: expect.stringMatching(/^not a JPEG/) },
        { name: 'Темпура', reason: 'pos.picture-failed', detail: 'not http(s)' },
      ]),
    );
    const written = await db()
      .select({ name: positions.name })
      .from(positions)
      .where(eq(positions.key, `iiko-${broken.id}`));
    expect(written).toHaveLength(1);
    const entry = await lastSyncLog();
    expect(entry?.summary).toMatchObject({ added: ['Темпура'] });
  });

  it('a failed call logs its code and keeps the revision', async () => {
    const { nomenclatureRevision } = await org();
    fake.updateProduct(D.products.california, { sizePrices: [fakeIikoPrice(null, 430)] });
    fake.failNext('nomenclature', '500-before');
    const result = await syncMenuResult(app.pos, ORG);
    expect(result).toEqual({ ok: false, error: 'pos.unavailable' });
    expect((await org()).nomenclatureRevision).toBe(nomenclatureRevision);
    const entry = await lastSyncLog();
    expect(entry).toMatchObject({ kind: 'sync', ok: false, error: 'pos.unavailable' });
    expect((await sync()).changed).toEqual(['Калифорния']);
  });

  it('a menu deleted in the back office is made again from the whole nomenclature, its mappings moved to the new rows', async () => {
    const { menuId: old } = await org();
    await db()
      .delete(menus)
      .where(eq(menus.id, old ?? 0));
    expect((await org()).menuId).toBeNull();
    const summary = await sync();
    expect(summary.added).toContain('Калифорния');
    const { menuId } = await org();
    expect(menuId).not.toBe(old);
    const california = await dish(await dishMapping(D.products.california));
    expect(california).toMatchObject({ menuId, price: 43_000, isPublished: true });
    expect((await storefront(menuId ?? 0)).map((p) => p.id)).toContain(california.id);
  });

  it('two instances leasing the same due organization: one takes it', async () => {
    const other = await secondInstance(database, { config: testConfig(posEnv), now: () => clock });
    try {
      await db()
        .update(posOrganizations)
        .set({ nextSyncAt: new Date(clock - 1000) });
      const [first, second] = await Promise.all([runMenuSyncOnce(app.pos), runMenuSyncOnce(other.app.pos)]);
      expect([...first, ...second]).toEqual([ORG]);
      expect((await org()).nextSyncAt.getTime()).toBe(clock + 86_400_000);
      expect(await runMenuSyncOnce(other.app.pos)).toEqual([]);
    } finally {
      await other.app.close();
      await other.closeDatabase();
    }
  });

  it('an organization no restaurant links to any more is not synced on schedule, and is again once relinked', async () => {
    const links = await db().select().from(posLinks);
    await db().delete(posLinks);
    try {
      await db()
        .update(posOrganizations)
        .set({ nextSyncAt: new Date(clock - 1000) });
      expect(await runMenuSyncOnce(app.pos)).toEqual([]);
    } finally {
      await db().insert(posLinks).values(links);
    }
    expect(await runMenuSyncOnce(app.pos)).toEqual([ORG]);
  });

  it('a second organization selling the same iiko products gets a menu and rows of its own, each mapped in its organization', async () => {
    const second = fake.addOrganization({ name: 'Нори-Нори Самара (iiko)' });
    const terminal = fake.addTerminalGroup(second, { name: 'Кухня в Самаре' });
    const { groups, products, sizes } = fake.nomenclature(ORG);
    fake.setNomenclature(second, { groups, products, sizes });
    await db()
      .insert(posLinks)
      .values({
        restoId: 2,
        whiteLabelId: 'demo',
        provider: 'iiko',
        organizationId: second,
        terminalGroupId: terminal.id,
        paymentTypes: {},
        linkedAt: new Date(clock),
      });
    await db()
      .insert(posOrganizations)
      .values({
        whiteLabelId: 'demo',
        provider: 'iiko',
        organizationId: second,
        nextSyncAt: new Date(clock),
      });
    const firstDish = await dishMapping(D.products.california);
    const result = await syncMenuResult(app.pos, second);
    expect(result?.ok && result.summary.added).toContain('Калифорния');
    const [secondOrg] = await db()
      .select()
      .from(posOrganizations)
      .where(eq(posOrganizations.organizationId, second));
    const secondDish = await dishMapping(D.products.california, '', second);
    expect(secondDish).toBeDefined();
    expect(secondDish).not.toBe(firstDish);
    expect((await dish(secondDish)).menuId).toBe(secondOrg?.menuId);
    expect((await dish(firstDish)).menuId).toBe((await org()).menuId);
    // The first organization's mapping still names its own row.
    expect(await dishMapping(D.products.california)).toBe(firstDish);
  });
});
