import type { OrderEvent } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import type { StreamReader } from './event-rows.ts';
import { type EventSink, OrderEventHub } from './order-event-hub.ts';

/**
 * The poller and holes in the ids: an id taken by a transaction that has not committed yet must not be
 * skipped for good by a poll that sees a higher one (the storefront drops ids below its last), and a hole
 * that never fills (a rolled-back transaction) must not stop the stream.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let anna: Person;
let orderId: number;
let reader: StreamReader;
const clock = testClock(DAY);
const quiet = { warn() {}, debug() {} } as unknown as FastifyBaseLogger;
const realTime = () => performance.now();

/** A monotonic clock that moves `step` ms each time it is read, and counts its reads. */
function steppingClock(step: number) {
  const clock = {
    reads: 0,
    now: () => {
      clock.reads += 1;
      return clock.reads * step;
    },
  };
  return clock;
}

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  anna = await newPerson(app, database.db);
  const response = await place(app, anna, await orderBody(app, anna));
  expect(response.statusCode).toBe(201);
  orderId = (response.json() as { id: number }).id;
  reader = { kind: 'person', whiteLabel: 'demo', personId: anna.personId };
});
afterAll(() => close());

function collector() {
  const events: OrderEvent[] = [];
  let wake = () => {};
  const sink: EventSink = {
    open() {},
    send(event) {
      events.push(event);
      wake();
    },
    end() {},
  };
  const until = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (events.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  return { events, sink, until };
}

/** Takes an id as a transaction would (nextval), without writing its row yet. */
async function takeId(): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(database.db, sql`select nextval('order_events_id_seq') as id`);
  return Number(row?.id);
}

/** Writes an event with this id, as a transaction that took it would on commit. */
async function commitEvent(id: number) {
  await database.db.execute(
    sql`insert into order_events (id, white_label_id, resto_id, order_id, kind, at)
        values (${id}, 'demo', 1, ${orderId}, 'placed', now())`,
  );
}

it('holds events above an id not yet committed, then hands out both in order', async () => {
  // No older hole (an earlier rolled-back placement) in front of the one this test makes.
  await database.db.execute(sql`select setval('order_events_id_seq', (select max(id) from order_events))`);
  // A clock that stands still: the hole is never old enough to pass. Every poll that stops at it reads it.
  const still = steppingClock(0);
  const hub = new OrderEventHub(database.db, { pollMs: 10, log: quiet, monotonicNow: still.now });
  const { events, sink, until } = collector();
  await hub.subscribe(reader, undefined, sink);
  try {
    const slow = await takeId();
    const fast = await takeId();
    await commitEvent(fast);
    // The poller has stopped at the hole twice since `fast` committed, and held it back.
    await vi.waitFor(() => expect(still.reads).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(events).toEqual([]);
    await commitEvent(slow);
    await until(2);
    expect(events.map((e) => e.id)).toEqual([slow, fast]);
  } finally {
    await hub.close();
  }
});

it('passes a hole that never fills (a rolled-back transaction) once it has waited long enough', async () => {
  // A minute passes between two looks at the hole: the second gives it up.
  const hub = new OrderEventHub(database.db, {
    pollMs: 10,
    log: quiet,
    monotonicNow: steppingClock(60_000).now,
  });
  const { events, sink, until } = collector();
  await hub.subscribe(reader, undefined, sink);
  try {
    await takeId();
    const after = await takeId();
    await commitEvent(after);
    await until(1);
    expect(events.map((e) => e.id)).toEqual([after]);
  } finally {
    await hub.close();
  }
});

it('starts a stream without a cursor after every committed event, though the poller has not read them yet', async () => {
  // Half a second between polls: the event below is committed and the second stream opened well within one.
  const hub = new OrderEventHub(database.db, { pollMs: 500, log: quiet, monotonicNow: realTime });
  const early = collector();
  const late = collector();
  await hub.subscribe(reader, undefined, early.sink);
  try {
    // The first poll was asked of the database before this event's statements, so it does not see it.
    const before = await takeId();
    await commitEvent(before);
    // Committed, not yet polled: the stream opened now must not get it; the one opened earlier must.
    await hub.subscribe(reader, undefined, late.sink);
    const next = await takeId();
    await commitEvent(next);
    await early.until(2);
    await late.until(1);
    expect(early.events.map((e) => e.id)).toEqual([before, next]);
    expect(late.events.map((e) => e.id)).toEqual([next]);
  } finally {
    await hub.close();
  }
});

it('replays from a cursor and hands out live events once, to many readers with one poll each time', async () => {
  const hub = new OrderEventHub(database.db, { pollMs: 10, log: quiet, monotonicNow: realTime });
  const first = collector();
  const second = collector();
  const [row] = await rowsOf<{ id: string }>(database.db, sql`select max(id) as id from order_events`);
  const latest = Number(row?.id);
  await hub.subscribe(reader, latest - 1, first.sink);
  await hub.subscribe(reader, undefined, second.sink);
  expect(hub.size).toBe(2);
  try {
    await first.until(1);
    const next = await takeId();
    await commitEvent(next);
    await first.until(2);
    await second.until(1);
    expect(first.events.map((e) => e.id)).toEqual([latest, next]);
    expect(second.events.map((e) => e.id)).toEqual([next]);
  } finally {
    await hub.close();
  }
  expect(hub.size).toBe(0);
});
