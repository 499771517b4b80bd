import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode, staffCall } from '../../test/board-kit.ts';
import { newPerson, orderBody, place, preflightAs } from '../../test/orders-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { openTestDatabase, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * Two API instances on one database (on PostgreSQL each with its own pool): staff stop a dish and pause
 * orders on A; B's in-memory copy catches up on its next refresh (the poll's own step, run by hand), and
 * placement on B refuses at once because it reads the database in the order's transaction.
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

const codes = (answer: { problems: { code: string }[] }) => answer.problems.map((p) => p.code);

it('a stop on A: placement on B refuses at once, B’s preflight reports it after its refresh', async () => {
  const staffId = await addTestStaff(database.db, { login: 'op-a', role: 'operator', restoIds: [1] });
  const who = await newPerson(second, database.db);
  // Two dishes: the stopped one is a problem of its line, the other keeps the cart from being empty.
  const body = await orderBody(second, who, { positions: [line(2, 1), line(1, 2)] });
  const { quote: _quote, ...cart } = body;

  const stop = await staffCall(first, staffId, 'POST', '/api/v1/staff/restos/1/stop-list', {
    positionId: 1,
    stopped: true,
  });
  expect(stop.statusCode, stop.body.slice(0, 300)).toBe(200);

  const refused = await place(second, who, body);
  expect(refused.statusCode).toBe(422);
  expect(errorCode(refused)).toBe('person-order.position-stopped');

  await second.availability.load();
  expect(codes(await preflightAs(second, who, cart))).toEqual(['person-order.position-stopped']);

  await staffCall(first, staffId, 'POST', '/api/v1/staff/restos/1/stop-list', {
    positionId: 1,
    stopped: false,
  });
  await second.availability.load();
  expect(codes(await preflightAs(second, who, cart))).toEqual([]);
});

it('busy on A: B refuses as-soon-as-possible placement at once and reports it after its refresh', async () => {
  const staffId = await addTestStaff(database.db, { login: 'op-b', role: 'operator', restoIds: [1] });
  const who = await newPerson(second, database.db);
  const body = await orderBody(second, who);
  const { quote: _quote, ...cart } = body;
  expect(
    (await staffCall(first, staffId, 'POST', '/api/v1/staff/restos/1/busy', { minutes: 15 })).statusCode,
  ).toBe(200);
  try {
    const refused = await place(second, who, body);
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('resto.busy');
    await second.availability.load();
    expect(codes(await preflightAs(second, who, cart))).toEqual(['resto.busy']);
  } finally {
    await staffCall(first, staffId, 'POST', '/api/v1/staff/restos/1/busy', { minutes: 0 });
  }
  await second.availability.load();
  expect(codes(await preflightAs(second, who, cart))).toEqual([]);
});

it('the poll refreshes B by itself', async () => {
  const staffId = await addTestStaff(database.db, { login: 'op-c', role: 'operator', restoIds: [1] });
  const who = await newPerson(second, database.db);
  const cart = {
    deliveryType: 'TAKE_AWAY',
    payType: 'CARD_UPON_RECEIPT',
    restoId: 1,
    positions: [line(2, 1), line(1, 1)],
  };
  await staffCall(first, staffId, 'POST', '/api/v1/staff/restos/1/stop-list', {
    positionId: 1,
    stopped: true,
  });
  second.availability.startPolling(100);
  try {
    await expect
      .poll(async () => codes(await preflightAs(second, who, cart)), { timeout: 10_000, interval: 50 })
      .toEqual(['person-order.position-stopped']);
  } finally {
    second.availability.stopPolling();
    await staffCall(first, staffId, 'POST', '/api/v1/staff/restos/1/stop-list', {
      positionId: 1,
      stopped: false,
    });
  }
});
