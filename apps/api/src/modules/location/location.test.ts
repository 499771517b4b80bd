import { findZoneAt } from '@storefront/domain';
import { locationResponse, restosResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it("answers a city's restaurants in full and the zones of exactly those restaurants", async () => {
  for (const cityId of [1, 2, 3]) {
    const location = await getValid(
      ctx.app,
      `/1/p/location?cityId=${cityId}&whiteLabel=demo`,
      locationResponse,
    );
    const list = await getValid(ctx.app, `/1/p/restos?cityId=${cityId}`, restosResponse);
    expect(location.cityId).toBe(cityId);
    expect(location.restos.map((r) => r.id)).toEqual(list.map((r) => r.id));
    const ids = new Set(location.restos.map((r) => r.id));
    for (const zone of location.deliveryZones) expect(ids.has(zone.restoId)).toBe(true);
    // A delivering restaurant's own address lies inside one of its city's zones.
    for (const resto of location.restos.filter((r) => r.isDelivery)) {
      expect(findZoneAt(resto.location, location.deliveryZones), `resto ${resto.id}`).toBeDefined();
    }
  }
});

it('requires a well-formed city of the brand', async () => {
  const missing = await expectError(ctx.app, '/1/p/location', 400, 'request.invalid');
  expect(missing).toMatchObject({ field: 'cityId', message: '«cityId»: обязательное поле' });
  await expectError(ctx.app, '/1/p/location?cityId=404', 404, 'city.not-found');
  await expectError(ctx.app, '/1/p/location?cityId=1&whiteLabel=ghost', 404, 'white-label.not-found');
});
