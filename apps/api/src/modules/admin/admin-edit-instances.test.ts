import { adminDish, positionsResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { addAdminStaff, adminCall, demoDishId } from '../../test/admin-kit.ts';
import { getValid } from '../../test/http.ts';
import { cart, DAY, line, priced } from '../../test/preflight-kit.ts';
import { openTestDatabase, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * Decision 2 and 49: a back-office edit on one instance reaches the storefront on every instance. Two API instances on
 * one database (on PostgreSQL each with its own pool): a manager changes a price on A; A answers it at once,
 * B keeps its snapshot until its revision poll sees the change, then its menu and its preflight price it.
 * How long that takes at a chain's size is the chain bench's (docs/benchmarks.md), not a test's.
 */
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};

beforeAll(async () => {
  database = await openTestDatabase();
  first = await buildApp({ config: testConfig(), db: database.db, now: () => DAY });
  ({ app: second, closeDatabase: closeSecondDb } = await secondInstance(database, {
    config: testConfig(),
    now: () => DAY,
  }));
});
afterAll(async () => {
  second.catalog.stopPolling();
  await first.close();
  await second.close();
  await closeSecondDb();
  await database.dispose();
});

const menuPrice = async (app: StorefrontApp, id: number) =>
  (await getValid(app, '/1/p/menus/1/positions', positionsResponse)).find((p) => p.id === id)?.price;
const cartPrice = async (app: StorefrontApp, id: number) =>
  ((await priced(app, cart({ positions: [line(id, 1)] }))).positions as { id: number; price: number }[])[0]
    ?.price;

it('a price changed on A is on A at once, and on B once its poll has seen the revision move', async () => {
  const { headers } = await addAdminStaff(first, database.db, 'instances');
  const id = await demoDishId(database.db, 3);
  const read = await adminCall(first, 'GET', `/api/v1/admin/dishes/${id}`, headers.manager);
  const dish = adminDish.parse(read.json());
  // B has served the menu and priced a cart before the change: both come from its snapshot.
  expect(await menuPrice(second, id)).toBe(dish.price);
  expect(await cartPrice(second, id)).toBe(dish.price);

  const newPrice = dish.price + 5_000;
  const changed = await adminCall(
    first,
    'PATCH',
    `/api/v1/admin/dishes/${id}`,
    { ...headers.manager, 'if-match': read.headers.etag as string },
    { price: newPrice },
  );
  expect(changed.statusCode, changed.body).toBe(200);

  // The writing instance reloaded in the change's wake.
  expect(await menuPrice(first, id)).toBe(newPrice);
  expect(await cartPrice(first, id)).toBe(newPrice);
  // B never waits on the database to answer: until its poll it serves the snapshot it has.
  expect(await menuPrice(second, id)).toBe(dish.price);

  // B's own poll (server.ts starts it with CATALOG_REFRESH_MS) brings the change, nothing done by hand.
  second.catalog.startPolling(100);
  await vi.waitFor(async () => expect(await menuPrice(second, id)).toBe(newPrice), {
    timeout: 15_000,
    interval: 50,
  });
  expect(await cartPrice(second, id)).toBe(newPrice);
});
