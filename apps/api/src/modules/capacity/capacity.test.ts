import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode, orderMove, staffCall } from '../../test/board-kit.ts';
import { newPerson, orderBody, type Person, place, preflightAs } from '../../test/orders-kit.ts';
import { placeOnline } from '../../test/payments-kit.ts';
import { cart, DAY, line } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runOnce } from '../payments/payments-sweeper.ts';

/**
 * Cooking within capacity on the demo chain (decision 56), one instance: the promised time of the preflight and
 * of placement, full slots, places given back, staff's delay and the automatic one, the picker's slots.
 * Restaurant 1 takes take-away orders 20 minutes after they are placed; DAY is Wednesday 12:00 (+03:00).
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let operator: number;
let otherOperator: number;
const clock = testClock(DAY);
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Thursday 13:00 at restaurant 1: a pre-order time it offers. */
const PRE_ORDER = '2026-11-26T13:00:00+03:00';
const PRE_ORDER_MS = Date.parse(PRE_ORDER);

const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const run = (query: SQL) => database.db.execute(query);

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  operator = await addTestStaff(database.db, { login: 'cap-op', role: 'operator', restoIds: [1] });
  otherOperator = await addTestStaff(database.db, { login: 'cap-op-2', role: 'operator', restoIds: [2] });
});
afterAll(() => close());

beforeEach(async () => {
  clock.advance((DAY - clock.now()) / 1000);
  // Each test starts with no counts, no delays, no caps and no order waiting.
  await run(sql`delete from slot_loads`);
  await run(sql`delete from resto_delays`);
  await run(sql`update orders set status = 'done', slot_at = null where status = 'new'`);
  await run(
    sql`update restos set slot_capacity_delivery = null, slot_capacity_take_away = null, auto_delay_threshold = null, auto_delay_minutes = 15`,
  );
  await app.capacity.load();
});

const capTakeAway = async (capacity: number | null) => {
  await run(sql`update restos set slot_capacity_take_away = ${capacity} where id = 1`);
  await app.capacity.load();
};

const loadOf = async (slotMs: number) =>
  (
    await rows<{ taken: number }>(
      sql`select taken from slot_loads where resto_id = 1 and delivery_type = 'TAKE_AWAY' and slot_at = ${iso(slotMs)}`,
    )
  )[0]?.taken ?? 0;

async function placed(who: Person, overrides: Record<string, unknown> = {}) {
  const response = await place(app, who, await orderBody(app, who, overrides));
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return response.json() as { id: number; promisedAt: string; status: string };
}

type Readiness = {
  readyAt: string | null;
  delayMinutes: number;
  problems: { code: string; message: string; nextOpenAt?: string }[];
};
const readiness = async (who: Person, overrides: Record<string, unknown> = {}) =>
  (await preflightAs(app, who, cart(overrides))) as unknown as Readiness;

