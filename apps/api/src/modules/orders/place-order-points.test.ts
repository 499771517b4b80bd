import { randomUUID } from 'node:crypto';
import { order as orderContract } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { type FakeYooKassa, startFakeYooKassa } from '../../test/fakes/yookassa.ts';
import { codeOf, newPerson, orderBody, orderTables, type Person, place } from '../../test/orders-kit.ts';
import { PAYER, readOrderAs, rowsOf } from '../../test/payments-kit.ts';
import { adjustPoints, ledgerOf, programOn } from '../../test/points-pricing-kit.ts';
import { DAY, line, POINTS } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { createsWithKey, restaurantOnYooKassa, yookassaEnv } from '../../test/yookassa-kit.ts';

/**
 * Placing an order that spends points (decision 55) with the demo program on: the quote's points are the
 * points placed and held, a balance that fell since the preflight refuses with the new preflight, two
 * placements of one person at once never spend the same points, and an online order's receipt adds up to
 * the money paid. Restaurant 1 is on the fake YooKassa (its create call carries the receipt).
 */
let fake: FakeYooKassa;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);

beforeAll(async () => {
  fake = await startFakeYooKassa();
  ({ app, database, close } = await createTestApp({ now: clock.now, env: yookassaEnv(fake) }));
  await restaurantOnYooKassa(database.db, app);
  await programOn(database.db, undefined, DAY);
});
afterAll(async () => {
  await close?.();
  await fake?.close();
});

/** 1000 ₽ of dishes: two nigiri (290 ₽) and a vegetable wok (420 ₽, its free noodles). */
const THOUSAND = [line(16, 2), line(32, 1, { modifiers: [{ id: 12, modifierId: 4, count: 1 }] })];

async function personWith(points: number): Promise<Person> {
  const who = await newPerson(app, database.db);
  await adjustPoints(database.db, who.personId, points, clock.now());
  return who;
}

const balanceOf = async (who: Person) =>
  (await ledgerOf(database.db, who.personId)).reduce((total, row) => total + row.amount, 0);

const spending = (app: StorefrontApp, who: Person, points: number, extra: Record<string, unknown> = {}) =>
  orderBody(app, who, { positions: THOUSAND, bonusToSpend: points, ...extra });

