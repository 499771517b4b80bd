import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { codeOf, newPerson, type OrderBody, orderBody, place } from '../../test/orders-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { openTestDatabase, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * Two API instances on one database (on PostgreSQL each with its own pool, as two processes) racing for the
 * last places of a slot: the conditional upsert gives each place to one placement, never more than the capacity.
 */
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};
const clock = testClock(DAY);
const PRE_ORDER = '2026-11-26T13:00:00+03:00';
const PRE_ORDER_MS = Date.parse(PRE_ORDER);
const iso = (ms: number) => new Date(ms).toISOString();

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

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
beforeEach(async () => {
  await database.db.execute(sql`delete from slot_loads`);
  await database.db.execute(sql`update orders set slot_at = null, status = 'done' where status = 'new'`);
});

async function racers(count: number, overrides: Record<string, unknown>) {
  const people = await Promise.all(Array.from({ length: count }, () => newPerson(first, database.db)));
  const bodies: OrderBody[] = [];
  // Every quote is priced while the slot still has room.
  for (const who of people) bodies.push(await orderBody(first, who, overrides));
  return { people, bodies };
}

it('two customers racing for the last place of a pre-order slot: one order, the other 409 with the next slot', async () => {
  await database.db.execute(sql`update restos set slot_capacity_take_away = 2 where id = 1`);
  await database.db.execute(sql`insert into slot_loads values (1, 'TAKE_AWAY', ${iso(PRE_ORDER_MS)}, 1)`);
  const { people, bodies } = await racers(2, { preOrderAt: PRE_ORDER });
  const answers = await Promise.all(people.map((who, i) => place(i ? second : first, who, bodies[i])));
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  const refused = answers.find((a) => a.statusCode === 409);
  expect(refused && codeOf(refused)).toBe('order.slot-full');
  expect(refused?.json().nextFreeSlotAt).toBe(iso(PRE_ORDER_MS + 15 * 60_000));
  const held = await rows<{ taken: number }>(
    sql`select taken from slot_loads where slot_at = ${iso(PRE_ORDER_MS)}`,
  );
  expect(held).toEqual([{ taken: 2 }]);
  const orders = await rows<{ n: number }>(
    sql`select count(*)::int as n from orders where slot_at = ${iso(PRE_ORDER_MS)} and status = 'new'`,
  );
  expect(orders[0]?.n).toBe(1);
});

it('ten placements on both instances into a slot of three: exactly three orders, the count equals them', async () => {
  await database.db.execute(sql`update restos set slot_capacity_take_away = 3 where id = 1`);
  const { people, bodies } = await racers(10, { preOrderAt: PRE_ORDER });
  const answers = await Promise.all(people.map((who, i) => place(i % 2 ? first : second, who, bodies[i])));
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
  expect(answers.filter((a) => codeOf(a) === 'order.slot-full')).toHaveLength(7);
  const [load] = await rows<{ taken: number }>(
    sql`select taken from slot_loads where slot_at = ${iso(PRE_ORDER_MS)}`,
  );
  const [held] = await rows<{ n: number }>(
    sql`select count(*)::int as n from orders where slot_at = ${iso(PRE_ORDER_MS)} and status = 'new'`,
  );
  expect(load?.taken).toBe(3);
  expect(held?.n).toBe(3);
});

it('as soon as possible on both instances: every order placed, no slot over its capacity', async () => {
  await database.db.execute(sql`update restos set slot_capacity_take_away = 2 where id = 1`);
  const { people, bodies } = await racers(6, {});
  const answers = await Promise.all(people.map((who, i) => place(i % 2 ? first : second, who, bodies[i])));
  for (const answer of answers) expect(answer.statusCode, answer.body.slice(0, 300)).toBe(201);
  const promised = answers.map((a) => Date.parse(a.json().promisedAt)).sort((a, b) => a - b);
  // 12:20 (in the 12:15 slot) twice, then 12:30, 12:30, 12:45, 12:45.
  expect(promised.map(iso)).toEqual([20, 20, 30, 30, 45, 45].map((minutes) => iso(DAY + minutes * 60_000)));
  const loads = await rows<{ taken: number }>(sql`select taken from slot_loads order by slot_at`);
  expect(loads.map((l) => l.taken)).toEqual([2, 2, 2]);
});
