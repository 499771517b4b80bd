import { DEMO_BONUS_PROGRAM, nextStaffStatus, type OrderStatus, walkBonusLedger } from '@storefront/domain';
import { personBonusResponse, staffBonusResponse } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { adminCall, errorsOf } from '../../test/admin-kit.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode, orderMove, staffCall } from '../../test/board-kit.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { rowsOf } from '../../test/payments-kit.ts';
import { adjustPoints, programOn } from '../../test/points-pricing-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { ledgerEntries, runBonusSweep } from './index.ts';

/**
 * The points ledger over HTTP with the demo program on (decision 55): a placement's hold in the history, a
 * decline and a customer's cancel give it back, a done order earns once (also when two instances move it at
 * once), staff's adjustments (roles, never below zero, reverted from the audit log), the program's PUT under
 * If-Match, expiry at the brand's midnight by the sweeper, the tier reached at exactly its fromPaid, and the
 * person's route refusing another person.
 */
let app: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void>;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
let manager: number;
let operator: number;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  ({ app: second, closeDatabase: closeSecondDb } = await secondInstance(database, {
    config: testConfig(),
    now: clock.now,
  }));
  await programOn(database.db, DEMO_BONUS_PROGRAM, DAY);
  manager = await addTestStaff(database.db, { login: 'bonus-manager', role: 'manager' });
  operator = await addTestStaff(database.db, { login: 'bonus-op', role: 'operator', restoIds: [1] });
});
afterAll(async () => {
  await second?.close();
  await closeSecondDb?.();
  await close?.();
});

/** 1000 ₽ of dishes, take-away, paid on receipt. */
const THOUSAND = [line(16, 2), line(32, 1, { modifiers: [{ id: 12, modifierId: 4, count: 1 }] })];

async function personWith(points: number): Promise<Person> {
  const who = await newPerson(app, database.db);
  if (points !== 0) await adjustPoints(database.db, who.personId, points, clock.now());
  return who;
}

async function placeSpending(who: Person, points: number): Promise<number> {
  const response = await place(
    app,
    who,
    await orderBody(app, who, { positions: THOUSAND, bonusToSpend: points }),
  );
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return (response.json() as { id: number }).id;
}