describe('the promised time', () => {
  it('promises ASAP orders now + the take-away time, moved to the next slot once its slot is full', async () => {
    const who = await newPerson(app, database.db);
    expect(await readiness(who)).toMatchObject({
      readyAt: iso(DAY + 20 * MIN),
      delayMinutes: 0,
      problems: [],
    });

    await capTakeAway(1);
    const first = await placed(who);
    expect(first.promisedAt).toBe(iso(DAY + 20 * MIN));
    // 12:20 is in the 12:15 slot, which now holds its one order.
    expect(await loadOf(DAY + 15 * MIN)).toBe(1);
    const [row] = await rows<{ slot_at: Date | string }>(
      sql`select slot_at from orders where id = ${first.id}`,
    );
    expect(new Date(row?.slot_at as string).getTime()).toBe(DAY + 15 * MIN);

    // This instance reads the count again (its poll): the preflight promises the 12:30 slot's start.
    await app.capacity.load();
    expect((await readiness(who)).readyAt).toBe(iso(DAY + 30 * MIN));
    const second = await placed(await newPerson(app, database.db));
    expect(second.promisedAt).toBe(iso(DAY + 30 * MIN));
  });

  it('moves an ASAP order past a slot filled after its preflight instead of refusing it', async () => {
    await capTakeAway(1);
    const who = await newPerson(app, database.db);
    const body = await orderBody(app, who);
    // Another instance filled 12:15 meanwhile: this instance's memory does not know it.
    await run(sql`insert into slot_loads values (1, 'TAKE_AWAY', ${iso(DAY + 15 * MIN)}, 1)`);
    const response = await place(app, who, body);
    expect(response.statusCode).toBe(201);
    expect(response.json().promisedAt).toBe(iso(DAY + 30 * MIN));
  });

  it('accepting an ASAP order moved to a later slot keeps placement’s promise', async () => {
    await capTakeAway(1);
    await run(sql`insert into slot_loads values (1, 'TAKE_AWAY', ${iso(DAY + 15 * MIN)}, 1)`);
    const order = await placed(await newPerson(app, database.db));
    expect(order.promisedAt).toBe(iso(DAY + 30 * MIN));
    const accepted = await orderMove(app, operator, order.id, 'accept', {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().promisedAt).toBe(iso(DAY + 30 * MIN));
  });

  it('answers resto.slots-full when no slot has room before closing, and placement refuses it', async () => {
    await capTakeAway(2);
    const who = await newPerson(app, database.db);
    const body = await orderBody(app, who);
    // Every slot from 12:15 to the 23:00 closing (and past it) holds two orders.
    await run(sql`insert into slot_loads
      select 1, 'TAKE_AWAY', s, 2 from generate_series(${iso(DAY + 15 * MIN)}::timestamptz, ${iso(DAY + 12 * 60 * MIN)}::timestamptz, interval '15 minutes') s`);
    await app.capacity.load();
    const answer = await readiness(who);
    expect(answer.readyAt).toBeNull();
    expect(answer.problems.map((p) => p.code)).toEqual(['resto.slots-full']);
    const refused = await place(app, who, body);
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('resto.slots-full');
    expect(await loadOf(DAY + 15 * MIN)).toBe(2);
  });

  it('refuses a pre-order into a full slot: slot.full in the preflight, 409 order.slot-full at placement', async () => {
    await capTakeAway(1);
    const anna = await newPerson(app, database.db);
    const boris = await newPerson(app, database.db);
    const borisBody = await orderBody(app, boris, { preOrderAt: PRE_ORDER });
    const annas = await placed(anna, { preOrderAt: PRE_ORDER });
    expect(annas.promisedAt).toBe(iso(PRE_ORDER_MS));
    await app.capacity.load();

    const answer = await readiness(boris, { preOrderAt: PRE_ORDER });
    expect(answer.readyAt).toBeNull();
    expect(answer.problems).toEqual([
      {
        code: 'slot.full',
        message:
          'На это время заказов уже слишком много: выберите другое. Ближайшее свободное время: завтра в 13:15',
        nextOpenAt: iso(PRE_ORDER_MS + 15 * MIN),
      },
    ]);
    // Boris's quote is from before Anna's order: placement counts for itself.
    const refused = await place(app, boris, borisBody);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errors: [{ code: 'order.slot-full', field: 'preOrderAt' }],
      nextFreeSlotAt: iso(PRE_ORDER_MS + 15 * MIN),
    });
    expect(await loadOf(PRE_ORDER_MS)).toBe(1);
    // The next slot it named takes him.
    const next = await placed(boris, { preOrderAt: iso(PRE_ORDER_MS + 15 * MIN) });
    expect(next.promisedAt).toBe(iso(PRE_ORDER_MS + 15 * MIN));
  });

  it('adds staff’s delay to ASAP promises only, and says so in the preflight', async () => {
    const who = await newPerson(app, database.db);
    const set = await staffCall(app, operator, 'POST', '/api/v1/staff/restos/1/delay', { extraMinutes: 30 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      restoId: 1,
      delay: { extraMinutes: 30, until: iso(DAY + 3 * 60 * MIN), source: 'staff' },
    });
    expect(await readiness(who)).toMatchObject({ readyAt: iso(DAY + 50 * MIN), delayMinutes: 30 });
    const asap = await placed(who);
    expect(asap.promisedAt).toBe(iso(DAY + 50 * MIN));
    const preOrder = await placed(await newPerson(app, database.db), { preOrderAt: PRE_ORDER });
    expect(preOrder.promisedAt).toBe(iso(PRE_ORDER_MS));

    // After DELAY_HOURS it is over by itself.
    clock.advance(3 * 3600);
    expect(await readiness(who)).toMatchObject({ delayMinutes: 0, readyAt: iso(clock.now() + 20 * MIN) });
  });
});

