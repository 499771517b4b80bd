import { distanceMeters, type LatLng } from '@storefront/domain';
import { locationResponse, nearestPickupResponse } from '@storefront/domain/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restos as restosTable } from '../../db/schema.ts';
import { expectError, getJson, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * GET /1/p/location/nearest-pickup (decision 56): the city's published take-away restaurant nearest a point by a
 * straight line, checked against the distances recomputed here from GET /1/p/location; 404s and 400s.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const url = (cityId: number | string, point: LatLng, extra = '') =>
  `/1/p/location/nearest-pickup?cityId=${cityId}&lat=${point.lat}&lng=${point.lng}${extra}`;

/** The expected answer from the city's restaurants as the storefront reads them. */
async function expected(cityId: number, point: LatLng) {
  const location = await getValid(ctx.app, `/1/p/location?cityId=${cityId}`, locationResponse);
  const ranked = location.restos
    .filter((resto) => resto.isTakeAway)
    .map((resto) => ({ restoId: resto.id, exact: distanceMeters(point, resto.location) }))
    .sort((a, b) => a.exact - b.exact);
  const best = ranked[0];
  return best ? { restoId: best.restoId, distanceMeters: Math.round(best.exact) } : null;
}

describe('GET /1/p/location/nearest-pickup', () => {
  it('answers the nearest take-away restaurant of the city, for points around each demo city', async () => {
    let checked = 0;
    const seen = new Set<number>();
    for (const cityId of [1, 2, 3]) {
      const location = await getValid(ctx.app, `/1/p/location?cityId=${cityId}`, locationResponse);
      // At each restaurant, and a little off each (so the nearest is not always the first).
      for (const resto of location.restos)
        for (const [dLat, dLng] of [
          [0, 0],
          [0.01, -0.02],
          [-0.03, 0.01],
        ] as const) {
          const point = { lat: resto.location.lat + dLat, lng: resto.location.lng + dLng };
          const answer = await getValid(ctx.app, url(cityId, point), nearestPickupResponse);
          expect(answer).toEqual(await expected(cityId, point));
          seen.add(answer.restoId);
          checked++;
        }
    }
    expect(checked).toBeGreaterThan(10);
    expect(seen.size).toBeGreaterThan(3);
    const { response } = await getJson(ctx.app, url(1, { lat: 55.7887, lng: 49.1205 }));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('passes over a restaurant that stopped taking take-away or was unpublished, and 404s a city with none', async () => {
    const location = await getValid(ctx.app, '/1/p/location?cityId=1', locationResponse);
    const ids = location.restos.map((resto) => resto.id);
    const [first, ...rest] = ids;
    const at = location.restos[0]?.location as LatLng;
    await ctx.database.db
      .update(restosTable)
      .set({ isTakeAway: false })
      .where(eq(restosTable.id, first as number));
    await ctx.app.catalog.refresh();
    const other = await getValid(ctx.app, url(1, at), nearestPickupResponse);
    expect(other.restoId).not.toBe(first);
    expect(rest).toContain(other.restoId);
    if (rest.length > 0)
      await ctx.database.db
        .update(restosTable)
        .set({ isPublished: false })
        .where(inArray(restosTable.id, rest));
    await ctx.app.catalog.refresh();
    const none = await expectError(ctx.app, url(1, at), 404, 'location.no-pickup');
    expect(none.message).toBe('В этом городе нет пунктов самовывоза');
    const en = await expectError(ctx.app, url(1, at), 404, 'location.no-pickup', { 'accept-language': 'en' });
    expect(en.message).toBe('There are no pickup points in this city');
    await ctx.database.db
      .update(restosTable)
      .set({ isTakeAway: true })
      .where(eq(restosTable.id, first as number));
    if (rest.length > 0)
      await ctx.database.db
        .update(restosTable)
        .set({ isPublished: true })
        .where(inArray(restosTable.id, rest));
    await ctx.app.catalog.refresh();
    expect((await getValid(ctx.app, url(1, at), nearestPickupResponse)).restoId).toBe(first);
  });

  it('requires an existing city of the brand and a point in degrees, naming the field', async () => {
    const point = { lat: 55.79, lng: 49.12 };
    await expectError(ctx.app, url(404, point), 404, 'city.not-found');
    await expectError(ctx.app, url(1, point, '&whiteLabel=ghost'), 404, 'white-label.not-found');
    for (const [query, field] of [
      ['cityId=1&lat=91&lng=49.1', 'lat'],
      ['cityId=1&lat=55.8&lng=-180.5', 'lng'],
      ['cityId=1&lat=55.8&lng=abc', 'lng'],
      ['cityId=1&lng=49.1', 'lat'],
    ] as const) {
      const body = await expectError(
        ctx.app,
        `/1/p/location/nearest-pickup?${query}`,
        400,
        'request.invalid',
      );
      expect(body.field, query).toBe(field);
    }
  });
});
