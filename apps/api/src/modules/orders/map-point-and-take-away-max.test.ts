import { order as orderContract } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import {
  codeOf,
  newPerson,
  orderBody,
  orderTables,
  type Person,
  place,
  preflightAs,
} from '../../test/orders-kit.ts';
import { cart, codesOf, DAY, line, POINTS, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * A map point without a street ('Точка на карте') is a delivery place: priced by the zone holding its
 * coordinates, placed, and kept with its point for the courier. Take-away has the restaurant's maximum order
 * (brands/demo: 30 000 ₽), checked by the preflight and by placement as a zone's maximum is.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
let anna: Person;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  anna = await newPerson(app, database.db);
});
afterAll(() => close());

const point = {
  deliveryType: 'DELIVERY',
  payType: 'CASH_UPON_RECEIPT',
  location: POINTS.zone1,
  positions: [line(8, 1)],
};

describe('a map point without a street', () => {
  it('is priced by the zone holding its coordinates, with or without an address field', async () => {
    for (const body of [cart(point), cart({ ...point, address: null }), cart({ ...point, address: '  ' })]) {
      const answer = await priced(app, body);
      expect(codesOf(answer)).toEqual([]);
      expect(answer).toMatchObject({ deliveryZoneId: expect.any(Number), deliveryPrice: 25000 });
    }
    const outside = await priced(app, cart({ ...point, location: POINTS.nowhere, address: null }));
    expect(codesOf(outside)).toEqual(['delivery.address-outside-zone']);
  });

  it('is placed with its point and no address, and the order answers the point', async () => {
    const body = await orderBody(app, anna, { ...point, address: null });
    const response = await place(app, anna, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = orderContract.parse(response.json());
    expect(order).toMatchObject({ deliveryType: 'DELIVERY', address: null, location: POINTS.zone1 });
    const seen = await app.inject({
      method: 'GET',
      url: `/api/v1/persons/${anna.personId}/orders/${order.id}`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(anna.personId)}` },
    });
    expect(seen.json()).toMatchObject({ address: null, location: POINTS.zone1 });
  });

  it('still refuses a delivery with no point at all', async () => {
    const before = await orderTables(database.db);
    const response = await place(app, anna, await orderBody(app, anna, { ...point, location: null }));
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('order.address-required');
    expect(await orderTables(database.db)).toEqual(before);
  });
});

describe("the take-away maximum (restaurant 1: 30 000 ₽, 'split into several orders')", () => {
  // Position 23 costs 1 990 ₽: 15 make 29 850 ₽, 16 make 31 840 ₽.
  it('is a preflight problem at or above the maximum, with the figure in the words', async () => {
    expect(codesOf(await priced(app, cart({ positions: [line(23, 15)] })))).toEqual([]);
    const large = await priced(app, cart({ positions: [line(23, 16)] }));
    expect(large.problems).toEqual([
      {
        code: 'delivery.order-sum-too-large',
        message: expect.stringContaining('разделите его на несколько заказов'),
        limit: 3000000,
      },
    ]);
    const en = await priced(app, cart({ positions: [line(23, 16)] }), { locale: 'en' });
    expect(en.problems[0]?.message).toContain('split it into several orders');
  });

  it('refuses placement with 422 and writes nothing', async () => {
    const before = await orderTables(database.db);
    const body = await orderBody(app, anna, { positions: [line(23, 16)] });
    const response = await place(app, anna, body);
    expect(response.statusCode).toBe(422);
    expect(codeOf(response)).toBe('delivery.order-sum-too-large');
    expect(await orderTables(database.db)).toEqual(before);
    const fits = await preflightAs(app, anna, cart({ positions: [line(23, 15)] }));
    expect(fits.problems).toEqual([]);
  });
});