async function bonusOf(who: Person, locale = 'ru', instance = app) {
  const response = await instance.inject({
    method: 'GET',
    url: `/api/v1/persons/${who.personId}/bonus`,
    headers: {
      authorization: `Bearer ${await instance.authentication.tokens.sign(who.personId)}`,
      'accept-language': locale,
    },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return personBonusResponse.parse(response.json());
}

/** Accepts a take-away order and moves it step by step to done. */
async function toDone(orderId: number, instance = app) {
  expect((await orderMove(instance, operator, orderId, 'accept', {})).statusCode).toBe(200);
  let from: OrderStatus = 'accepted';
  for (let next = nextStaffStatus(from, 'TAKE_AWAY'); next; next = nextStaffStatus(from, 'TAKE_AWAY')) {
    const moved = await orderMove(instance, operator, orderId, 'move', { from, to: next });
    expect(moved.statusCode, moved.body.slice(0, 300)).toBe(200);
    from = next;
    if (next === 'done') break;
  }
}

async function kindsOf(who: Person) {
  return (await ledgerEntries(database.db, 'demo', who.personId)).map((row) => `${row.kind} ${row.amount}`);
}

/** The invariant of every ledger: Σ rows = the walk's balance, never below zero, one hold/release/earning per order. */
async function expectSound(who: Person) {
  const rows = await ledgerEntries(database.db, 'demo', who.personId);
  const sum = rows.reduce((total, row) => total + row.amount, 0);
  expect(walkBonusLedger(rows, clock.now()).balance).toBe(sum);
  expect(sum).toBeGreaterThanOrEqual(0);
  const once = rows.filter((row) => ['held', 'released', 'earned'].includes(row.kind));
  expect(new Set(once.map((row) => `${row.orderId} ${row.kind}`)).size).toBe(once.length);
}

describe('the ledger follows the order', () => {
  it('shows the hold at placement as a reservation, and gives it back when staff decline', async () => {
    const anna = await personWith(50_000);
    const orderId = await placeSpending(anna, 20_000);
    const held = await bonusOf(anna);
    expect(held.balance).toBe(30_000);
    expect(held.history[0]).toMatchObject({ kind: 'held', amount: -20_000, orderId });
    expect(held.history[0]?.title).toMatch(/^Зарезервировано для заказа /);
    const declined = await orderMove(app, operator, orderId, 'decline', { reason: 'other' });
    expect(declined.statusCode, declined.body.slice(0, 300)).toBe(200);
    const after = await bonusOf(anna, 'en');
    expect(after.balance).toBe(50_000);
    expect(after.history[0]).toMatchObject({ kind: 'released', amount: 20_000, orderId });
    expect(after.history[0]?.title).toMatch(/^Returned: order .+ declined$/);
    await expectSound(anna);
  });

  it('gives the hold back when the customer cancels', async () => {
    const boris = await personWith(30_000);
    const orderId = await placeSpending(boris, 10_000);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${boris.personId}/orders/${orderId}/cancel`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(boris.personId)}` },
    });
    expect(cancel.statusCode, cancel.body.slice(0, 300)).toBeLessThan(300);
    expect(await kindsOf(boris)).toEqual(['adjusted 30000', 'held -10000', 'released 10000']);
    expect((await bonusOf(boris)).history[0]?.title).toMatch(/^Возвращено: заказ .+ отменён$/);
  });

  it('earns once when the order is done, and the hold reads as the spend', async () => {
    const vera = await personWith(20_000);
    const orderId = await placeSpending(vera, 20_000);
    await toDone(orderId);
    // 1000 ₽ of dishes, 200 ₽ in points: 5 % of the 800 ₽ paid in money.
    expect(await kindsOf(vera)).toEqual(['adjusted 20000', 'held -20000', 'earned 4000']);
    const bonus = await bonusOf(vera);
    expect(bonus.history.map((row) => [row.kind, row.title.split(' ').slice(0, 2).join(' ')])).toEqual([
      ['earned', 'Начислено за'],
      ['spent', 'Списано на'],
      ['adjusted', 'Начислено сотрудником:'],
    ]);
    // The earning expires at Moscow's midnight after 180 days.
    const earned = bonus.history[0];
    expect(earned?.expiresAt).toBe('2027-05-24T21:00:00.000Z');
    // A repeat of the settlement (the sweeper's) adds nothing.
    expect((await runBonusSweep(database.db, 'demo', clock.now())).ran).toBe(true);
    expect(await kindsOf(vera)).toHaveLength(3);
    await expectSound(vera);
  });

  it('earns once when two instances move the order to done at once', async () => {
    const gleb = await personWith(0);
    const orderId = await placeSpending(gleb, 0);
    expect((await orderMove(app, operator, orderId, 'accept', {})).statusCode).toBe(200);
    let from: OrderStatus = 'accepted';
    for (
      let next = nextStaffStatus(from, 'TAKE_AWAY');
      next !== 'done' && next;
      next = nextStaffStatus(from, 'TAKE_AWAY')
    ) {
      expect((await orderMove(app, operator, orderId, 'move', { from, to: next })).statusCode).toBe(200);
      from = next;
    }
    const answers = await Promise.all([
      orderMove(app, operator, orderId, 'move', { from, to: 'done' }),
      orderMove(second, operator, orderId, 'move', { from, to: 'done' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await kindsOf(gleb)).toEqual(['earned 5000']);
  });
});

describe('the sweeper', () => {
  it('settles orders whose ledger lags their status (a path that skipped its step), once', async () => {
    const zoya = await personWith(10_000);
    const done = await placeSpending(zoya, 0);
    const canceled = await placeSpending(zoya, 10_000);
    await database.db.execute(sql`update orders set status = 'done' where id = ${done}`);
    await database.db.execute(sql`update orders set status = 'canceled' where id = ${canceled}`);
    const report = await runBonusSweep(database.db, 'demo', clock.now());
    expect(report).toMatchObject({ ran: true });
    expect(report.settledOrders).toBeGreaterThanOrEqual(2);
    expect(await kindsOf(zoya)).toEqual(['adjusted 10000', 'held -10000', 'earned 5000', 'released 10000']);
    await runBonusSweep(database.db, 'demo', clock.now());
    expect(await kindsOf(zoya)).toHaveLength(4);
    await expectSound(zoya);
  });
});

describe('staff and the points', () => {
  it('reads the order card’s points for anyone who sees the order; adjusts for managers and owners only', async () => {
    const dana = await personWith(10_000);
    const orderId = await placeSpending(dana, 0);
    const card = await staffCall(app, operator, 'GET', `/api/v1/staff/orders/${orderId}/bonus`);
    expect(card.statusCode, card.body.slice(0, 300)).toBe(200);
    expect(staffBonusResponse.parse(card.json())).toMatchObject({
      enabled: true,
      personId: dana.personId,
      balance: 10_000,
      canAdjust: false,
    });
    const byOperator = await staffCall(
      app,
      operator,
      'POST',
      `/api/v1/staff/orders/${orderId}/bonus-adjustments`,
      {
        amount: 5_000,
        reason: 'извинение',
      },
    );
    expect([byOperator.statusCode, errorCode(byOperator)]).toEqual([403, 'admin.forbidden-role']);
    const tooMuch = await staffCall(
      app,
      manager,
      'POST',
      `/api/v1/staff/orders/${orderId}/bonus-adjustments`,
      {
        amount: -20_000,
        reason: 'ошибка',
      },
    );
    expect([tooMuch.statusCode, errorCode(tooMuch)]).toEqual([422, 'bonus.below-zero']);
    const notWhole = await staffCall(
      app,
      manager,
      'POST',
      `/api/v1/staff/orders/${orderId}/bonus-adjustments`,
      {
        amount: 150,
        reason: 'ошибка',
      },
    );
    expect(notWhole.statusCode).toBe(400);
    expect(errorsOf(notWhole)[0]?.field).toBe('amount');
    const given = await staffCall(app, manager, 'POST', `/api/v1/staff/orders/${orderId}/bonus-adjustments`, {
      amount: 5_000,
      reason: 'долгое ожидание',
    });
    expect(given.statusCode, given.body.slice(0, 300)).toBe(200);
    const answer = staffBonusResponse.parse(given.json());
    expect(answer).toMatchObject({ balance: 15_000, canAdjust: true });
    expect(answer.history[0]).toMatchObject({ kind: 'adjusted', amount: 5_000, reason: 'долгое ожидание' });
    expect(answer.history[0]?.title).toBe('Начислено сотрудником: долгое ожидание');
  });

  it('reverts an adjustment from the audit log by the opposite one, refused while its points are spent', async () => {
    const emil = await personWith(0);
    const orderId = await placeSpending(emil, 0);
    const given = await staffCall(app, manager, 'POST', `/api/v1/staff/orders/${orderId}/bonus-adjustments`, {
      amount: 10_000,
      reason: 'подарок',
    });
    expect(given.statusCode).toBe(200);
    const [entry] = await rowsOf<{ id: number; entity_id: number }>(
      database.db,
      sql`select id, entity_id from admin_audit_log where entity_kind = 'bonus-adjustment' order by id desc limit 1`,
    );
    // Spend the points: the revert would take the balance below zero.
    await adjustPoints(database.db, emil.personId, -10_000, clock.now());
    const headers = await staffHeaders(app, manager);
    const refused = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry?.id}/revert`, headers);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'bonus.below-zero']);
    await adjustPoints(database.db, emil.personId, 10_000, clock.now());
    const reverted = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry?.id}/revert`, headers);
    expect(reverted.statusCode, reverted.body.slice(0, 300)).toBe(200);
    expect(await kindsOf(emil)).toEqual([
      'adjusted 10000',
      'adjusted -10000',
      'adjusted 10000',
      'adjusted -10000',
    ]);
    await expectSound(emil);
  });
});