describe('placing an order that spends points', () => {
  it("places the quote's points: the order's spend and earn, the lines' shares, and the hold", async () => {
    const anna = await personWith(100_000);
    const response = await place(app, anna, await spending(app, anna, 20_000));
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = orderContract.parse(response.json());
    expect(order).toMatchObject({
      sum: 100_000,
      discount: 0,
      payable: 80_000,
      bonus: { spent: 20_000, earn: 4_000, earnedAt: null },
    });
    expect(order.lines.reduce((total, l) => total + l.bonusDiscount, 0)).toBe(20_000);
    expect(order.lines.reduce((total, l) => total + l.payableAmount, 0)).toBe(80_000);
    expect(await ledgerOf(database.db, anna.personId)).toEqual([
      { kind: 'adjusted', amount: 100_000, order_id: null },
      { kind: 'held', amount: -20_000, order_id: order.id },
    ]);
    const [row] = await rowsOf<{ bonus_spent: number; bonus_earn: number }>(
      database.db,
      sql`select bonus_spent, bonus_earn from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ bonus_spent: 20_000, bonus_earn: 4_000 });
    // The next preflight sees what is left.
    const next = await spending(app, anna, 0);
    expect(next.quote).toBeTypeOf('string');
    expect(await balanceOf(anna)).toBe(80_000);
  });

  it('writes nothing of points for an order that spends none, and promises 5 % of the money for dishes', async () => {
    const boris = await personWith(10_000);
    const response = await place(
      app,
      boris,
      await spending(app, boris, 0, {
        deliveryType: 'DELIVERY',
        location: POINTS.zone1,
        address: 'Казань, ул. Баумана, 1',
      }),
    );
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    // 1000 ₽ of dishes and 150 ₽ of delivery: 50 ₽, not 57.
    expect(response.json()).toMatchObject({ payable: 115_000, bonus: { spent: 0, earn: 5_000 } });
    expect((await ledgerOf(database.db, boris.personId)).map((r) => r.kind)).toEqual(['adjusted']);
  });

  it('refuses points other than the quoted ones with 409 and the new preflight', async () => {
    const anna = await personWith(100_000);
    const body = await spending(app, anna, 10_000);
    const response = await place(app, anna, { ...body, bonusToSpend: 20_000 });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('order.price-changed');
    expect(response.json().preflight.bonus).toMatchObject({ spent: 20_000 });
    expect(await balanceOf(anna)).toBe(100_000);
  });

  it('refuses with 422 bonus.more-than-balance and the new preflight when the balance fell since; nothing written', async () => {
    const anna = await personWith(20_000);
    const body = await spending(app, anna, 20_000);
    await adjustPoints(database.db, anna.personId, -10_000, clock.now());
    const before = await orderTables(database.db);
    const response = await place(app, anna, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(422);
    expect(codeOf(response)).toBe('bonus.more-than-balance');
    expect(response.json().preflight).toMatchObject({
      payable: 100_000,
      bonus: { balance: 10_000, spendable: 10_000, spent: 0 },
    });
    expect(await orderTables(database.db)).toEqual(before);
    expect((await ledgerOf(database.db, anna.personId)).map((r) => r.kind)).toEqual(['adjusted', 'adjusted']);
  });

  it('never spends the same points twice: placements of one person at once, one placed, the others refused', async () => {
    const anna = await personWith(20_000);
    // One cart quoted on the whole balance, placed four times at once under four keys.
    const body = await spending(app, anna, 20_000);
    const responses = await Promise.all([1, 2, 3, 4].map(() => place(app, anna, body, randomUUID())));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const refused of responses.filter((r) => r.statusCode === 422))
      expect(codeOf(refused)).toBe('bonus.more-than-balance');
    const ledger = await ledgerOf(database.db, anna.personId);
    expect(ledger.filter((r) => r.kind === 'held')).toHaveLength(1);
    expect(await balanceOf(anna)).toBe(0);
  });

  it('shows when a done order earned its points', async () => {
    const anna = await personWith(100_000);
    const placed = (await place(app, anna, await spending(app, anna, 20_000))).json() as { id: number };
    const earnedAt = new Date(DAY + 3_600_000);
    await database.db.execute(sql`update orders set status = 'done' where id = ${placed.id}`);
    await database.db.execute(
      sql`insert into bonus_ledger (white_label_id, person_id, kind, amount, order_id, created_at)
          values ('demo', ${anna.personId}, 'earned', 4000, ${placed.id}, ${earnedAt.toISOString()})`,
    );
    const order = await readOrderAs(app, anna, placed.id);
    expect((order as unknown as { bonus: unknown }).bonus).toEqual({
      spent: 20_000,
      earn: 4_000,
      earnedAt: earnedAt.toISOString(),
    });
  });
});

describe('the receipt of an online order paid partly in points', () => {
  it('sends YooKassa items that add up to the money paid, the points spread over the dishes', async () => {
    const anna = await personWith(100_000);
    const body = await spending(app, anna, 20_000, { payType: 'CARD_ONLINE' });
    const response = await place(app, anna, { ...body, person: PAYER });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const placed = response.json() as { id: number; payable: number };
    expect(placed.payable).toBe(80_000);
    const [create] = createsWithKey(fake, `order-${placed.id}-1`);
    expect(create?.headers.authorization).toContain('Basic');
    const sent = JSON.parse(create?.body ?? '{}') as {
      amount: { value: string };
      receipt: { items: { quantity: number; amount: { value: string } }[] };
    };
    expect(sent.amount.value).toBe('800.00');
    const items = sent.receipt.items.reduce(
      (total, item) => total + item.quantity * Math.round(Number(item.amount.value) * 100),
      0,
    );
    expect(items).toBe(80_000);
  });
});
