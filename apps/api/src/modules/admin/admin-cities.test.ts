import { adminAuditList, adminCity, adminCityList, citiesResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
  ({ headers: as } = await addAdminStaff(app, database.db, 'cities'));
});
afterAll(() => close());

const url = '/api/v1/admin/cities';
const tver = {
  name: { ru: 'Тверь', en: 'Tver' },
  center: { lat: 56.858, lng: 35.9 },
  bounds: { southWest: { lat: 56.78, lng: 35.75 }, northEast: { lat: 56.93, lng: 36.05 } },
  zoom: 12,
};
const lastEntry = async (cityId: number) => {
  const response = await adminCall(
    app,
    'GET',
    `/api/v1/admin/audit?entity=city&entityId=${cityId}&limit=1`,
    as.owner,
  );
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const remove = (id: number, version: number) =>
  app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: { ...as.owner, 'if-match': `"${version}"` } });
const storefrontCities = async () =>
  citiesResponse.parse((await app.inject({ method: 'GET', url: '/1/p/cities' })).json());

describe('cities in the back office', () => {
  it('managers and operators read; only owners write; bad bounds are refused with the field, nothing saved', async () => {
    const cities = adminCityList.parse((await adminCall(app, 'GET', url, as.manager)).json()).cities;
    expect(cities.length).toBeGreaterThan(1);
    expect(cities[0]?.restoCount).toBeGreaterThan(0);
    expect((await adminCall(app, 'GET', url, as.operator)).statusCode).toBe(200);
    const before = await databaseFingerprint(database.db);
    expect((await adminCall(app, 'POST', url, as.manager, tver)).statusCode).toBe(403);
    const patchAsManager = await adminCall(
      app,
      'PATCH',
      `${url}/1`,
      { ...as.manager, 'if-match': '"1"' },
      { zoom: 10 },
    );
    expect(patchAsManager.statusCode).toBe(403);
    const inverted = await adminCall(
      app,
      'POST',
      url,
      { ...as.owner, 'accept-language': 'en' },
      { ...tver, bounds: { southWest: tver.bounds.northEast, northEast: tver.bounds.southWest } },
    );
    expect(inverted.statusCode).toBe(422);
    expect(errorsOf(inverted)[0]).toMatchObject({
      code: 'admin.city-bounds-inverted',
      field: 'bounds.northEast.lat',
      message: 'The north-east corner must be north and east of the south-west one',
    });
    const outside = await adminCall(app, 'POST', url, as.owner, { ...tver, center: { lat: 10, lng: 10 } });
    expect(errorsOf(outside)[0]).toMatchObject({ code: 'admin.city-center-outside', field: 'center' });
    const badLat = await adminCall(app, 'POST', url, as.owner, { ...tver, center: { lat: 95, lng: 10 } });
    expect(badLat.statusCode).toBe(400);
    expect(errorsOf(badLat).map((e) => e.field)).toContain('center.lat');
    expect((await adminCall(app, 'POST', url, as.owner, { ...tver, zoom: 40 })).statusCode).toBe(400);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('an owner adds, renames (412 when stale), deletes and brings back a city; one with restaurants is not deleted', async () => {
    const created = await adminCall(app, 'POST', url, as.owner, tver);
    expect(created.statusCode, created.body).toBe(201);
    const city = adminCity.parse(created.json());
    expect(city).toMatchObject({ version: 1, restoCount: 0, zoom: 12 });
    expect((await lastEntry(city.id)).action).toBe('create');

    const renamed = await adminCall(
      app,
      'PATCH',
      `${url}/${city.id}`,
      { ...as.owner, 'if-match': '"1"' },
      { name: { ru: 'Тверь-центр' }, zoom: 13 },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(adminCity.parse(renamed.json())).toMatchObject({ version: 2, zoom: 13 });
    const stale = await adminCall(
      app,
      'PATCH',
      `${url}/${city.id}`,
      { ...as.owner, 'if-match': '"1"' },
      { zoom: 9 },
    );
    expect(stale.statusCode).toBe(412);
    const rename = await lastEntry(city.id);
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${rename.id}/revert`, as.owner);
    expect(undo.statusCode, undo.body).toBe(200);
    const back = adminCity.parse((await adminCall(app, 'GET', `${url}/${city.id}`, as.owner)).json());
    expect(back).toMatchObject({ name: tver.name, zoom: 12, version: 3 });

    const busy = await remove(
      1,
      adminCity.parse((await adminCall(app, 'GET', `${url}/1`, as.owner)).json()).version,
    );
    expect(busy.statusCode).toBe(409);
    expect(errorsOf(busy)[0]).toMatchObject({ code: 'admin.city-has-restos', field: 'cityId' });

    expect((await remove(city.id, back.version)).statusCode).toBe(204);
    expect((await adminCall(app, 'GET', `${url}/${city.id}`, as.owner)).statusCode).toBe(404);
    const deletion = await lastEntry(city.id);
    expect(deletion.action).toBe('delete');
    // A manager may not undo an owner's change of a city.
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${deletion.id}/revert`, as.manager)).statusCode,
    ).toBe(403);
    const restore = await adminCall(app, 'POST', `/api/v1/admin/audit/${deletion.id}/revert`, as.owner);
    expect(restore.statusCode, restore.body).toBe(200);
    const again = adminCity.parse((await adminCall(app, 'GET', `${url}/${city.id}`, as.owner)).json());
    expect(again).toMatchObject({ name: tver.name, center: tver.center, bounds: tver.bounds });
  });

  it('a renamed city reaches the storefront at once', async () => {
    const city = adminCity.parse((await adminCall(app, 'GET', `${url}/2`, as.owner)).json());
    const renamed = await adminCall(
      app,
      'PATCH',
      `${url}/2`,
      { ...as.owner, 'if-match': `"${city.version}"` },
      { name: { ru: 'Нижний', en: 'Nizhny' } },
    );
    expect(renamed.statusCode).toBe(200);
    expect((await storefrontCities()).find((c) => c.id === 2)?.name.ru).toBe('Нижний');
  });
});
