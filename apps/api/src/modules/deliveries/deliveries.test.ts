import { isValidPolygon } from '@storefront/domain';
import { deliveriesResponse, restoResponse, restosResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('answers the zones of every delivering restaurant with valid polygons and touching order-sum bands (zone 2 with a minimum and a maximum)', async () => {
  const restos = await getValid(ctx.app, '/1/p/restos', restosResponse);
  let delivering = 0;
  for (const { id } of restos) {
    const resto = await getValid(ctx.app, `/1/p/restos/${id}`, restoResponse);
    const page = await getValid(ctx.app, `/1/restos/${id}/deliveries`, deliveriesResponse);
    expect(page.size).toBe(100);
    expect(page.totalElements).toBe(page.content.length);
    if (!resto.isDelivery) {
      expect(page.content).toEqual([]);
      continue;
    }
    delivering++;
    expect(page.content.length).toBeGreaterThan(0);
    for (const zone of page.content) {
      expect(zone.restoId).toBe(id);
      expect(isValidPolygon(zone.polygon)).toBe(true);
      expect(zone.rules.length).toBeGreaterThanOrEqual(2);
      zone.rules.forEach((rule, i) => {
        const next = zone.rules[i + 1];
        // The last band is open-ended, except in zone 2, which shows a maximum order.
        if (next) expect(rule.orderPrice.max).toBe(next.orderPrice.min);
        else expect(rule.orderPrice.max).toBe(zone.id === 2 ? 1_500_000 : null);
      });
      // Bands start at 0, except in zone 2, which shows a minimum order.
      expect(zone.rules[0]?.orderPrice.min).toBe(zone.id === 2 ? 80_000 : 0);
    }
  }
  expect(delivering).toBeGreaterThan(0);
});

it('pages zones by size and refuses a malformed size', async () => {
  const full = await getValid(ctx.app, '/1/restos/1/deliveries', deliveriesResponse);
  const one = await getValid(ctx.app, '/1/restos/1/deliveries?size=1', deliveriesResponse);
  expect(one.content).toEqual(full.content.slice(0, 1));
  expect(one).toMatchObject({ size: 1, totalElements: full.totalElements });
  for (const size of ['0', '-5', 'many', '1001', '2.5']) {
    const error = await expectError(ctx.app, `/1/restos/1/deliveries?size=${size}`, 400, 'request.invalid');
    expect(error.field).toBe('size');
  }
  await expectError(ctx.app, '/1/restos/5000/deliveries', 404, 'resto.not-found');
});
