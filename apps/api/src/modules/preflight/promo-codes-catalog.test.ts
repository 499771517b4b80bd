import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { pricingCatalogFor } from './pricing-catalog.ts';

/**
 * Promo codes are part of the in-memory catalog: edits of promo_codes and promo_code_restos bump the
 * catalog revision, except the used_count that every order moves (migration 0004's trigger).
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
});
afterAll(() => close());

async function revision(): Promise<number> {
  const result = await database.db.execute(sql`select revision from catalog_revision where id = 1`);
  const rows = ((result as { rows?: { revision: number }[] }).rows ?? result) as { revision: number }[];
  return Number(rows[0]?.revision);
}

it('maps the demo codes by brand and upper-cased code', () => {
  const codes = app.catalog.snapshot.promoCodes.get('demo');
  expect([...(codes?.keys() ?? [])].sort()).toEqual(
    [
      'FUTURE2099',
      'KAZANONLY',
      'LUNCH',
      'MINUS300',
      'NIGHT20',
      'ONCE',
      'PAUSED',
      'PICKUP15',
      'SOLDOUT',
      'SUMMER2024',
      'WELCOME10',
    ].sort(),
  );
  expect(codes?.get('KAZANONLY')).toMatchObject({ restoIds: [1, 2, 3], kind: 'percent', value: 15 });
  expect(codes?.get('NIGHT20')).toMatchObject({
    hours: { from: '22:00', to: '23:59' },
    maxDiscountAmount: 100000,
  });
  expect(codes?.get('PICKUP15')?.deliveryMethods).toEqual(['TAKE_AWAY']);
  expect(codes?.get('SUMMER2024')?.endsAt).toBe(Date.parse('2024-08-31T23:59:59+03:00'));
  expect(codes?.get('PAUSED')?.active).toBe(false);
  expect(codes?.get('SOLDOUT')).toMatchObject({ totalLimit: 100 });
  expect(codes?.get('SOLDOUT')).not.toHaveProperty('usedCount');
});

it('does not bump the catalog revision for a used_count change, and does for any other edit', async () => {
  const start = await revision();
  await database.db.execute(sql`update promo_codes set used_count = used_count + 1 where code = 'WELCOME10'`);
  await database.db.execute(sql`update promo_codes set used_count = used_count + 1 where used_count >= 0`);
  expect(await revision()).toBe(start);
  expect(await app.catalog.refresh()).toBe(false);

  await database.db.execute(sql`update promo_codes set active = true where code = 'PAUSED'`);
  expect(await revision()).toBe(start + 1);
  // A statement changing used_count and something else is a catalog edit too.
  await database.db.execute(
    sql`update promo_codes set used_count = used_count + 1, value = 11 where code = 'PAUSED'`,
  );
  expect(await revision()).toBe(start + 2);
  expect(await app.catalog.refresh()).toBe(true);
  expect(app.catalog.snapshot.promoCodes.get('demo')?.get('PAUSED')).toMatchObject({
    active: true,
    value: 11,
  });

  await database.db.execute(
    sql`insert into promo_code_restos (promo_code_id, resto_id) select id, 4 from promo_codes where code = 'KAZANONLY'`,
  );
  expect(await revision()).toBe(start + 3);
  await database.db.execute(sql`delete from promo_code_restos where resto_id = 4`);
  await database.db.execute(
    sql`insert into promo_codes (white_label_id, code, description, kind, value) values ('demo', 'NEW5', '{"ru": "Новый"}', 'percent', 5)`,
  );
  expect(await revision()).toBe(start + 5);
  await app.catalog.refresh();
  expect(app.catalog.snapshot.promoCodes.get('demo')?.has('NEW5')).toBe(true);
});

it('builds each pricing catalog once per snapshot, and anew after a reload', async () => {
  const options = {
    whiteLabel: 'demo',
    restoId: 1,
    deliveryType: 'DELIVERY' as const,
    preOrderEnabled: true,
  };
  const snapshot = app.catalog.snapshot;
  const catalog = pricingCatalogFor(snapshot, options);
  expect(catalog).not.toBeNull();
  expect(pricingCatalogFor(snapshot, options)).toBe(catalog);
  expect(pricingCatalogFor(snapshot, { ...options, deliveryType: 'TAKE_AWAY' })?.positions).toBe(
    catalog?.positions,
  );
  expect(catalog?.preOrder).toMatchObject({ minTimeMinutes: 60, dayInAdvance: 2 });
  expect(catalog?.zones.map((z) => z.id)).toEqual([1, 2]);
  expect(catalog?.positions.get(101)).toMatchObject({ menu: { id: 2 }, price: 35000 });
  expect(pricingCatalogFor(snapshot, { ...options, restoId: 999 })).toBeNull();
  expect(pricingCatalogFor(snapshot, { ...options, whiteLabel: 'other' })).toBeNull();
  await database.db.execute(sql`update promo_codes set value = 12 where code = 'PAUSED'`);
  await app.catalog.refresh();
  expect(pricingCatalogFor(app.catalog.snapshot, options)).not.toBe(catalog);
});