describe('the person’s points', () => {
  it('refuses another person’s id', async () => {
    const a = await personWith(0);
    const b = await personWith(0);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/persons/${b.personId}/bonus`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(a.personId)}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('expires points at the brand’s midnight: due ones are not spendable, the sweeper writes their row', async () => {
    const fedor = await newPerson(app, database.db);
    await adjustPoints(database.db, fedor.personId, 7_000, clock.now());
    const [credit] = await ledgerEntries(database.db, 'demo', fedor.personId);
    const expiry = credit?.expiresAtMs as number;
    // Moscow's midnight.
    expect(new Date(expiry).toISOString().slice(11)).toBe('21:00:00.000Z');
    const before = await bonusOf(fedor);
    expect(before.balance).toBe(7_000);
    const realNow = clock.now();
    clock.advance((expiry - realNow) / 1000 - 1);
    expect((await bonusOf(fedor)).balance).toBe(7_000);
    clock.advance(1);
    expect((await bonusOf(fedor)).balance).toBe(0);
    expect(await kindsOf(fedor)).toEqual(['adjusted 7000']);
    await runBonusSweep(database.db, 'demo', clock.now());
    await runBonusSweep(database.db, 'demo', clock.now());
    expect(await kindsOf(fedor)).toEqual(['adjusted 7000', 'expired -7000']);
    expect((await bonusOf(fedor)).history[0]?.title).toBe('Сгорели баллы');
    await expectSound(fedor);
    clock.advance((realNow - clock.now()) / 1000);
  });
});
