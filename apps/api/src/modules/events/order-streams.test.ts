import type { OrderEvent } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { type EventStream, listen, liveStream, personTicket, staffTicket } from '../../test/events-kit.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { demoForm, demoIdOf, orderCall, placeOnline } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * What each reader's stream carries: a customer their own orders, staff their restaurants' (a card-online
 * order from its payment on), and a stream that comes back after a drop gets what it missed once, in order.
 * Absence is asserted through order: events arrive by id, so once a later event is in, an earlier one that
 * should not be there would have been.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let base: string;
const clock = testClock(DAY);
let anna: Person;
let boris: Person;
let operator1: number;
let manager: number;
const open: EventStream[] = [];

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now, env: { EVENTS_POLL_MS: '20' } }));
  base = await listen(app);
  anna = await newPerson(app, database.db);
  boris = await newPerson(app, database.db);
  operator1 = await addTestStaff(database.db, { login: 'operator-1', role: 'operator', restoIds: [1] });
  manager = await addTestStaff(database.db, { login: 'manager', role: 'manager' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await close();
});

async function placeAt(who: Person, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await place(app, who, await orderBody(app, who, overrides));
  expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  return (response.json() as { id: number }).id;
}
const atResto2 = { restoId: 2, payType: 'CASH_UPON_RECEIPT' };

const personUrl = async (who: Person, query = '') =>
  `${base}/api/v1/persons/${who.personId}/events?ticket=${await personTicket(app, who)}${query}`;
const staffUrl = async (staffId: number, query = '') =>
  `${base}/api/v1/staff/events?ticket=${await staffTicket(app, staffId)}${query}`;

async function track(url: string, headers: Record<string, string> = {}) {
  const stream = await liveStream(url, headers);
  open.push(stream);
  return stream;
}

const summary = (events: OrderEvent[]) => events.map((e) => `${e.orderId}:${e.kind}`);

/** Waits until a condition holds, checking as the event loop turns (the deadline only ends a broken test). */
async function eventually(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a customer’s stream', () => {
  it('carries their own orders only, as orderEvent JSON with the event id', async () => {
    const annas = await track(await personUrl(anna));
    const boriss = await track(await personUrl(boris));
    const borisOrder = await placeAt(boris);
    const annaOrder = await placeAt(anna);

    const [event] = await annas.eventsOf([annaOrder], 1);
    expect(event).toEqual({
      id: expect.any(Number),
      kind: 'placed',
      orderId: annaOrder,
      restoId: 1,
      at: new Date(clock.now()).toISOString(),
    });
    expect(summary(annas.events)).toEqual([`${annaOrder}:placed`]);
    expect(summary(await boriss.eventsOf([borisOrder], 1))).toEqual([`${borisOrder}:placed`]);
    // Anna's order came later: it would have been on Boris's stream by now.
    await placeAt(boris).then((later) => boriss.eventsOf([later], 1));
    expect(boriss.events.some((e) => e.orderId === annaOrder)).toBe(false);
  });

  it('starts from now without a cursor', async () => {
    const before = await placeAt(anna);
    const stream = await track(await personUrl(anna));
    const after = await placeAt(anna);
    await stream.eventsOf([after], 1);
    expect(summary(stream.events)).toEqual([`${after}:placed`]);
    expect(stream.events.some((e) => e.orderId === before)).toBe(false);
  });
});

describe('a staff stream', () => {
  it('shows an operator of restaurant 1 nothing of restaurant 2; a manager both', async () => {
    const operator = await track(await staffUrl(operator1));
    const all = await track(await staffUrl(manager));
    const elsewhere = await placeAt(boris, atResto2);
    const here = await placeAt(anna);
    await operator.eventsOf([here], 1);
    expect(operator.events.some((e) => e.orderId === elsewhere)).toBe(false);
    expect(operator.events.every((e) => e.restoId === 1)).toBe(true);
    expect(summary(await all.eventsOf([elsewhere, here], 2))).toEqual([
      `${elsewhere}:placed`,
      `${here}:placed`,
    ]);
  });

  it('shows a card-online order from its payment on; the customer sees both events', async () => {
    const staff = await track(await staffUrl(operator1));
    const own = await track(await personUrl(anna));
    const placed = await placeOnline(app, anna);
    // The customer has its 'placed': the poll that read it filtered the staff's copy by the order unpaid.
    await own.eventsOf([placed.id], 1);
    const paid = await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
    expect(paid.statusCode).toBe(303);

    expect(summary(await own.eventsOf([placed.id], 2))).toEqual([`${placed.id}:placed`, `${placed.id}:paid`]);
    await staff.eventsOf([placed.id], 1);
    expect(summary(staff.events.filter((e) => e.orderId === placed.id))).toEqual([`${placed.id}:paid`]);

    // The replay filters as the live stream does.
    const first = own.events[0]?.id as number;
    const replayed = await track(await staffUrl(operator1, `&after=${first - 1}`));
    await replayed.eventsOf([placed.id], 1);
    expect(summary(replayed.events)).toEqual([`${placed.id}:paid`]);
  });

  it('shows an unpaid card-online order switched to cash from the switch on', async () => {
    const staff = await track(await staffUrl(operator1));
    const own = await track(await personUrl(anna));
    const placed = await placeOnline(app, anna);
    // The poller filters by the order as it is when it reads: once the customer has its 'placed', the poll
    // that read it saw the order unpaid, before the switch.
    await own.eventsOf([placed.id], 1);
    const switched = await orderCall(app, anna, placed.id, '/pay-type', { payType: 'CASH_UPON_RECEIPT' });
    expect(switched.statusCode, switched.body.slice(0, 300)).toBe(200);
    await staff.eventsOf([placed.id], 1);
    expect(summary(staff.events.filter((e) => e.orderId === placed.id))).toEqual([
      `${placed.id}:pay-type-changed`,
    ]);
  });
});

describe('resuming', () => {
  async function missedWhileAway(resume: (lastId: number) => Promise<EventStream>) {
    const first = await track(await personUrl(anna));
    const seen = await placeAt(anna);
    const [event] = await first.eventsOf([seen], 1);
    first.close();
    const missed = [await placeAt(anna), await placeAt(anna)];

    const again = await resume(event?.id as number);
    expect(summary(await again.eventsOf(missed, 2))).toEqual(missed.map((id) => `${id}:placed`));
    // Exactly once: a later event arrives after them with nothing repeated between.
    const later = await placeAt(anna);
    await again.eventsOf([later], 1);
    expect(summary(again.events)).toEqual([...missed, later].map((id) => `${id}:placed`));
    const ids = again.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  }

  it('replays what was missed after Last-Event-ID, in order, exactly once', () =>
    missedWhileAway(async (lastId) => track(await personUrl(anna), { 'last-event-id': String(lastId) })));

  it('replays what was missed after ?after= (a new EventSource), in order, exactly once', () =>
    missedWhileAway(async (lastId) => track(await personUrl(anna, `&after=${lastId}`))));

  it('takes the larger of ?after= and Last-Event-ID', () =>
    missedWhileAway(async (lastId) =>
      track(await personUrl(anna, `&after=${lastId - 1}`), { 'last-event-id': String(lastId) }),
    ));
});

describe('closing', () => {
  it('forgets a stream whose client went away', async () => {
    const before = app.orderEvents.size;
    const stream = await liveStream(await personUrl(anna));
    expect(app.orderEvents.size).toBe(before + 1);
    stream.close();
    await eventually(() => app.orderEvents.size === before, 'the stream is removed');
  });
});
