import { allowedPaymentMethods } from '@storefront/domain';
import { resto, restoResponse, restosResponse, workingHoursResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /1/p/restos', () => {
  it('lists the restaurants of a city, each naming that city', async () => {
    const restos = await getValid(ctx.app, '/1/p/restos?cityId=1&whiteLabel=demo', restosResponse);
    expect(restos.length).toBeGreaterThan(0);
    for (const r of restos) expect(r.cityIds).toContain(1);
  });

  it('puts every restaurant of the brand in at least one of its cities', async () => {
    const all = await getValid(ctx.app, '/1/p/restos', restosResponse);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const inCities = new Set<number>();
    for (const cityId of [1, 2, 3]) {
      for (const r of await getValid(ctx.app, `/1/p/restos?cityId=${cityId}`, restosResponse))
        inCities.add(r.id);
    }
    expect([...inCities].sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('refuses an unknown city or brand and malformed filters', async () => {
    await expectError(ctx.app, '/1/p/restos?cityId=77', 404, 'city.not-found');
    await expectError(ctx.app, '/1/p/restos?whiteLabel=other', 404, 'white-label.not-found');
    const error = await expectError(ctx.app, '/1/p/restos?cityId=one', 400, 'request.invalid');
    expect(error).toMatchObject({
      field: 'cityId',
      message: '«cityId»: должно быть целым положительным числом',
    });
  });
});

describe('GET /1/p/restos/{id}', () => {
  it('answers every restaurant in the full contract with pays matching its payConfig', async () => {
    const list = await getValid(ctx.app, '/1/p/restos', restosResponse);
    const flags = new Set<string>();
    for (const item of list) {
      const r = await getValid(ctx.app, `/1/p/restos/${item.id}`, restoResponse);
      expect(r.openingHours.map((d) => d.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(r.menus.length).toBeGreaterThan(0);
      const allowed = new Set([
        ...allowedPaymentMethods(r.payConfig.delivery),
        ...allowedPaymentMethods(r.payConfig.takeAway),
      ]);
      expect(new Set(r.pays.map((p) => p.code))).toEqual(allowed);
      flags.add(`${r.isDelivery}/${r.isTakeAway}`);
    }
    // The demo has delivery-only, take-away-only and both.
    expect(flags).toEqual(new Set(['true/false', 'false/true', 'true/true']));
  });

  it('answers 404 for an unknown restaurant and 400 for a malformed id', async () => {
    await expectError(ctx.app, '/1/p/restos/424242', 404, 'resto.not-found');
    const error = await expectError(ctx.app, '/1/p/restos/1;drop', 400, 'request.invalid', {
      'accept-language': 'en',
    });
    expect(error.message).toBe("'id' must be a positive whole number");
  });
});

describe('GET /1/restos/{restoId}/working-hours', () => {
  it('answers the pre-order hours of each method the restaurant supports', async () => {
    const list = await getValid(ctx.app, '/1/p/restos', restosResponse);
    for (const item of list) {
      const r = resto.parse(await (await ctx.app.inject(`/1/p/restos/${item.id}`)).json());
      const hours = await getValid(ctx.app, `/1/restos/${item.id}/working-hours`, workingHoursResponse);
      const types = hours.map((h) => h.type);
      if (types.includes('DELIVERY')) expect(r.isDelivery).toBe(true);
      if (types.includes('TAKE_AWAY')) expect(r.isTakeAway).toBe(true);
      for (const h of hours) expect(h.hours).toHaveLength(7);
    }
    await expectError(ctx.app, '/1/restos/999/working-hours', 404, 'resto.not-found');
  });
});

it('never answers 500 whatever the id looks like', async () => {
  const weird = ['%00', '%E2%98%83', '..%2F..%2Fetc', 'x'.repeat(150), '1%20OR%201=1', '0x10', '+1', '%'];
  const paths = ['/1/p/restos/', '/1/p/cities/', '/1/p/menus/', '/1/restos/'];
  for (const base of paths) {
    for (const id of weird) {
      const url =
        base.endsWith('/restos/') && base.startsWith('/1/restos')
          ? `${base}${id}/deliveries`
          : `${base}${id}`;
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(
        z
          .object({ errors: z.array(z.object({ code: z.string(), message: z.string() })) })
          .safeParse(response.json()).success,
      ).toBe(true);
    }
  }
});
