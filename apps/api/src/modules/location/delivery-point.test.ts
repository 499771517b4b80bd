import { isPointInPolygon, type LatLng, pointInside } from '@storefront/domain';
import { type DeliveryZone, deliveryPointResponse, locationResponse } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restos as restosTable } from '../../db/schema.ts';
import { expectError, getJson, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';
import { type DeliveryPointCatalog, findDeliveryPoint, requireDeliveryPoint } from './delivery-point.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const url = (cityId: number | string, point: LatLng, extra = '') =>
  `/1/p/location/delivery-point?cityId=${cityId}&lat=${point.lat}&lng=${point.lng}${extra}`;

/** In Kazan's bounds, in Derbyshki: far from every demo zone. */
const KAZAN_OUTSIDE = { lat: 55.86, lng: 49.238 };

describe('GET /1/p/location/delivery-point', () => {
  it('selects, for a point inside each demo zone, that zone and its restaurant', async () => {
    let checked = 0;
    for (const cityId of [1, 2, 3]) {
      const location = await getValid(ctx.app, `/1/p/location?cityId=${cityId}`, locationResponse);
      for (const zone of location.deliveryZones) {
        const point = pointInside(zone.polygon);
        expect(point, `zone ${zone.id}`).not.toBeNull();
        const answer = await getValid(ctx.app, url(cityId, point as LatLng), deliveryPointResponse);
        expect(answer).toEqual({ cityId, zoneId: zone.id, restoId: zone.restoId, deliveryZone: zone });
        expect(location.restos.find((resto) => resto.id === answer.restoId)?.isDelivery).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(8);
    const { response } = await getJson(ctx.app, url(1, { lat: 55.7887, lng: 49.1205 }));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("answers 422 'delivery.address-outside-zone' for a point outside every zone, in ru and en", async () => {
    const ru = await expectError(ctx.app, url(1, KAZAN_OUTSIDE), 422, 'delivery.address-outside-zone');
    expect(ru.message).toBe('Адрес не входит в зону доставки');
    const en = await expectError(ctx.app, url(1, KAZAN_OUTSIDE), 422, 'delivery.address-outside-zone', {
      'accept-language': 'en-GB,en;q=0.9',
    });
    expect(en.message).toBe('The address is outside the delivery area');
    // A point inside another city's zone is not in this city's.
    await expectError(ctx.app, url(1, { lat: 56.3228, lng: 44.0023 }), 422, 'delivery.address-outside-zone');
  });

  it('requires an existing city of the brand and a point in degrees, naming the field', async () => {
    await expectError(ctx.app, url(404, KAZAN_OUTSIDE), 404, 'city.not-found');
    await expectError(ctx.app, url(1, KAZAN_OUTSIDE, '&whiteLabel=ghost'), 404, 'white-label.not-found');
    for (const [query, field] of [
      ['cityId=1&lat=91&lng=49.1', 'lat'],
      ['cityId=1&lat=55.8&lng=-180.5', 'lng'],
      ['cityId=1&lat=55.8&lng=abc', 'lng'],
      ['cityId=1&lat=1e1&lng=49.1', 'lat'],
      ['cityId=1&lat=55.8', 'lng'],
      ['cityId=x&lat=55.8&lng=49.1', 'cityId'],
    ] as const) {
      const error = await expectError(
        ctx.app,
        `/1/p/location/delivery-point?${query}`,
        400,
        'request.invalid',
      );
      expect(error.field, query).toBe(field);
    }
    const en = await expectError(
      ctx.app,
      '/1/p/location/delivery-point?cityId=1&lat=55.8&lng=181',
      400,
      'request.invalid',
      { 'accept-language': 'en' },
    );
    expect(en).toEqual({ code: 'request.invalid', field: 'lng', message: "'lng' must be at most 180" });
  });

  it('treats a zone of a restaurant that stops delivering as outside', async () => {
    const inZone1 = { lat: 55.7887, lng: 49.1205 };
    expect(await getValid(ctx.app, url(1, inZone1), deliveryPointResponse)).toMatchObject({
      zoneId: 1,
      restoId: 1,
    });
    const { db } = ctx.database;
    await db.update(restosTable).set({ isDelivery: false }).where(eq(restosTable.id, 1));
    try {
      expect(await ctx.app.catalog.refresh()).toBe(true);
      await expectError(ctx.app, url(1, inZone1), 422, 'delivery.address-outside-zone');
    } finally {
      await db.update(restosTable).set({ isDelivery: true }).where(eq(restosTable.id, 1));
      await ctx.app.catalog.refresh();
    }
    expect(await getValid(ctx.app, url(1, inZone1), deliveryPointResponse)).toMatchObject({ zoneId: 1 });
  });

  it('appears in the OpenAPI document', async () => {
    const { body } = await getJson(ctx.app, '/api/openapi.json');
    expect(Object.keys((body as { paths: Record<string, unknown> }).paths)).toContain(
      '/1/p/location/delivery-point',
    );
  });
});

describe('findDeliveryPoint', () => {
  type TestResto = DeliveryPointCatalog['restos'] extends ReadonlyMap<number, infer R> ? R : never;
  const restoOf = (id: number, isDelivery: boolean, cityIds = [1]): TestResto => ({
    id,
    cityIds,
    order: id,
    address: { ru: `Адрес ${id}` },
    menus: [],
    payConfig: {
      delivery: { cardOnline: null, cardUponReceipt: true, cashUponReceipt: true },
      takeAway: { cardOnline: null, cardUponReceipt: true, cashUponReceipt: true },
    },
    isDelivery,
    isOnline: false,
    isTable: false,
    isTakeAway: true,
  });
  const zoneOf = (id: number, restoId: number, polygon: LatLng[]): DeliveryZone => ({
    id,
    name: { ru: `Зона ${id}` },
    restoId,
    polygon,
    rules: [],
  });
  const square = (lat: number, lng: number, side = 0.01): LatLng[] => [
    { lat, lng },
    { lat, lng: lng + side },
    { lat: lat + side, lng: lng + side },
    { lat: lat + side, lng },
  ];
  const catalogOf = (restos: TestResto[], zones: DeliveryZone[]): DeliveryPointCatalog => ({
    restos: new Map(restos.map((resto) => [resto.id, resto])),
    zonesByResto: new Map(restos.map((resto) => [resto.id, zones.filter((z) => z.restoId === resto.id)])),
  });

  it('reads the catalog snapshot as it is', () => {
    expect(findDeliveryPoint(ctx.app.catalog.snapshot, 1, { lat: 55.7887, lng: 49.1205 })?.zoneId).toBe(1);
    expect(findDeliveryPoint(ctx.app.catalog.snapshot, 1, KAZAN_OUTSIDE)).toBeNull();
  });

  it("skips a zone whose restaurant does not deliver, and the city's other restaurants' zones", () => {
    const point = { lat: 55.005, lng: 49.005 };
    const takeAwayOnly = restoOf(1, false);
    const delivering = restoOf(2, true);
    const otherCity = restoOf(3, true, [2]);
    const zones = [
      zoneOf(10, 1, square(55, 49)),
      zoneOf(20, 2, square(56, 49)),
      zoneOf(30, 3, square(55, 49)),
    ];
    expect(findDeliveryPoint(catalogOf([takeAwayOnly, delivering, otherCity], zones), 1, point)).toBeNull();
    expect(() =>
      requireDeliveryPoint(catalogOf([takeAwayOnly, delivering], zones), 1, point, 'address'),
    ).toThrow(
      expect.objectContaining({ status: 422, code: 'delivery.address-outside-zone', field: 'address' }),
    );
    // Delivering but without a way to pay on delivery is not delivering either (docs/product.md §4).
    const noPayment = {
      ...restoOf(1, true),
      payConfig: {
        ...takeAwayOnly.payConfig,
        delivery: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: false },
      },
    };
    expect(findDeliveryPoint(catalogOf([noPayment, delivering], zones), 1, point)).toBeNull();
    const found = findDeliveryPoint(catalogOf([restoOf(1, true), delivering], zones), 1, point);
    expect(found).toMatchObject({ cityId: 1, zoneId: 10, restoId: 1 });
    expect(requireDeliveryPoint(catalogOf([restoOf(1, true)], zones), 1, point)).toEqual(found);
  });

  it('answers the same for a polygon given open or closed, starting at any vertex', () => {
    const coordinate = (min: number, max: number) => fc.double({ min, max, noNaN: true });
    // A star-shaped ring around a centre: vertices at increasing angles, any distance out.
    const ring = fc
      .array(fc.tuple(coordinate(0, 2 * Math.PI), coordinate(0.001, 0.05)), { minLength: 3, maxLength: 12 })
      .map((spokes) =>
        spokes
          .sort((a, b) => a[0] - b[0])
          .map(([angle, radius]) => ({
            lat: 55.8 + radius * Math.sin(angle),
            lng: 49.1 + radius * Math.cos(angle),
          })),
      );
    fc.assert(
      fc.property(
        ring,
        coordinate(55.74, 55.86),
        coordinate(49.04, 49.16),
        fc.nat(),
        (polygon, lat, lng, shift) => {
          const point = { lat, lng };
          const first = polygon[0] as LatLng;
          const start = shift % polygon.length;
          const rotated = [...polygon.slice(start), ...polygon.slice(0, start)];
          const variants = [polygon, [...polygon, first], rotated, [...rotated, rotated[0] as LatLng]];
          const answers = variants.map((variant) => {
            const found = findDeliveryPoint(catalogOf([restoOf(1, true)], [zoneOf(7, 1, variant)]), 1, point);
            return found ? `${found.zoneId}/${found.restoId}` : null;
          });
          expect(new Set(answers).size).toBe(1);
          expect(answers[0] !== null).toBe(isPointInPolygon(point, polygon));
        },
      ),
      { numRuns: 500 },
    );
  });
});
