import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { codeOf, newPerson, type OrderBody, orderBody, orderTables, place } from '../../test/orders-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { openTestDatabase, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * Two API instances on one database (on PostgreSQL each with its own pool, as two processes): one key
 * still makes one order, and a limited promo code is still never oversold.
 */
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};
const clock = testClock(DAY);

beforeAll(async () => {
  database = await openTestDatabase();
  first = await buildApp({ config: testConfig(), db: database.db, now: clock.now });
  ({ app: second, closeDatabase: closeSecondDb } = await secondInstance(database, {
    config: testConfig(),
    now: clock.now,
  }));
});
afterAll(async () => {
  await first.close();
  await second.close();
  await closeSecondDb();
  await database.dispose();
});

it('one key on both instances: one order, the rest in progress or that order', async () => {
  const who = await newPerson(first, database.db);
  const body = await orderBody(first, who);
  const key = randomUUID();
  const before = await orderTables(database.db);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => place(i % 2 ? first : second, who, body, key)),
  );
  expect((await orderTables(database.db)).orders).toBe(before.orders + 1);
  const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id));
  expect(ids.size).toBe(1);
  for (const answer of answers.filter((a) => a.statusCode !== 201))
    expect(codeOf(answer)).toBe('idempotency.in-progress');
  const replay = await place(second, who, body, key);
  expect(replay.statusCode).toBe(201);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(ids.has(replay.json().id)).toBe(true);
});

it('a promo code with 3 uses left gives exactly 3 across both instances', async () => {
  await database.db.execute(sql`update promo_codes set used_count = 97 where code = 'SOLDOUT'`);
  const people = await Promise.all(Array.from({ length: 10 }, () => newPerson(first, database.db)));
  const bodies: OrderBody[] = [];
  for (const who of people) bodies.push(await orderBody(first, who, { promoCode: 'SOLDOUT' }));
  const answers = await Promise.all(people.map((who, i) => place(i % 2 ? first : second, who, bodies[i])));
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
  expect(answers.filter((a) => codeOf(a) === 'promo-code.limit-exceed')).toHaveLength(7);
  const used = await database.db.execute(sql`select used_count from promo_codes where code = 'SOLDOUT'`);
  const rows = (used as unknown as { rows?: { used_count: number }[] }).rows ?? [];
  expect(rows[0]?.used_count).toBe(100);
});

it('numbers orders of one restaurant and day without a gap or a repeat across instances', async () => {
  const people = await Promise.all(Array.from({ length: 6 }, () => newPerson(first, database.db)));
  const bodies: OrderBody[] = [];
  for (const who of people) bodies.push(await orderBody(first, who));
  const answers = await Promise.all(people.map((who, i) => place(i % 2 ? first : second, who, bodies[i])));
  const numbers = answers.map((a) => {
    expect(a.statusCode).toBe(201);
    return Number(a.json().number.split('-')[1]);
  });
  numbers.sort((a, b) => a - b);
  expect(new Set(numbers).size).toBe(6);
  expect((numbers.at(-1) as number) - (numbers[0] as number)).toBe(5);
});
