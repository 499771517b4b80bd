import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { listen, liveStream, personTicket, staffTicket } from '../../test/events-kit.ts';
import { newPerson, orderBody, place } from '../../test/orders-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { openTestDatabase, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * Two API instances on one database: the log is the only channel between them, so an order placed through
 * one reaches streams open on the other. Closing an instance ends its open streams instead of waiting on them.
 */
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let secondOpen = true;
let closeSecondDb: () => Promise<void> = async () => {};
let firstUrl: string;
let secondUrl: string;
const clock = testClock(DAY);
const env = { EVENTS_POLL_MS: '20' };

beforeAll(async () => {
  database = await openTestDatabase();
  first = await buildApp({ config: testConfig(env), db: database.db, now: clock.now });
  ({ app: second, closeDatabase: closeSecondDb } = await secondInstance(database, {
    config: testConfig(env),
    now: clock.now,
  }));
  firstUrl = await listen(first);
  secondUrl = await listen(second);
});
afterAll(async () => {
  await first.close();
  if (secondOpen) await second.close();
  await closeSecondDb();
  await database.dispose();
});

it('an order placed on instance A reaches streams open on instance B', async () => {
  const anna = await newPerson(first, database.db);
  const operator = await addTestStaff(database.db, {
    login: 'instances-operator',
    role: 'operator',
    restoIds: [1],
  });
  // Tickets are rows in the shared database: one issued by A opens a stream on B.
  const own = await liveStream(
    `${secondUrl}/api/v1/persons/${anna.personId}/events?ticket=${await personTicket(first, anna)}`,
  );
  const board = await liveStream(
    `${secondUrl}/api/v1/staff/events?ticket=${await staffTicket(second, operator)}`,
  );
  const onA = await liveStream(
    `${firstUrl}/api/v1/staff/events?ticket=${await staffTicket(first, operator)}`,
  );
  try {
    const response = await place(first, anna, await orderBody(first, anna));
    expect(response.statusCode).toBe(201);
    const orderId = (response.json() as { id: number }).id;
    for (const stream of [own, board, onA])
      expect((await stream.eventsOf([orderId], 1)).map((e) => e.kind)).toEqual(['placed']);
  } finally {
    for (const stream of [own, board, onA]) stream.close();
  }
});

it('closing an instance ends its open streams (and does not wait for them)', async () => {
  const boris = await newPerson(second, database.db);
  const stream = await liveStream(
    `${secondUrl}/api/v1/persons/${boris.personId}/events?ticket=${await personTicket(second, boris)}`,
  );
  secondOpen = false;
  await second.close();
  await stream.closedByServer();
  expect(stream.ended).toBe(true);
  expect(second.orderEvents.size).toBe(0);
});
