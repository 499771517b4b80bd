import type { LatLng } from '@storefront/domain';
import {
  adminAuditList,
  adminZoneCheck,
  adminZoneImportResult,
  adminZoneList,
  adminZoneSaved,
} from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { deliveryZones, restos, whiteLabels } from '../../db/schema.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { cart, DAY, line, POINTS, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  // Wednesday noon in Kazan: restaurant 1 is open, so a delivery prices.
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'zones'));
});
afterAll(() => close());

const url = '/api/v1/admin/zones';
const rect = (south: number, west: number, north: number, east: number): LatLng[] => [
  { lat: south, lng: west },
  { lat: south, lng: east },
  { lat: north, lng: east },
  { lat: north, lng: west },
];
/** North of Samara's demo zones, inside the city's bounds: no zone covers it. */
const SAMARA_NORTH = rect(53.235, 50.2, 53.255, 50.24);
const SAMARA_NORTH_POINT = { lat: 53.245, lng: 50.22 };
const bands = [
  { orderPriceMin: 50_000, orderPriceMax: 150_000, deliveryPrice: 19_900, timeMinutes: 55 },
  { orderPriceMin: 150_000, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 50 },
];
const newZone = (fields: Record<string, unknown> = {}) => ({
  restoId: 7,
  name: { ru: 'Север', en: 'North' },
  polygon: SAMARA_NORTH,
  bands,
  ...fields,
});
const deliveryPoint = (point: LatLng, cityId = 3) =>
  app.inject({
    method: 'GET',
    url: `/1/p/location/delivery-point?cityId=${cityId}&lat=${point.lat}&lng=${point.lng}`,
  });
