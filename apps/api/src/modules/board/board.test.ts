import { boardOrder, boardResponse } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode, orderMove, staffCall } from '../../test/board-kit.ts';
import { newPerson, orderBody, type Person, place, preflightAs } from '../../test/orders-kit.ts';
import { demoForm, demoIdOf, placeOnline, readOrderAs, rowsOf } from '../../test/payments-kit.ts';
import { DAY, line, POINTS } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * The order board's API (decision 23) on the demo chain at a pinned Wednesday noon in Kazan: scoping by role
 * and restaurant, what the kitchen sees, guarded moves (one change for two clicks, never back or past a
 * step), decline with words, promo and money back, the settlement receipt, the stop-list and 'busy'.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
let anna: Person;
let op1: number;
let op1b: number;
let op2: number;
let manager: number;

const MINUTE = 60_000;
const iso = (local: string) => `${local}+03:00`;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  anna = await newPerson(app, database.db);
  op1 = await addTestStaff(database.db, { login: 'op1', role: 'operator', restoIds: [1] });
  op1b = await addTestStaff(database.db, { login: 'op1b', role: 'operator', restoIds: [1] });
  op2 = await addTestStaff(database.db, { login: 'op2', role: 'operator', restoIds: [2] });
  manager = await addTestStaff(database.db, { login: 'boss', role: 'manager' });
});
afterAll(() => close());

/** A take-away order at restaurant 1 paid on receipt (visible to the kitchen at once). */
async function placeCash(overrides: Record<string, unknown> = {}) {
  const response = await place(app, anna, await orderBody(app, anna, overrides));
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return response.json() as { id: number; promisedAt: string };
}