describe('places given back', () => {
  it('a declined order gives its place back once, and the slot takes another', async () => {
    await capTakeAway(1);
    const order = await placed(await newPerson(app, database.db), { preOrderAt: PRE_ORDER });
    expect(await loadOf(PRE_ORDER_MS)).toBe(1);
    const declined = await orderMove(app, operator, order.id, 'decline', { reason: 'other' });
    expect(declined.statusCode).toBe(200);
    expect(await loadOf(PRE_ORDER_MS)).toBe(0);
    const again = await orderMove(app, operator, order.id, 'decline', { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(await loadOf(PRE_ORDER_MS)).toBe(0);
    await placed(await newPerson(app, database.db), { preOrderAt: PRE_ORDER });
    expect(await loadOf(PRE_ORDER_MS)).toBe(1);
  });

  it('a customer’s cancel gives the place back once', async () => {
    const who = await newPerson(app, database.db);
    const order = await placed(who, { preOrderAt: PRE_ORDER });
    expect(await loadOf(PRE_ORDER_MS)).toBe(1);
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/persons/${who.personId}/orders/${order.id}/cancel`,
        headers: { authorization: `Bearer ${who.token}` },
      });
    expect((await cancel()).statusCode).toBe(200);
    expect(await loadOf(PRE_ORDER_MS)).toBe(0);
    expect((await cancel()).statusCode).toBe(409);
    expect(await loadOf(PRE_ORDER_MS)).toBe(0);
  });

  it('an online order cancelled unpaid by the sweeper gives its place back', async () => {
    const who = await newPerson(app, database.db);
    const order = await placeOnline(app, who, { preOrderAt: PRE_ORDER, positions: [line(1, 2)] });
    expect(await loadOf(PRE_ORDER_MS)).toBe(1);
    clock.advance(2 * 3600);
    await runOnce(app.payments);
    const [row] = await rows<{ status: string; slot_at: unknown }>(
      sql`select status, slot_at from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'canceled', slot_at: null });
    expect(await loadOf(PRE_ORDER_MS)).toBe(0);
  });
});

