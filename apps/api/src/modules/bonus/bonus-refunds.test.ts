import { type BonusProgram, DEMO_BONUS_PROGRAM, nextStaffStatus, type OrderStatus } from '@storefront/domain';
import { staffRefundResponse } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { paymentRefunds } from '../../db/schema.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode, orderMove, staffCall } from '../../test/board-kit.ts';
import { newPerson, type Person } from '../../test/orders-kit.ts';
import { demoForm, demoIdOf, placeOnline, readOrderAs } from '../../test/payments-kit.ts';
import { adjustPoints, programOn } from '../../test/points-pricing-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { grantWelcomeBonus, ledgerEntries } from './index.ts';

/**
 * Refunds of done orders and their points (decision 55), on the demo payment engine: a partial refund gives back
 * its share of the spent points and takes its share of the earned ones, the rest of the money the rest, adding
 * up exactly; the refund's rules (done, paid online, no more than is left, managers and owners). Also the welcome
 * gift (once) and the tier reached at exactly its fromPaid.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
let manager: number;
let operator: number;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  await programOn(database.db, DEMO_BONUS_PROGRAM, DAY);
  manager = await addTestStaff(database.db, { login: 'refund-manager', role: 'manager' });
  operator = await addTestStaff(database.db, { login: 'refund-op', role: 'operator', restoIds: [1] });
});
afterAll(() => close());

/** 1000 ₽ of dishes. */
const THOUSAND = [line(16, 2), line(32, 1, { modifiers: [{ id: 12, modifierId: 4, count: 1 }] })];

async function paidOnline(who: Person, points: number) {
  const placed = await placeOnline(app, who, { positions: THOUSAND, bonusToSpend: points });
  expect((await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' })).statusCode).toBe(
    303,
  );
  expect((await readOrderAs(app, who, placed.id)).paymentStatus).toBe('paid');
  return placed;
}

async function toDone(orderId: number) {
  expect((await orderMove(app, operator, orderId, 'accept', {})).statusCode).toBe(200);
  let from: OrderStatus = 'accepted';
  for (let next = nextStaffStatus(from, 'TAKE_AWAY'); next; next = nextStaffStatus(from, 'TAKE_AWAY')) {
    expect((await orderMove(app, operator, orderId, 'move', { from, to: next })).statusCode).toBe(200);
    from = next;
    if (next === 'done') break;
  }
}

const refund = (staffId: number, orderId: number, amount: number) =>
  staffCall(app, staffId, 'POST', `/api/v1/staff/orders/${orderId}/refunds`, { amount });

const rowsOf = async (who: Person) =>
  (await ledgerEntries(database.db, 'demo', who.personId)).map((row) => `${row.kind} ${row.amount}`);

describe('a refund of a done order', () => {
  it('moves the points in proportion, and the parts add up to the whole', async () => {
    const anna = await newPerson(app, database.db);
    await adjustPoints(database.db, anna.personId, 20_000, clock.now());
    const placed = await paidOnline(anna, 20_000);
    expect(placed.payable).toBe(80_000);

    const early = await refund(manager, placed.id, 10_000);
    expect([early.statusCode, errorCode(early)]).toEqual([422, 'payment.refund-order-not-done']);
    await toDone(placed.id);
    expect(await rowsOf(anna)).toEqual(['adjusted 20000', 'held -20000', 'earned 4000']);

    const byOperator = await refund(operator, placed.id, 10_000);
    expect(byOperator.statusCode).toBe(403);
    const tooMuch = await refund(manager, placed.id, 80_001);
    expect([tooMuch.statusCode, errorCode(tooMuch)]).toEqual([422, 'payment.refund-amount-invalid']);

    const half = await refund(manager, placed.id, 40_000);
    expect(half.statusCode, half.body.slice(0, 300)).toBe(200);
    expect(staffRefundResponse.parse(half.json())).toMatchObject({ amount: 40_000, refundable: 40_000 });
    // Half the money: half the 200 points spent come back, half the 40 earned go.
    expect(await rowsOf(anna)).toEqual([
      'adjusted 20000',
      'held -20000',
      'earned 4000',
      'refund-return 10000',
      'refund-clawback -2000',
    ]);
    const rest = await refund(manager, placed.id, 40_000);
    expect(rest.statusCode, rest.body.slice(0, 300)).toBe(200);
    expect(staffRefundResponse.parse(rest.json()).refundable).toBe(0);
    const rows = await ledgerEntries(database.db, 'demo', anna.personId);
    expect(rows.filter((row) => row.kind === 'refund-return').reduce((t, r) => t + r.amount, 0)).toBe(20_000);
    expect(rows.filter((row) => row.kind === 'refund-clawback').reduce((t, r) => t + r.amount, 0)).toBe(
      -4_000,
    );
    expect(rows.reduce((total, row) => total + row.amount, 0)).toBe(20_000);
    expect((await readOrderAs(app, anna, placed.id)).paymentStatus).toBe('refunded');
    // Each part's 54-FZ receipt adds up to the part (YooKassa refuses one that does not).
    const refunds = await database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, placed.id));
    expect(refunds.map((r) => [r.reason, r.amount])).toEqual([
      ['partial', 40_000],
      ['partial', 40_000],
    ]);
    for (const r of refunds)
      expect(r.receipt?.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0)).toBe(r.amount);
    const none = await refund(manager, placed.id, 100);
    expect([none.statusCode, errorCode(none)]).toEqual([422, 'payment.refund-amount-invalid']);
  });

  it('never takes the balance below zero to claw earned points back', async () => {
    const boris = await newPerson(app, database.db);
    const placed = await paidOnline(boris, 0);
    await toDone(placed.id);
    expect(await rowsOf(boris)).toEqual(['earned 5000']);
    // The points are spent elsewhere.
    await adjustPoints(database.db, boris.personId, -4_000, clock.now());
    const whole = await refund(manager, placed.id, 100_000);
    expect(whole.statusCode, whole.body.slice(0, 300)).toBe(200);
    expect(await rowsOf(boris)).toEqual(['earned 5000', 'adjusted -4000', 'refund-clawback -1000']);
  });
});