async function board(staffId: number, query = '') {
  const response = await staffCall(app, staffId, 'GET', `/api/v1/staff/board${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return boardResponse.parse(response.json());
}

const historyOf = (orderId: number) =>
  rowsOf<{ status: string; by: string }>(
    database.db,
    sql`select status, by from order_history where order_id = ${orderId} order by id`,
  );
const kindsOf = (orderId: number) =>
  rowsOf<{ kind: string }>(
    database.db,
    sql`select kind from order_events where order_id = ${orderId} order by id`,
  ).then((rows) => rows.map((r) => r.kind));

describe('who sees what', () => {
  it("an operator of restaurant 1 sees its orders; one of restaurant 2 sees nothing of them and can't act", async () => {
    const order = await placeCash();
    const [maxEvent] = await rowsOf<{ id: string }>(database.db, sql`select max(id) as id from order_events`);

    const mine = await board(op1);
    expect(mine.restos.map((r) => r.id)).toEqual([1]);
    expect(mine.restos[0]).toMatchObject({ busyUntil: null, stopList: [], lateMinutes: 5 });
    expect(mine.cursor).toBe(Number(maxEvent?.id));
    expect(mine.serverTime).toBe(new Date(DAY).toISOString());
    const card = mine.orders.find((o) => o.id === order.id);
    expect(card).toMatchObject({
      column: 'new',
      late: false,
      waitingSince: new Date(DAY).toISOString(),
      joinsBoardAt: null,
      acceptedAt: null,
      lines: [{ id: 1, count: 2 }],
    });

    const theirs = await board(op2);
    expect(theirs.restos.map((r) => r.id)).toEqual([2]);
    expect(theirs.orders.some((o) => o.restoId === 1)).toBe(false);
    const refusals = [
      [await staffCall(app, op2, 'GET', '/api/v1/staff/board?restoId=1'), 403, 'staff.forbidden-resto'],
      [await staffCall(app, op2, 'GET', `/api/v1/staff/orders/${order.id}`), 404, 'order.not-found'],
      [await orderMove(app, op2, order.id, 'accept', {}), 404, 'order.not-found'],
      [await orderMove(app, op2, order.id, 'decline', { reason: 'other' }), 404, 'order.not-found'],
      [
        await orderMove(app, op2, order.id, 'move', { from: 'accepted', to: 'cooking' }),
        404,
        'order.not-found',
      ],
      [
        await staffCall(app, op2, 'POST', '/api/v1/staff/restos/1/stop-list', {
          positionId: 1,
          stopped: true,
        }),
        403,
        'staff.forbidden-resto',
      ],
      [
        await staffCall(app, op2, 'POST', '/api/v1/staff/restos/1/busy', { minutes: 30 }),
        403,
        'staff.forbidden-resto',
      ],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
      expect(errorCode(response)).toBe(code);
    }
    // Nothing of it moved or stopped.
    expect(await historyOf(order.id)).toEqual([{ status: 'new', by: 'customer' }]);
    expect((await board(op1)).restos[0]).toMatchObject({ busyUntil: null, stopList: [] });
  });

  it('a manager sees every restaurant of the brand and their orders', async () => {
    const order = await placeCash();
    const all = await board(manager);
    expect(all.restos.length).toBeGreaterThan(2);
    expect(all.orders.some((o) => o.id === order.id)).toBe(true);
    expect((await board(manager, '?restoId=2')).orders.some((o) => o.id === order.id)).toBe(false);
  });

  it('customer tokens and no token open no staff call', async () => {
    const customer = await app.inject({
      method: 'GET',
      url: '/api/v1/staff/board',
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(customer.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/staff/board' })).statusCode).toBe(401);
  });

  it('an order unaccepted for the late threshold is late', async () => {
    const order = await placeCash();
    clock.advance(5 * 60);
    try {
      const late = await staffCall(app, op1, 'GET', `/api/v1/staff/orders/${order.id}`);
      expect(boardOrder.parse(late.json())).toMatchObject({ late: true, column: 'new' });
    } finally {
      clock.advance(-5 * 60);
    }
  });
});

describe('card-online orders', () => {
  it('are hidden until paid, then shown waiting since the payment', async () => {
    const placed = await placeOnline(app, anna);
    expect((await board(op1)).orders.some((o) => o.id === placed.id)).toBe(false);
    const hidden = await staffCall(app, op1, 'GET', `/api/v1/staff/orders/${placed.id}`);
    expect(hidden.statusCode).toBe(404);
    expect((await orderMove(app, op1, placed.id, 'accept', {})).statusCode).toBe(404);

    clock.advance(60);
    try {
      await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
      const shown = (await board(op1)).orders.find((o) => o.id === placed.id);
      expect(shown).toMatchObject({
        paymentStatus: 'paid',
        column: 'new',
        waitingSince: new Date(DAY + MINUTE).toISOString(),
      });
    } finally {
      clock.advance(-60);
    }
  });
});

describe('moves', () => {
  it('accept with a delay: promised at now + the take-away minutes + the delay; history and event', async () => {
    const order = await placeCash();
    const accepted = await orderMove(app, op1, order.id, 'accept', { delayMinutes: 10 });
    expect(accepted.statusCode, accepted.body.slice(0, 300)).toBe(200);
    expect(boardOrder.parse(accepted.json())).toMatchObject({
      status: 'accepted',
      column: 'accepted',
      // Restaurant 1 takes away in 20 minutes.
      promisedAt: new Date(DAY + 30 * MINUTE).toISOString(),
      acceptedAt: new Date(DAY).toISOString(),
    });
    expect(await historyOf(order.id)).toEqual([
      { status: 'new', by: 'customer' },
      { status: 'accepted', by: `staff:${op1}` },
    ]);
    expect(await kindsOf(order.id)).toEqual(['placed', 'accepted']);
  });

  it('accepting a pre-order keeps its time when that is later than now + lead', async () => {
    const order = await placeCash({ preOrderAt: iso('2026-11-25T16:00:00') });
    const card = (await board(op1)).orders.find((o) => o.id === order.id);
    // 20 minutes of take-away and the 15-minute margin before 16:00.
    expect(card?.joinsBoardAt).toBe(
      new Date(Date.parse(iso('2026-11-25T16:00:00')) - 35 * MINUTE).toISOString(),
    );
    const accepted = await orderMove(app, op1, order.id, 'accept', { delayMinutes: 0 });
    expect(accepted.json().promisedAt).toBe(new Date(iso('2026-11-25T16:00:00')).toISOString());
  });

  it('two staff accepting at once make one change: one 200, one 409, one history row, one event', async () => {
    const order = await placeCash();
    const answers = await Promise.all([
      orderMove(app, op1, order.id, 'accept', {}),
      orderMove(app, op1b, order.id, 'accept', { delayMinutes: 20 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused && errorCode(refused)).toBe('order.transition-invalid');
    expect((await historyOf(order.id)).filter((h) => h.status === 'accepted')).toHaveLength(1);
    expect(await kindsOf(order.id)).toEqual(['placed', 'accepted']);
  });

  it('moves only one step forward, from the status the order is at', async () => {
    const order = await placeCash();
    const move = (from: string, to: string) => orderMove(app, op1, order.id, 'move', { from, to });
    expect(errorCode(await move('new', 'accepted'))).toBe('order.transition-invalid');
    expect((await orderMove(app, op1, order.id, 'accept', {})).statusCode).toBe(200);
    expect(errorCode(await move('accepted', 'ready'))).toBe('order.transition-invalid');
    expect(errorCode(await move('cooking', 'ready'))).toBe('order.transition-invalid');
    expect((await move('accepted', 'cooking')).json()).toMatchObject({
      status: 'cooking',
      column: 'cooking',
    });
    // Take-away: ready, not on the way.
    expect(errorCode(await move('cooking', 'on_the_way'))).toBe('order.transition-invalid');
    expect(errorCode(await move('accepted', 'cooking'))).toBe('order.transition-invalid');
    expect((await move('cooking', 'ready')).json()).toMatchObject({ status: 'ready', column: 'ready' });
    expect((await move('ready', 'done')).json()).toMatchObject({ status: 'done', column: 'done' });
    expect(errorCode(await move('done', 'ready'))).toBe('order.transition-invalid');
    expect(errorCode(await orderMove(app, op1, order.id, 'decline', { reason: 'other' }))).toBe(
      'order.transition-invalid',
    );
    expect((await historyOf(order.id)).map((h) => h.status)).toEqual([
      'new',
      'accepted',
      'cooking',
      'ready',
      'done',
    ]);
    expect(await kindsOf(order.id)).toEqual(['placed', 'accepted', 'cooking', 'ready', 'done']);
    // Today's done orders stay on the board.
    expect((await board(op1)).orders.find((o) => o.id === order.id)?.column).toBe('done');
  });

  it('refuses a delivery-only reason for a take-away order (422), and changes nothing', async () => {
    const order = await placeCash();
    const refused = await orderMove(app, op1, order.id, 'decline', { reason: 'address-unreachable' });
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(422);
    expect(errorCode(refused)).toBe('order.decline-reason-invalid');
    expect(refused.json().errors[0].field).toBe('reason');
    expect(await kindsOf(order.id)).toEqual(['placed']);
    // A reason that fits still declines it.
    const declined = await orderMove(app, op1, order.id, 'decline', { reason: 'customer-unreachable' });
    expect(declined.json()).toMatchObject({ status: 'declined' });
  });

  it('declines a delivery order as one no courier can reach', async () => {
    const order = await placeCash({
      deliveryType: 'DELIVERY',
      location: POINTS.zone1,
      address: 'Казань, ул. Баумана, 1',
      positions: [line(8, 1)],
    });
    const declined = await orderMove(app, op1, order.id, 'decline', { reason: 'address-unreachable' });
    expect(declined.statusCode, declined.body.slice(0, 300)).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', deliveryType: 'DELIVERY' });
  });

  it('decline with a reason: the customer reads its words, the promo use comes back', async () => {
    await database.db.execute(sql`update promo_codes set used_count = 0 where code = 'SOLDOUT'`);
    const order = await placeCash({ promoCode: 'SOLDOUT' });
    const uses = async () =>
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select used_count as n from promo_codes where code = 'SOLDOUT'`,
        )
      )[0]?.n;
    expect(await uses()).toBe(1);
    const declined = await orderMove(app, op1, order.id, 'decline', { reason: 'dish-unavailable' });
    expect(declined.statusCode, declined.body.slice(0, 300)).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', column: null });
    expect(await uses()).toBe(0);
    const ru = await readOrderAs(app, anna, order.id, 'ru');
    const en = await readOrderAs(app, anna, order.id, 'en');
    const reasonOf = (o: unknown) =>
      (o as { declineReason: { code: string; message: string } }).declineReason;
    expect(reasonOf(ru).code).toBe('dish-unavailable');
    expect(reasonOf(ru).message).toMatch(/[а-я]/);
    expect(reasonOf(en).message).toMatch(/^[\x20-\x7e’]+$/);
    expect(await kindsOf(order.id)).toEqual(['placed', 'declined']);
    expect(errorCode(await orderMove(app, op1, order.id, 'decline', { reason: 'other' }))).toBe(
      'order.transition-invalid',
    );
  });

  it('declining a paid online order refunds it in full through the demo engine', async () => {
    const placed = await placeOnline(app, anna);
    await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
    expect((await orderMove(app, op1, placed.id, 'accept', {})).statusCode).toBe(200);
    const declined = await orderMove(app, op1, placed.id, 'decline', { reason: 'kitchen-overloaded' });
    expect(declined.statusCode, declined.body.slice(0, 300)).toBe(200);
    const order = await readOrderAs(app, anna, placed.id);
    expect(order).toMatchObject({ status: 'declined', paymentStatus: 'refunded' });
    expect(order.payment.refunds.map((r) => [r.reason, r.status, r.amount])).toEqual([
      ['declined', 'succeeded', placed.payable],
    ]);
    const demo = await rowsOf<{ amount: number }>(
      database.db,
      sql`select r.amount from demo_refunds r join payments p on p.provider_payment_id = r.payment_id where p.order_id = ${placed.id}`,
    );
    expect(demo).toEqual([{ amount: placed.payable }]);
    expect(await kindsOf(placed.id)).toEqual(['placed', 'paid', 'accepted', 'declined', 'refund']);
  });

  it('handing over a paid online order sends the settlement receipt; an order paid on receipt sends none', async () => {
    const gateway = app.payments.gateways.get('demo');
    if (!gateway) throw new Error('no demo engine');
    const spy = vi.spyOn(gateway, 'sendSettlementReceipt');
    try {
      const placed = await placeOnline(app, anna);
      await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' });
      const cash = await placeCash();
      for (const id of [placed.id, cash.id]) {
        await orderMove(app, op1, id, 'accept', {});
        for (const [from, to] of [
          ['accepted', 'cooking'],
          ['cooking', 'ready'],
          ['ready', 'done'],
        ] as const)
          expect((await orderMove(app, op1, id, 'move', { from, to })).statusCode).toBe(200);
      }
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]?.[0]).toMatchObject({ amount: placed.payable });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('stop-list and busy', () => {
  it('a stopped dish: the preflight reports its line, placement refuses it, unstopping brings it back', async () => {
    const body = await orderBody(app, anna, { positions: [line(2, 1), line(1, 2)] });
    const stop = await staffCall(app, op1, 'POST', '/api/v1/staff/restos/1/stop-list', {
      positionId: 1,
      stopped: true,
    });
    expect(stop.statusCode, stop.body.slice(0, 300)).toBe(200);
    expect(stop.json()).toEqual({ restoId: 1, stopList: [1] });
    expect((await board(op1)).restos[0]?.stopList).toEqual([1]);

    const answer = await preflightAs(app, anna, { ...body, quote: undefined });
    expect(answer.problems).toEqual([
      expect.objectContaining({
        code: 'person-order.position-stopped',
        line: 1,
        message: 'Это блюдо сегодня закончилось',
      }),
    ]);
    const refused = await place(app, anna, body);
    expect(refused.statusCode).toBe(422);
    expect(errorCode(refused)).toBe('person-order.position-stopped');

    const back = await staffCall(app, op1, 'POST', '/api/v1/staff/restos/1/stop-list', {
      positionId: 1,
      stopped: false,
    });
    expect(back.json()).toEqual({ restoId: 1, stopList: [] });
    expect((await place(app, anna, await orderBody(app, anna, { positions: [line(1, 2)] }))).statusCode).toBe(
      201,
    );
  });

  it('an unknown dish is 404 position.not-found', async () => {
    const response = await staffCall(app, op1, 'POST', '/api/v1/staff/restos/1/stop-list', {
      positionId: 987654,
      stopped: true,
    });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('position.not-found');
  });

  it('busy refuses as-soon-as-possible orders and takes a pre-order; 0 resumes', async () => {
    const asap = await orderBody(app, anna);
    const busy = await staffCall(app, manager, 'POST', '/api/v1/staff/restos/1/busy', { minutes: 30 });
    expect(busy.json()).toEqual({ restoId: 1, busyUntil: new Date(DAY + 30 * MINUTE).toISOString() });
    expect((await board(op1)).restos[0]?.busyUntil).toBe(new Date(DAY + 30 * MINUTE).toISOString());
    try {
      const { quote: _q, ...cartOnly } = asap;
      expect((await preflightAs(app, anna, cartOnly)).problems.map((p) => p.code)).toEqual(['resto.busy']);
      const refused = await place(app, anna, asap);
      expect(refused.statusCode).toBe(422);
      expect(errorCode(refused)).toBe('resto.busy');
      const later = await orderBody(app, anna, { preOrderAt: iso('2026-11-25T15:00:00') });
      expect((await place(app, anna, later)).statusCode).toBe(201);
    } finally {
      const resumed = await staffCall(app, op1, 'POST', '/api/v1/staff/restos/1/busy', { minutes: 0 });
      expect(resumed.json()).toEqual({ restoId: 1, busyUntil: null });
    }
    expect((await place(app, anna, await orderBody(app, anna))).statusCode).toBe(201);
  });
});

describe('the next day', () => {
  it("yesterday's finished orders leave the board; open ones stay, late", async () => {
    const finished = await placeCash();
    await orderMove(app, op1, finished.id, 'accept', {});
    for (const [from, to] of [
      ['accepted', 'cooking'],
      ['cooking', 'ready'],
      ['ready', 'done'],
    ] as const)
      await orderMove(app, op1, finished.id, 'move', { from, to });
    const open = await placeCash();
    clock.advance(24 * 3600);
    try {
      const next = await board(op1);
      expect(next.orders.some((o) => o.id === finished.id)).toBe(false);
      expect(next.orders.find((o) => o.id === open.id)).toMatchObject({ column: 'new', late: true });
    } finally {
      clock.advance(-24 * 3600);
    }
  });
});