const remove = (id: number, ifMatch?: string) =>
  app.inject({
    method: 'DELETE',
    url: `${url}/${id}`,
    headers: { ...as.manager, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
  });
const lastEntry = async () => {
  const response = await adminCall(app, 'GET', '/api/v1/admin/audit?entity=zone&limit=1', as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('delivery zones in the back office', () => {
  it('refuses bad polygons and bands with a 422 naming the field in the request’s language, saving nothing', async () => {
    const before = await databaseFingerprint(database.db);
    const en = { ...as.manager, 'accept-language': 'en' };
    const bowTie = [
      { lat: 53.23, lng: 50.2 },
      { lat: 53.25, lng: 50.24 },
      { lat: 53.25, lng: 50.2 },
      { lat: 53.23, lng: 50.24 },
    ];
    const crossed = await adminCall(app, 'POST', url, en, newZone({ polygon: bowTie }));
    expect(crossed.statusCode).toBe(422);
    expect(errorsOf(crossed)[0]).toEqual({
      code: 'admin.zone-polygon-self-intersecting',
      field: 'polygon',
      message: 'The zone’s border crosses itself',
    });
    const line = [
      { lat: 53.2, lng: 50.1 },
      { lat: 53.21, lng: 50.11 },
      { lat: 53.22, lng: 50.12 },
    ];
    expect(
      errorsOf(await adminCall(app, 'POST', url, as.manager, newZone({ polygon: line })))[0],
    ).toMatchObject({
      code: 'admin.zone-polygon-zero-area',
      field: 'polygon',
      message: 'У зоны нулевая площадь: все точки на одной линии',
    });
    const twoPoints = await adminCall(app, 'POST', url, as.manager, newZone({ polygon: line.slice(0, 2) }));
    expect(errorsOf(twoPoints)[0]).toMatchObject({ code: 'admin.zone-polygon-too-few-points' });
    const overlapping = [bands[0], { ...bands[1], orderPriceMin: 100_000 }];
    expect(
      errorsOf(await adminCall(app, 'POST', url, as.manager, newZone({ bands: overlapping })))[0],
    ).toMatchObject({
      code: 'admin.zone-bands-overlap',
      field: 'bands.1.orderPriceMin',
    });
    const openFirst = [{ ...bands[0], orderPriceMax: null }, bands[1]];
    expect(
      errorsOf(await adminCall(app, 'POST', url, as.manager, newZone({ bands: openFirst })))[0],
    ).toMatchObject({
      field: 'bands.0.orderPriceMax',
    });
    const negative = await adminCall(
      app,
      'POST',
      url,
      as.manager,
      newZone({ bands: [{ ...bands[1], deliveryPrice: -1 }] }),
    );
    expect(negative.statusCode).toBe(400);
    expect(errorsOf(negative)[0]?.field).toBe('bands.0.deliveryPrice');
    expect((await adminCall(app, 'POST', url, as.manager, newZone({ color: 'red' }))).statusCode).toBe(400);
    expect(
      errorsOf(await adminCall(app, 'POST', url, as.manager, newZone({ restoId: 999 })))[0],
    ).toMatchObject({
      code: 'admin.resto-not-found',
      field: 'restoId',
    });
    expect((await adminCall(app, 'POST', url, as.operator, newZone())).statusCode).toBe(403);
    expect((await adminCall(app, 'GET', url, as.operator)).statusCode).toBe(403);
    expect((await adminCall(app, 'GET', `${url}/999999`, as.manager)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('keeps another brand’s zones and restaurants out of reach: 404 for its zone, 422 for its restaurant', async () => {
    const db = database.db;
    await db
      .insert(whiteLabels)
      .values({ id: 'zones-other', name: { ru: 'Другой' } })
      .onConflictDoNothing();
    const pay = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true };
    const [resto] = await db
      .insert(restos)
      .values({
        whiteLabelId: 'zones-other',
        name: { ru: 'Чужой' },
        address: { ru: 'Чужой адрес' },
        street: { ru: 'Чужая улица' },
        description: { ru: '' },
        lat: 53.24,
        lng: 50.22,
        payDelivery: pay,
        payTakeAway: pay,
      })
      .returning({ id: restos.id });
    if (!resto) throw new Error('no resto');
    const [zone] = await db
      .insert(deliveryZones)
      .values({ restoId: resto.id, name: { ru: 'Чужая зона' }, polygon: SAMARA_NORTH })
      .returning({ id: deliveryZones.id });
    if (!zone) throw new Error('no zone');
    const before = await databaseFingerprint(db);
    expect((await adminCall(app, 'GET', `${url}/${zone.id}`, as.owner)).statusCode).toBe(404);
    const patch = await adminCall(
      app,
      'PATCH',
      `${url}/${zone.id}`,
      { ...as.owner, 'if-match': '"1"' },
      { priority: 3 },
    );
    expect(errorsOf(patch)[0]).toMatchObject({ code: 'zone.not-found', field: 'zoneId' });
    expect((await remove(zone.id, '"1"')).statusCode).toBe(404);
    const foreign = await adminCall(app, 'POST', url, as.owner, newZone({ restoId: resto.id }));
    expect(errorsOf(foreign)[0]).toMatchObject({ code: 'admin.resto-not-found', field: 'restoId' });
    const listed = adminZoneList.parse((await adminCall(app, 'GET', url, as.owner)).json()).zones;
    expect(listed.some((z) => z.id === zone.id)).toBe(false);
    expect(changedTables(before, await databaseFingerprint(db))).toEqual([]);
    await db.delete(restos).where(eq(restos.id, resto.id));
  });

  it('lists a city’s zones with their bands, priority and colour', async () => {
    const samara = adminZoneList.parse(
      (await adminCall(app, 'GET', `${url}?cityId=3`, as.owner)).json(),
    ).zones;
    expect(samara.map((z) => z.id)).toEqual([7, 8]);
    expect(samara[0]).toMatchObject({ restoId: 7, priority: 0, color: null, isActive: true, version: 1 });
    expect(samara[0]?.bands[0]).toEqual({
      orderPriceMin: 0,
      orderPriceMax: 100_000,
      deliveryPrice: 25_000,
      timeMinutes: 60,
    });
    const resto = adminZoneList.parse(
      (await adminCall(app, 'GET', `${url}?restoId=3`, as.manager)).json(),
    ).zones;
    expect(resto.map((z) => z.id)).toEqual([3, 4]);
  });

  it('a new zone makes its area deliverable at once; deleted it is not, reverted it is again with its bands', async () => {
    expect((await deliveryPoint(SAMARA_NORTH_POINT)).statusCode).toBe(422);
    const created = await adminCall(app, 'POST', url, as.manager, newZone({ color: '#2A9D8F' }));
    expect(created.statusCode).toBe(201);
    const zone = adminZoneSaved.parse(created.json());
    expect(zone).toMatchObject({ restoId: 7, color: '#2A9D8F', version: 1, warnings: [], bands });
    expect(created.headers.etag).toBe('"1"');
    const served = await deliveryPoint(SAMARA_NORTH_POINT);
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({
      zoneId: zone.id,
      restoId: 7,
      deliveryZone: { color: '#2A9D8F', priority: 0 },
    });

    const check = adminZoneCheck.parse(
      (
        await adminCall(
          app,
          'GET',
          `${url}/check?cityId=3&lat=${SAMARA_NORTH_POINT.lat}&lng=${SAMARA_NORTH_POINT.lng}&sum=160000`,
          as.manager,
        )
      ).json(),
    );
    expect(check).toMatchObject({
      zone: { id: zone.id },
      resto: { id: 7 },
      band: bands[1],
      bandProblem: null,
    });
    const below = adminZoneCheck.parse(
      (await adminCall(app, 'GET', `${url}/check?cityId=3&lat=53.245&lng=50.22&sum=100`, as.manager)).json(),
    );
    expect(below).toMatchObject({ band: null, bandProblem: 'delivery.order-sum-not-enough.range' });

    expect((await remove(zone.id)).statusCode).toBe(428);
    expect((await remove(zone.id, '"1"')).statusCode).toBe(204);
    expect((await deliveryPoint(SAMARA_NORTH_POINT)).statusCode).toBe(422);
    const deletion = await lastEntry();
    expect(deletion).toMatchObject({ action: 'delete', entityId: zone.id });
    const revert = await adminCall(app, 'POST', `/api/v1/admin/audit/${deletion.id}/revert`, as.manager);
    expect(revert.statusCode).toBe(200);
    const back = await adminCall(app, 'GET', `${url}/${zone.id}`, as.manager);
    expect(back.json()).toMatchObject({ id: zone.id, bands, color: '#2A9D8F' });
    expect((await deliveryPoint(SAMARA_NORTH_POINT)).json()).toMatchObject({ zoneId: zone.id });
    expect((await remove(zone.id, back.headers.etag as string)).statusCode).toBe(204);
  });

  it('where zones overlap the higher priority serves; a stale If-Match is 412; a zone outside the city warns', async () => {
    // Over the demo zone 7 (Oktyabrsky district), for the other Samara restaurant, priority 5.
    const over = rect(53.2, 50.15, 53.22, 50.18);
    const created = adminZoneSaved.parse(
      (await adminCall(app, 'POST', url, as.manager, newZone({ polygon: over }))).json(),
    );
    const inside = { lat: 53.21, lng: 50.165 };
    // A tie keeps the catalog's order: the older zone 7 serves.
    expect((await deliveryPoint(inside)).json()).toMatchObject({ zoneId: 7 });
    const patched = await adminCall(
      app,
      'PATCH',
      `${url}/${created.id}`,
      { ...as.manager, 'if-match': '"1"' },
      { priority: 5 },
    );
    expect(patched.statusCode).toBe(200);
    expect((await deliveryPoint(inside)).json()).toMatchObject({ zoneId: created.id });
    const check = adminZoneCheck.parse(
      (
        await adminCall(app, 'GET', `${url}/check?cityId=3&lat=${inside.lat}&lng=${inside.lng}`, as.owner)
      ).json(),
    );
    expect(check.zone?.id).toBe(created.id);
    expect(check.others).toEqual([expect.objectContaining({ zoneId: 7, reason: 'lower-priority' })]);

    const stale = await adminCall(
      app,
      'PATCH',
      `${url}/${created.id}`,
      { ...as.manager, 'if-match': '"1"' },
      { priority: 1 },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { id: created.id, priority: 5, version: 2 } });
    const without = await adminCall(app, 'PATCH', `${url}/${created.id}`, as.manager, { priority: 1 });
    expect(without.statusCode).toBe(428);

    const outside = [...over.slice(0, 3), { lat: 53.5, lng: 50.15 }];
    const moved = await adminCall(
      app,
      'PATCH',
      `${url}/${created.id}`,
      { ...as.manager, 'if-match': '"2"', 'accept-language': 'en' },
      { polygon: outside },
    );
    expect(moved.statusCode).toBe(200);
    expect(adminZoneSaved.parse(moved.json()).warnings).toEqual([
      {
        code: 'admin.zone-outside-city',
        field: 'polygon',
        message: 'Part of the zone is outside the city’s bounds',
      },
    ]);
    // Turned off, the zone no longer serves and the check says why.
    await adminCall(
      app,
      'PATCH',
      `${url}/${created.id}`,
      { ...as.manager, 'if-match': '"3"' },
      { isActive: false },
    );
    expect((await deliveryPoint(inside)).json()).toMatchObject({ zoneId: 7 });
    const off = adminZoneCheck.parse(
      (
        await adminCall(app, 'GET', `${url}/check?cityId=3&lat=${inside.lat}&lng=${inside.lng}`, as.owner)
      ).json(),
    );
    expect(off.others).toEqual([expect.objectContaining({ zoneId: created.id, reason: 'inactive' })]);
    expect((await remove(created.id, '"4"')).statusCode).toBe(204);
  });

  it('the preflight prices a delivery by the zone of the highest priority holding the point', async () => {
    const around = rect(
      POINTS.zone1.lat - 0.003,
      POINTS.zone1.lng - 0.005,
      POINTS.zone1.lat + 0.003,
      POINTS.zone1.lng + 0.005,
    );
    const band = { orderPriceMin: 0, orderPriceMax: null, deliveryPrice: 77_700, timeMinutes: 30 };
    const delivery = cart({ deliveryType: 'DELIVERY', location: POINTS.zone1, positions: [line(8, 1)] });
    const inner = adminZoneSaved.parse(
      (
        await adminCall(app, 'POST', url, as.manager, newZone({ restoId: 1, polygon: around, bands: [band] }))
      ).json(),
    );
    // Priority 0, after zone 1 in the catalog's order: zone 1 still prices it.
    expect(await priced(app, delivery)).toMatchObject({ deliveryZoneId: 1, deliveryPrice: 25_000 });
    await adminCall(
      app,
      'PATCH',
      `${url}/${inner.id}`,
      { ...as.manager, 'if-match': '"1"' },
      { priority: 5 },
    );
    expect(await priced(app, delivery)).toMatchObject({ deliveryZoneId: inner.id, deliveryPrice: 77_700 });
    expect((await deliveryPoint(POINTS.zone1, 1)).json()).toMatchObject({ zoneId: inner.id });
    expect((await remove(inner.id, '"2"')).statusCode).toBe(204);
    expect(await priced(app, delivery)).toMatchObject({ deliveryZoneId: 1 });
  });

  it('imports a GeoJSON file (dry run first, nothing saved) and exports the city back, GeoJSON and KML', async () => {
    const file = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [SAMARA_NORTH.map((p) => [p.lng, p.lat])] },
          properties: { description: 'Север (Яндекс)', fill: '#ed4543', 'fill-opacity': 0.6 },
        },
        {
          type: 'Feature',
          geometry: {
            type: 'MultiPolygon',
            coordinates: [[rect(53.26, 50.2, 53.27, 50.22).map((p) => [p.lng, p.lat])]],
          },
          properties: { name: 'Мульти', stroke: '#1e98ff' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [50.2, 53.2] },
          properties: { name: 'Точка' },
        },
      ],
    };
    const before = await databaseFingerprint(database.db);
    const dry = await adminCall(app, 'POST', `${url}/import`, as.manager, {
      restoId: 7,
      geojson: file,
      bands,
      dryRun: true,
    });
    expect(dry.statusCode).toBe(200);
    const preview = adminZoneImportResult.parse(dry.json());
    expect(preview.zones.map((z) => [z.id, z.name.ru, z.color])).toEqual([
      [0, 'Север (Яндекс)', '#ED4543'],
      [0, 'Мульти', '#1E98FF'],
    ]);
    expect(preview.skipped).toEqual([
      expect.objectContaining({ index: 2, name: 'Точка', code: 'admin.zone-import-not-polygon' }),
    ]);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
    const empty = await adminCall(app, 'POST', `${url}/import`, as.manager, {
      restoId: 7,
      geojson: { type: 'FeatureCollection', features: [] },
      bands,
    });
    expect(errorsOf(empty)[0]).toMatchObject({ code: 'admin.zone-import-empty', field: 'geojson' });
    expect(
      (await adminCall(app, 'POST', `${url}/import`, as.operator, { restoId: 7, geojson: file, bands }))
        .statusCode,
    ).toBe(403);

    const applied = adminZoneImportResult.parse(
      (
        await adminCall(app, 'POST', `${url}/import`, as.manager, { restoId: 7, geojson: file, bands })
      ).json(),
    );
    expect(applied.zones).toHaveLength(2);
    expect((await deliveryPoint(SAMARA_NORTH_POINT)).json()).toMatchObject({ zoneId: applied.zones[0]?.id });

    const exported = await adminCall(app, 'GET', `${url}/export?cityId=3`, as.manager);
    expect(exported.headers['content-type']).toContain('application/geo+json');
    const collection = exported.json();
    expect(collection.features).toHaveLength(4);
    // Round trip: the export imports back into the same polygons, names and colours.
    const again = adminZoneImportResult.parse(
      (
        await adminCall(app, 'POST', `${url}/import`, as.manager, {
          restoId: 7,
          geojson: collection,
          bands,
          dryRun: true,
        })
      ).json(),
    );
    const listed = adminZoneList.parse(
      (await adminCall(app, 'GET', `${url}?cityId=3`, as.manager)).json(),
    ).zones;
    expect(again.zones.map((z) => [z.name.ru, z.polygon, z.color])).toEqual(
      listed.map((z) => [z.name.ru, z.polygon, z.color]),
    );

    const kml = await adminCall(app, 'GET', `${url}/export?cityId=3&format=kml`, as.manager);
    expect(kml.headers['content-type']).toContain('kml');
    expect(kml.body).toContain('<Placemark><name>Север (Яндекс)</name>');
    expect(kml.body).toContain('<color>ff4345ed</color>');
    expect((await adminCall(app, 'GET', `${url}/export?cityId=999`, as.manager)).statusCode).toBe(404);
    for (const zone of applied.zones) expect((await remove(zone.id, '"1"')).statusCode).toBe(204);
  });
});
