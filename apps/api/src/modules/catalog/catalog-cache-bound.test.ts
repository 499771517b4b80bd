import { citiesResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { getValid } from '../../test/http.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { MAX_CATALOG_ANSWERS } from './catalog-store.ts';

let database: TestDatabase;
let app: StorefrontApp;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

/** 1 300 ids no city has, different in every request (what a client inventing id lists sends). */
const inventedIds = (round: number) =>
  Array.from({ length: 1300 }, (_, i) => 1_000_000 + round * 10_000 + i).join(',');

it('answers invented city ids without keeping the answer', async () => {
  await getValid(app, '/1/p/cities', citiesResponse);
  const before = app.catalog.cachedAnswers;
  for (let round = 0; round < 40; round++) {
    const answer = await getValid(app, `/1/p/cities?cityId=${inventedIds(round)}`, citiesResponse);
    expect(answer).toEqual([]);
  }
  expect(app.catalog.cachedAnswers).toBe(before);
});

it('keeps one answer for the same known ids in any order or repetition', async () => {
  const all = await getValid(app, '/1/p/cities', citiesResponse);
  const ids = all.map((city) => city.id);
  expect(ids.length).toBeGreaterThan(1);
  const first = await getValid(app, `/1/p/cities?cityId=${ids.join(',')}`, citiesResponse);
  const before = app.catalog.cachedAnswers;
  const again = await getValid(
    app,
    `/1/p/cities?cityId=${[...ids].reverse().join(',')},${ids[0]}`,
    citiesResponse,
  );
  expect(again).toEqual(first);
  expect(app.catalog.cachedAnswers).toBe(before);
  // A list naming one unknown id among known ones is answered (the known ones), not kept.
  const mixed = await getValid(app, `/1/p/cities?cityId=${ids[0]},999999`, citiesResponse);
  expect(mixed.map((city) => city.id)).toEqual([ids[0]]);
  expect(app.catalog.cachedAnswers).toBe(before);
});

it('never holds more than its bound, dropping the least recently used answer first', () => {
  const number = z.number();
  const keep = app.catalog.answer('bound:kept', number, () => ({ value: -1 }));
  for (let i = 0; i < MAX_CATALOG_ANSWERS + 500; i++) {
    app.catalog.answer(`bound:${i}`, number, () => ({ value: i }));
    // Used all along: never the one dropped.
    if (i % 100 === 0) expect(app.catalog.answer('bound:kept', number, () => ({ value: -2 }))).toBe(keep);
    expect(app.catalog.cachedAnswers).toBeLessThanOrEqual(MAX_CATALOG_ANSWERS);
  }
  expect(app.catalog.cachedAnswers).toBe(MAX_CATALOG_ANSWERS);
  expect(app.catalog.answer('bound:kept', number, () => ({ value: -3 }))).toBe(keep);
});