describe('staff’s delay', () => {
  const delay = (staffId: number, restoId: number, payload: Record<string, unknown>) =>
    staffCall(app, staffId, 'POST', `/api/v1/staff/restos/${restoId}/delay`, payload);

  it('is set and cleared by the restaurant’s staff only, +15/+30/+60 or 0', async () => {
    expect((await delay(otherOperator, 1, { extraMinutes: 15 })).statusCode).toBe(403);
    expect(errorCode(await delay(otherOperator, 1, { extraMinutes: 15 }))).toBe('staff.forbidden-resto');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/staff/restos/1/delay',
      payload: { extraMinutes: 15 },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const bad of [{ extraMinutes: 45 }, { extraMinutes: -15 }, { extraMinutes: '15' }, {}]) {
      const response = await delay(operator, 1, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await rows(sql`select * from resto_delays`)).toEqual([]);

    expect((await delay(operator, 1, { extraMinutes: 60 })).json().delay).toMatchObject({ extraMinutes: 60 });
    const board = await staffCall(app, operator, 'GET', '/api/v1/staff/board?restoId=1');
    expect(board.json().restos[0]).toMatchObject({
      delay: { extraMinutes: 60, source: 'staff' },
      autoDelayThreshold: null,
    });
    const cleared = await delay(operator, 1, { extraMinutes: 0 });
    expect(cleared.json()).toEqual({ restoId: 1, delay: null });
    expect(
      (await staffCall(app, operator, 'GET', '/api/v1/staff/board?restoId=1')).json().restos[0].delay,
    ).toBeNull();
    const who = await newPerson(app, database.db);
    expect((await readiness(who)).delayMinutes).toBe(0);
  });

  it('the automatic delay comes above the threshold, goes at it, and never replaces staff’s', async () => {
    await run(sql`update restos set auto_delay_threshold = 1, auto_delay_minutes = 30 where id = 1`);
    await app.capacity.load();
    const first = await placed(await newPerson(app, database.db));
    await app.capacity.sweep();
    // One waiting is not more than the threshold.
    expect(await rows(sql`select * from resto_delays`)).toEqual([]);
    await placed(await newPerson(app, database.db));
    await app.capacity.sweep();
    const board = await staffCall(app, operator, 'GET', '/api/v1/staff/board?restoId=1');
    expect(board.json().restos[0]).toMatchObject({
      delay: { extraMinutes: 30, source: 'auto' },
      autoDelayThreshold: 1,
    });
    const who = await newPerson(app, database.db);
    expect(await readiness(who)).toMatchObject({ delayMinutes: 30, readyAt: iso(DAY + 50 * MIN) });

    // Staff take over with their own; the sweeper leaves it.
    await delay(operator, 1, { extraMinutes: 15 });
    await app.capacity.sweep();
    expect(await rows(sql`select extra_minutes, source from resto_delays`)).toEqual([
      { extra_minutes: 15, source: 'staff' },
    ]);
    await delay(operator, 1, { extraMinutes: 0 });
    await app.capacity.sweep();
    expect(await rows(sql`select source from resto_delays`)).toEqual([{ source: 'auto' }]);

    // Accepting one brings the count to the threshold: the automatic delay goes.
    expect((await orderMove(app, operator, first.id, 'accept', {})).statusCode).toBe(200);
    await app.capacity.sweep();
    expect(await rows(sql`select * from resto_delays`)).toEqual([]);
    expect((await readiness(who)).delayMinutes).toBe(0);
  });
});

describe('the pre-order picker', () => {
  const slots = (restoId: number, query: string) =>
    app.inject({ method: 'GET', url: `/api/v1/restos/${restoId}/slots?${query}` });

  it('answers the capacity, the full slots to the pre-order horizon and the delay', async () => {
    expect((await slots(1, 'deliveryType=TAKE_AWAY')).json()).toEqual({
      restoId: 1,
      deliveryType: 'TAKE_AWAY',
      capacity: null,
      fullSlots: [],
      delayMinutes: 0,
    });
    await capTakeAway(1);
    await placed(await newPerson(app, database.db), { preOrderAt: PRE_ORDER });
    // A slot three days ahead is past the two days of pre-orders; one before now is gone.
    await run(sql`insert into slot_loads values
      (1, 'TAKE_AWAY', ${iso(DAY + 3 * 86_400_000)}, 1), (1, 'TAKE_AWAY', ${iso(DAY - 30 * MIN)}, 1),
      (1, 'DELIVERY', ${iso(DAY + 60 * MIN)}, 1)`);
    await staffCall(app, operator, 'POST', '/api/v1/staff/restos/1/delay', { extraMinutes: 15 });
    const response = await slots(1, 'deliveryType=TAKE_AWAY');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      restoId: 1,
      deliveryType: 'TAKE_AWAY',
      capacity: 1,
      fullSlots: [iso(PRE_ORDER_MS)],
      delayMinutes: 15,
    });
  });

  it('refuses an unknown restaurant (404) and a bad method (400)', async () => {
    const unknown = await slots(999, 'deliveryType=TAKE_AWAY');
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('resto.not-found');
    expect((await slots(1, 'deliveryType=PIGEON')).statusCode).toBe(400);
    expect((await slots(1, '')).statusCode).toBe(400);
  });
});