describe('the welcome gift and the tiers', () => {
  it('gives the welcome bonus once', async () => {
    await programOn(database.db, { ...DEMO_BONUS_PROGRAM, welcomeBonus: 30_000 } as BonusProgram, DAY);
    const vera = await newPerson(app, database.db);
    await database.db.transaction((tx) => grantWelcomeBonus(tx, 'demo', vera.personId, clock.now()));
    await database.db.transaction((tx) => grantWelcomeBonus(tx, 'demo', vera.personId, clock.now()));
    expect(await rowsOf(vera)).toEqual(['welcome 30000']);
    await programOn(database.db, DEMO_BONUS_PROGRAM, DAY);
  });

  it('earns the tier reached at exactly its fromPaid', async () => {
    const gleb = await newPerson(app, database.db);
    const first = await paidOnline(gleb, 0);
    await toDone(first.id);
    // 1000 ₽ paid for dishes in the period: exactly the second level's fromPaid.
    const tiered: BonusProgram = {
      ...DEMO_BONUS_PROGRAM,
      tiers: {
        periodDays: 30,
        levels: [
          { fromPaid: 0 as BonusProgram['welcomeBonus'], earnPercent: 5 },
          { fromPaid: 100_000 as BonusProgram['welcomeBonus'], earnPercent: 10 },
        ],
      },
    };
    await programOn(database.db, tiered, DAY);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/persons/${gleb.personId}/bonus`,
      headers: { authorization: `Bearer ${await app.authentication.tokens.sign(gleb.personId)}` },
    });
    expect(answer.json()).toMatchObject({ earnPercent: 10 });
    const second = await paidOnline(gleb, 0);
    expect((await readOrderAs(app, gleb, second.id)) as unknown).toMatchObject({ bonus: { earn: 10_000 } });
    await programOn(database.db, DEMO_BONUS_PROGRAM, DAY);
  });
});
