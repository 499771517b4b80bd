import { citiesResponse, cityResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /1/p/cities', () => {
  it("lists the brand's cities in order", async () => {
    const cities = await getValid(ctx.app, '/1/p/cities', citiesResponse);
    expect(cities.map((c) => c.name.ru)).toEqual(['Казань', 'Нижний Новгород', 'Самара']);
    expect(cities.map((c) => c.name.en)).toEqual(['Kazan', 'Nizhny Novgorod', 'Samara']);
  });

  it('filters by the brand and by a list of city ids', async () => {
    const all = await getValid(ctx.app, '/1/p/cities?whiteLabel=demo', citiesResponse);
    expect(all).toHaveLength(3);
    const some = await getValid(ctx.app, '/1/p/cities?cityId=1,3', citiesResponse);
    expect(some.map((c) => c.id)).toEqual([1, 3]);
    expect(await getValid(ctx.app, '/1/p/cities?cityId=42', citiesResponse)).toEqual([]);
  });

  it('answers 404 for an unknown brand and 400 naming the field for a malformed one', async () => {
    await expectError(ctx.app, '/1/p/cities?whiteLabel=nobody', 404, 'white-label.not-found');
    const error = await expectError(
      ctx.app,
      '/1/p/cities?whiteLabel=Not%20A%20Brand',
      400,
      'request.invalid',
    );
    expect(error.field).toBe('whiteLabel');
    const ids = await expectError(ctx.app, '/1/p/cities?cityId=1,,x', 400, 'request.invalid');
    expect(ids.field).toBe('cityId');
    expect(ids.message).toContain('cityId');
  });
});

describe('GET /1/p/cities/{cityId}', () => {
  it('answers the city with bounds that hold its centre', async () => {
    const city = await getValid(ctx.app, '/1/p/cities/1', cityResponse);
    expect(city.zoom).toBe(12);
    expect(city.center.lat).toBeGreaterThan(city.bounds.southWest.lat);
    expect(city.center.lat).toBeLessThan(city.bounds.northEast.lat);
    expect(city.center.lng).toBeGreaterThan(city.bounds.southWest.lng);
    expect(city.center.lng).toBeLessThan(city.bounds.northEast.lng);
  });

  it('answers 404 for an unknown city and 400 for a malformed id, in the asked language', async () => {
    const ru = await expectError(ctx.app, '/1/p/cities/999', 404, 'city.not-found');
    expect(ru.message).toBe('Город не найден');
    const en = await expectError(ctx.app, '/1/p/cities/999', 404, 'city.not-found', {
      'accept-language': 'en-GB,en;q=0.9',
    });
    expect(en.message).toBe('City not found');
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
      const error = await expectError(ctx.app, `/1/p/cities/${bad}`, 400, 'request.invalid');
      expect(error.field).toBe('cityId');
    }
  });

  it('revalidates with ETag: a matching If-None-Match answers 304 without a body', async () => {
    const { response } = await getJson(ctx.app, '/1/p/cities/2');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toContain('max-age');
    const again = await getJson(ctx.app, '/1/p/cities/2', 304, { 'if-none-match': etag });
    expect(again.response.body).toBe('');
    expect(again.response.headers.etag).toBe(etag);
    await getJson(ctx.app, '/1/p/cities/2', 200, { 'if-none-match': '"stale"' });
    await getJson(ctx.app, '/1/p/cities/2', 304, { 'if-none-match': `"other", W/${etag}` });
  });
});
