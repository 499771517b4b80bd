import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminAuditList,
  adminPhotoList,
  adminResto,
  adminRestoList,
  restoResponse,
  restosResponse,
} from '@storefront/domain/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { restos } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  errorsOf,
} from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let foreignResto: number;
let dataDir: string;

beforeAll(async () => {
  // A media store of its own for the photos' uploads.
  dataDir = await mkdtemp(join(tmpdir(), 'admin-restos-'));
  ({ app, database, close } = await createTestApp({ env: { DATA_DIR: dataDir } }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'restos'));
  await addOtherBrandDish(database.db);
  const [row] = await database.db
    .insert(restos)
    .values({
      whiteLabelId: 'other-brand',
      name: { ru: 'Чужой ресторан' },
      address: { ru: 'Где-то' },
      street: { ru: 'Где-то' },
      description: { ru: '' },
      lat: 55.79,
      lng: 49.12,
      payDelivery: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
      payTakeAway: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
    })
    .returning({ id: restos.id });
  foreignResto = row?.id ?? 0;
});
afterAll(async () => {
  await close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = '/api/v1/admin/restos';
const read = async (id: number) =>
  adminResto.parse((await adminCall(app, 'GET', `${url}/${id}`, as.owner)).json());
const patch = (id: number, version: number, body: unknown, who: Record<string, string> = as.manager) =>
  adminCall(app, 'PATCH', `${url}/${id}`, { ...who, 'if-match': `"${version}"` }, body);
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const storefrontRestos = async () =>
  restosResponse.parse((await app.inject({ method: 'GET', url: '/1/p/restos' })).json());

describe('restaurants in the back office', () => {
  it('lists each person’s restaurants, unpublished ones too; another brand’s are not found', async () => {
    const owners = adminRestoList.parse((await adminCall(app, 'GET', url, as.owner)).json()).restos;
    expect(owners.length).toBeGreaterThan(1);
    expect(owners[0]).toMatchObject({ id: 1, cityId: 1, menuIds: [1, 2], warnings: [] });
    expect(owners[0]?.preOrder.DELIVERY).toMatchObject({
      enabled: true,
      minTimeMinutes: 60,
      dayInAdvance: 2,
    });
    const operators = adminRestoList.parse((await adminCall(app, 'GET', url, as.operator)).json()).restos;
    expect(operators.map((r) => r.id)).toEqual([1]);
    expect((await adminCall(app, 'GET', `${url}/2`, as.operator)).statusCode).toBe(403);
    expect((await adminCall(app, 'GET', `${url}/${foreignResto}`, as.owner)).statusCode).toBe(404);
    expect(owners.some((r) => r.id === foreignResto)).toBe(false);
    expect((await adminCall(app, 'GET', url, {})).statusCode).toBe(401);
  });

  it('refuses bad input with the field in the request’s language, and changes nothing', async () => {
    const resto = await read(2);
    const before = await databaseFingerprint(database.db);
    const en = { ...as.manager, 'accept-language': 'en' };
    const cases: [unknown, string][] = [
      [{ phones: ['call us'] }, 'phones.0'],
      [{ emails: ['not-an-address'] }, 'emails.0'],
      [{ links: ['javascript:alert(1)'] }, 'links.0'],
      [{ averageCheck: -1 }, 'averageCheck'],
      [{ averageCheck: 10.5 }, 'averageCheck'],
      [{ location: { lat: 91, lng: 49 } }, 'location.lat'],
      [{ timezone: 'Moscow' }, 'timezone'],
      [{ takeAwayMaxOrderSum: 0 }, 'takeAwayMaxOrderSum'],
      [
        { preOrder: { DELIVERY: { minTimeMinutes: -5, dayInAdvance: 1 } } },
        'preOrder.DELIVERY.minTimeMinutes',
      ],
      [{ name: { ru: '  ' } }, 'name.ru'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(2, resto.version, body, en);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(response).map((e) => e.field)).toContain(field);
    }
    const unknownMenu = await patch(2, resto.version, { menuIds: [999_999] }, en);
    expect(unknownMenu.statusCode).toBe(422);
    expect(errorsOf(unknownMenu)[0]).toMatchObject({
      code: 'admin.menu-not-found',
      field: 'menuIds',
      message: 'There is no such menu',
    });
    const unknownCity = await patch(2, resto.version, { cityId: 999_999 });
    expect(errorsOf(unknownCity)[0]).toMatchObject({ code: 'admin.city-not-found', field: 'cityId' });
    const takenCode = await patch(2, resto.version, { orderCode: 'Б' });
    expect(errorsOf(takenCode)[0]).toMatchObject({
      code: 'admin.resto-order-code-taken',
      field: 'orderCode',
    });
    expect((await patch(2, resto.version, { name: { ru: 'X' } }, as.operator)).statusCode).toBe(403);
    expect((await patch(foreignResto, 1, { name: { ru: 'X' } }, as.owner)).statusCode).toBe(404);
    const newOne = {
      name: { ru: 'Новый' },
      address: { ru: 'Казань' },
      location: { lat: 55.79, lng: 49.12 },
      cityId: 1,
    };
    expect((await adminCall(app, 'POST', url, as.manager, newOne)).statusCode).toBe(403);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a rename and an unpublishing reach the storefront at once; 412 on a stale version; each is audited and revertible', async () => {
    const resto = await read(3);
    const renamed = await patch(3, resto.version, {
      name: { ru: 'Нори-Нори 24 у парка', en: 'Nori-Nori 24 by the park' },
      phones: ['+7 (843) 200-00-09'],
      preOrder: { DELIVERY: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const saved = adminResto.parse(renamed.json());
    expect(saved).toMatchObject({ version: resto.version + 1, phones: ['+7 (843) 200-00-09'] });
    expect(resto.preOrder.DELIVERY).not.toBeNull();
    // Switched off, its settings kept for when it is switched on again.
    expect(saved.preOrder).toEqual({
      DELIVERY: { ...resto.preOrder.DELIVERY, enabled: false },
      TAKE_AWAY: resto.preOrder.TAKE_AWAY,
    });
    expect((await storefrontRestos()).find((r) => r.id === 3)?.name.ru).toBe('Нори-Нори 24 у парка');

    const stale = await patch(3, resto.version, { isPublished: false });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.version).toBe(saved.version);
    expect((await adminCall(app, 'PATCH', `${url}/3`, as.manager, { isPublished: false })).statusCode).toBe(
      428,
    );

    const entry = await lastEntry('entity=resto&entityId=3');
    expect(entry).toMatchObject({ action: 'update', staff: { login: 'restos-manager' } });
    expect(Object.keys(entry.after).sort()).toEqual(['name', 'phones', 'preOrder']);

    const hidden = await patch(3, saved.version, { isPublished: false });
    expect(hidden.statusCode).toBe(200);
    expect((await storefrontRestos()).some((r) => r.id === 3)).toBe(false);
    const hiding = await lastEntry('entity=resto&entityId=3');
    const undoHide = await adminCall(app, 'POST', `/api/v1/admin/audit/${hiding.id}/revert`, as.manager);
    expect(undoHide.statusCode, undoHide.body).toBe(200);
    expect((await storefrontRestos()).some((r) => r.id === 3)).toBe(true);

    // The rename is undone alone: the publication change since is on another field.
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager);
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await read(3);
    expect(back).toMatchObject({ name: resto.name, phones: resto.phones, preOrder: resto.preOrder });
    expect((await storefrontRestos()).find((r) => r.id === 3)?.name).toEqual(resto.name);
    // An operator undoes nothing of a restaurant.
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.operator)).statusCode,
    ).toBe(403);
  });

  it('moves the pin outside its city with a warning, not a refusal; changes menus, payments and methods', async () => {
    const resto = await read(5);
    const moved = await patch(5, resto.version, {
      location: { lat: 10, lng: 10 },
      menuIds: [1],
      payTakeAway: { cardOnline: '  ', cardUponReceipt: true, cashUponReceipt: false },
      isDelivery: false,
      takeAwayMinutes: 35,
      averageCheck: 0,
      takeAwayMaxOrderSum: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const saved = adminResto.parse(moved.json());
    expect(saved.warnings).toEqual([
      expect.objectContaining({ code: 'admin.resto-outside-city', field: 'location' }),
    ]);
    expect(saved).toMatchObject({
      menuIds: [1],
      payTakeAway: { cardOnline: null, cardUponReceipt: true, cashUponReceipt: false },
      isDelivery: false,
      takeAwayMinutes: 35,
      takeAwayMaxOrderSum: null,
    });
  });

  it('an owner adds a restaurant, unpublished, in a city of the brand', async () => {
    const created = await adminCall(app, 'POST', url, as.owner, {
      name: { ru: 'Нори-Нори на Ленина' },
      address: { ru: 'Казань, ул. Ленина, 1' },
      location: { lat: 55.79, lng: 49.12 },
      cityId: 1,
      phones: ['+7 843 200-00-99'],
      preOrder: { DELIVERY: { minTimeMinutes: 45, dayInAdvance: 1 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const resto = adminResto.parse(created.json());
    expect(resto).toMatchObject({
      isPublished: false,
      cityId: 1,
      version: 1,
      street: { ru: 'Казань, ул. Ленина, 1' },
    });
    expect(resto.preOrder).toEqual({
      DELIVERY: { enabled: true, minTimeMinutes: 45, dayInAdvance: 1, hours: null },
      TAKE_AWAY: null,
    });
    expect((await storefrontRestos()).some((r) => r.id === resto.id)).toBe(false);
    expect((await lastEntry(`entity=resto&entityId=${resto.id}`)).action).toBe('create');
    const bad = await adminCall(app, 'POST', url, as.owner, {
      name: { ru: 'X' },
      address: { ru: 'Y' },
      location: { lat: 55.79, lng: 49.12 },
      cityId: 999_999,
    });
    expect(errorsOf(bad)[0]).toMatchObject({ code: 'admin.city-not-found', field: 'cityId' });
  });
  it('adds a photo through the image pipeline under the restaurant’s version; the storefront shows it; undone from the log', async () => {
    const resto = await read(6);
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();
    const upload = (who: Record<string, string>, version: number) =>
      app.inject({
        method: 'POST',
        url: `${url}/6/photos`,
        headers: { ...who, 'content-type': 'image/png', 'if-match': `"${version}"` },
        payload: png,
      });
    expect((await upload(as.operator, resto.version)).statusCode).toBe(403);
    expect((await upload(as.manager, resto.version - 1 || 99)).statusCode).toBe(412);
    const added = await upload(as.manager, resto.version);
    expect(added.statusCode, added.body).toBe(200);
    const list = adminPhotoList.parse(added.json());
    expect(list.version).toBe(resto.version + 1);
    expect(list.photos).toHaveLength(resto.photos.length + 1);
    const url6 = list.photos.at(-1)?.src ?? '';
    expect(url6).toMatch(/^\/media\/u\/[0-9a-f]{32}\/640\.jpg$/);
    const shown = restoResponse.parse((await app.inject({ method: 'GET', url: '/1/p/restos/6' })).json());
    expect(shown.photos).toContain(url6);
    expect((await read(6)).version).toBe(list.version);

    const entry = await lastEntry('entity=resto&entityId=6');
    expect(entry.action).toBe('photo-add');
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(6)).photos).toEqual(resto.photos);
  });

  it('keeps review links (Yandex Maps, 2GIS) under If-Match: checked per field, null clears, undone from the log', async () => {
    const resto = await read(4);
    expect(resto.reviewLinks).toEqual({ yandexMaps: null, twoGis: null });
    const en = { ...as.manager, 'accept-language': 'en' };
    const before = await databaseFingerprint(database.db);
    const refused: [unknown, string][] = [
      [{ yandexMaps: 'https://evil.example.com/org/1' }, 'reviewLinks.yandexMaps'],
      [{ yandexMaps: 'https://yandex.ru.evil.com/maps/org/1' }, 'reviewLinks.yandexMaps'],
      [{ twoGis: 'http://2gis.ru/kazan/firm/1' }, 'reviewLinks.twoGis'],
      [{ twoGis: 'https://yandex.ru/maps/org/1' }, 'reviewLinks.twoGis'],
      [{ twoGis: `https://2gis.ru/kazan/firm/${'1'.repeat(500)}` }, 'reviewLinks.twoGis'],
    ];
    for (const [reviewLinks, field] of refused) {
      const response = await patch(4, resto.version, { reviewLinks }, en);
      expect(response.statusCode, JSON.stringify(reviewLinks)).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({
        code: 'admin.review-link-invalid',
        field,
        message: 'Must be an https link to the restaurant on Yandex Maps or 2GIS',
      });
    }
    const notText = await patch(4, resto.version, { reviewLinks: { twoGis: 42 } }, en);
    expect([notText.statusCode, errorsOf(notText)[0]?.field]).toEqual([400, 'reviewLinks.twoGis']);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);

    const links = {
      yandexMaps: 'https://yandex.ru/maps/org/nori_nori/1234567890/',
      twoGis: 'https://2gis.ru/kazan/firm/70000001012345678',
    };
    const saved = await patch(4, resto.version, { reviewLinks: { ...links, twoGis: `  ${links.twoGis} ` } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminResto.parse(saved.json())).toMatchObject({ reviewLinks: links, version: resto.version + 1 });
    const setting = await lastEntry('entity=resto&entityId=4');
    expect(setting).toMatchObject({
      before: { reviewLinks: { yandexMaps: null, twoGis: null } },
      after: { reviewLinks: links },
    });
    // One listing named alone: the other stays; null (or blank) clears.
    const cleared = await patch(4, resto.version + 1, { reviewLinks: { yandexMaps: null } });
    expect(adminResto.parse(cleared.json()).reviewLinks).toEqual({ yandexMaps: null, twoGis: links.twoGis });
    const clearing = await lastEntry('entity=resto&entityId=4');
    const blank = await patch(4, resto.version + 2, { reviewLinks: { twoGis: '  ' } });
    expect(adminResto.parse(blank.json()).reviewLinks).toEqual({ yandexMaps: null, twoGis: null });
    const blanking = await lastEntry('entity=resto&entityId=4');
    // Undone from the log, newest first: each revert finds the row as its entry left it.
    const revert = (entryId: number) =>
      adminCall(app, 'POST', `/api/v1/admin/audit/${entryId}/revert`, as.manager);
    expect((await revert(setting.id)).statusCode).toBe(409);
    for (const entry of [blanking, clearing]) expect((await revert(entry.id)).statusCode).toBe(200);
    expect((await read(4)).reviewLinks).toEqual(links);
    expect((await revert(setting.id)).statusCode).toBe(200);
    expect((await read(4)).reviewLinks).toEqual({ yandexMaps: null, twoGis: null });
  });
});
