import { cityResponse } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { cities } from '../../db/schema.ts';
import { getValid } from '../../test/http.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../../test/test-app.ts';

let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};

beforeAll(async () => {
  database = await openTestDatabase();
  first = await buildApp({ config: testConfig(), db: database.db });
  // On PostgreSQL the second instance has its own pool, as a second process would.
  if (database.url) {
    const own = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    second = await buildApp({ config: testConfig(), db: own.db });
    closeSecondDb = () => own.close();
  } else {
    second = await buildApp({ config: testConfig(), db: database.db });
  }
});
afterAll(async () => {
  await first.close();
  await second.close();
  await closeSecondDb();
  await database.dispose();
});

it('carries a catalog change made through one instance to another through the revision', async () => {
  const before = await getValid(second, '/1/p/cities/1', cityResponse);
  await database.db.update(cities).set({ zoom: 13 }).where(eq(cities.id, 1));

  // Until it polls, the second instance keeps answering its snapshot without touching the database.
  expect((await getValid(second, '/1/p/cities/1', cityResponse)).zoom).toBe(before.zoom);
  expect(await second.catalog.refresh()).toBe(true);
  expect((await getValid(second, '/1/p/cities/1', cityResponse)).zoom).toBe(13);
  expect(await first.catalog.refresh()).toBe(true);
  expect((await getValid(first, '/1/p/cities/1', cityResponse)).zoom).toBe(13);
});

it('changes the ETag when the answer changes and keeps it when it does not', async () => {
  const etag = async () => (await first.inject('/1/p/cities/2')).headers.etag;
  const original = await etag();
  await first.catalog.refresh();
  expect(await etag()).toBe(original);
  await database.db.update(cities).set({ zoom: 11 }).where(eq(cities.id, 2));
  await first.catalog.refresh();
  expect(await etag()).not.toBe(original);
});

it('polls on its own and keeps serving the last snapshot when the database fails', async () => {
  second.catalog.startPolling(100);
  await database.db.update(cities).set({ order: 7 }).where(eq(cities.id, 3));
  await expect
    .poll(async () => (await getValid(second, '/1/p/cities/3', cityResponse)).order, { timeout: 5000 })
    .toBe(7);
  second.catalog.stopPolling();
});
