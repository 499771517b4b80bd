import { preflightResponse } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { newPerson } from '../../test/orders-kit.ts';
import { adjustPoints, programOn } from '../../test/points-pricing-kit.ts';
import { cart, DAY, line, NIGHT, POINTS, priced } from '../../test/preflight-kit.ts';
import {
  CHOPSTICKS,
  freeCondimentsOn,
  GINGER,
  giftPromotion,
  menuAddOns,
  RAMUNE,
  SAKE,
  SOY,
  sellingOff,
} from '../../test/selling-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * The preflight's selling (decision 56), anonymous and signed in, against the demo chain's restaurant 1 (menus 1
 * and 2; the bar, menu 2, is take-away only): the brand's free condiments by persons, the gift promotions above a
 * sum, and the add-ons of the menus' lists and of 'often ordered with'. None of them changes a sum.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let nowMs = DAY;
const clock = {
  now: () => nowMs,
  set: (ms: number) => {
    nowMs = ms;
  },
};

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
});
afterAll(async () => close?.());
afterEach(async () => {
  clock.set(DAY);
  await sellingOff(app, database.db);
});

const DELIVERY = { deliveryType: 'DELIVERY', location: POINTS.zone1, address: 'ул. Баумана, 1' };

async function answer(body: Record<string, unknown>, options: Parameters<typeof priced>[2] = {}) {
  const json = await priced(app, cart(body), options);
  return preflightResponse.parse(json);
}

describe('free condiments by persons', () => {
  it('answers perPerson × persons of each condiment at 0 ₽, never in positions, changing no sum', async () => {
    const before = await answer({ personCount: 3 });
    await freeCondimentsOn(app, database.db, [
      { positionId: CHOPSTICKS, perPerson: 2 },
      { positionId: SOY, perPerson: 1 },
    ]);
    const after = await answer({ personCount: 3 });
    expect(after.freeLines).toEqual([
      { id: CHOPSTICKS, menu: { id: 1 }, count: 6, perPerson: 2, personCount: 3 },
      { id: SOY, menu: { id: 1 }, count: 3, perPerson: 1, personCount: 3 },
    ]);
    expect(after.positions).toEqual(before.positions);
    for (const field of ['sum', 'discount', 'payable', 'positionsCount', 'problems'] as const)
      expect(after[field]).toEqual(before[field]);
    expect(after.quote).not.toBe(before.quote);
    // No person count: one person.
    expect((await answer({})).freeLines.map((l) => [l.id, l.count])).toEqual([
      [CHOPSTICKS, 2],
      [SOY, 1],
    ]);
  });

  it('prices the customer’s own soy sauce as an extra, and leaves out a condiment not orderable here now', async () => {
    await freeCondimentsOn(app, database.db, [
      { positionId: SOY, perPerson: 1 },
      { positionId: RAMUNE, perPerson: 1 },
      { positionId: GINGER, perPerson: 1 },
    ]);
    await database.db.execute(
      sql`insert into resto_stop_list (resto_id, position_id, local_date, created_at) values (1, ${GINGER}, '2026-11-25', now())`,
    );
    await app.availability.load();
    try {
      const own = await answer({ positions: [line(1, 2), line(SOY, 2)], personCount: 2 });
      expect(own.sum).toBe(2 * 69_000 + 2 * 3_000);
      // The bar's drink is take-away only: given with a take-away order, not with a delivery.
      expect(own.freeLines.map((l) => [l.id, l.menu.id, l.count])).toEqual([
        [SOY, 1, 2],
        [RAMUNE, 2, 2],
      ]);
      const delivered = await answer({ ...DELIVERY, personCount: 2 });
      expect(delivered.freeLines.map((l) => l.id)).toEqual([SOY]);
    } finally {
      await database.db.execute(sql`delete from resto_stop_list where position_id = ${GINGER}`);
      await app.availability.load();
    }
  });
});

describe('the gift above a sum', () => {
  it('answers null when no gift promotion runs here, and the public promotions answer the gift', async () => {
    expect((await answer({})).gift).toBeNull();
    const elsewhere = await giftPromotion(app, database.db, {
      minSum: 100_000,
      positionIds: [8],
      restoIds: [2],
    });
    expect((await answer({})).gift).toBeNull();
    const listed = await app.inject({ method: 'GET', url: '/1/restos/2/promotions' });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ id: elsewhere, gift: { minSum: 100_000, positionIds: [8] } }),
    );
  });

  it('shows the amount left below the threshold, gives the first option at it, and the chosen one', async () => {
    const id = await giftPromotion(app, database.db, { minSum: 200_000, positionIds: [8, 22] });
    const below = await answer({ positions: [line(1, 2)] });
    expect(below.gift).toEqual({
      promotionId: null,
      title: null,
      minSum: null,
      positionId: null,
      menuId: null,
      options: [],
      withheld: null,
      withheldMessage: null,
      next: {
        promotionId: id,
        title: { ru: 'Подарок к заказу', en: 'A gift with the order' },
        minSum: 200_000,
        amountLeft: 62_000,
      },
    });
    const reached = await answer({ positions: [line(1, 3)] });
    expect(reached.gift).toMatchObject({
      promotionId: id,
      minSum: 200_000,
      positionId: 8,
      menuId: 1,
      options: [
        { id: 8, menu: { id: 1 } },
        { id: 22, menu: { id: 1 } },
      ],
      withheld: null,
      next: null,
    });
    expect(reached.positions).toHaveLength(1);
    expect(reached.payable).toBe(207_000);
    expect((await answer({ positions: [line(1, 3)], giftPositionId: 22 })).gift?.positionId).toBe(22);
    // Not an option: the first.
    expect((await answer({ positions: [line(1, 3)], giftPositionId: 1 })).gift?.positionId).toBe(8);
  });

  it('is withheld, not a problem, with a promo code unless the promotion mixes with one', async () => {
    await giftPromotion(app, database.db, { minSum: 150_000, positionIds: [8] });
    const withCode = await answer({ positions: [line(1, 3)], promoCode: 'WELCOME10' }, { locale: 'ru' });
    expect(withCode.promoCode?.active).toBe(true);
    expect(withCode.gift).toMatchObject({
      positionId: null,
      withheld: 'gift.not-with-promo-code',
      withheldMessage: 'Подарок не суммируется с промокодом',
    });
    expect(withCode.problems).toEqual([]);
    await sellingOff(app, database.db);
    await giftPromotion(app, database.db, { minSum: 150_000, positionIds: [8], withPromoCode: true });
    // 2070 ₽ − 10 % (at most 500 ₽) = 1863 ₽: still above 1500 ₽.
    const mixing = await answer({ positions: [line(1, 3)], promoCode: 'WELCOME10' });
    expect(mixing.gift).toMatchObject({ positionId: 8, withheld: null });
  });

  it('is judged after the promo code: a code taking the sum below the threshold shows what is left', async () => {
    await giftPromotion(app, database.db, { minSum: 200_000, positionIds: [8], withPromoCode: true });
    const cut = await answer({ positions: [line(1, 3)], promoCode: 'WELCOME10' });
    expect(cut.gift).toMatchObject({ positionId: null, next: { amountLeft: 200_000 - (207_000 - 20_700) } });
  });

  it('signed in: withheld when points pay part of the order and the promotion does not mix; free lines and add-ons as anonymous', async () => {
    await programOn(database.db, undefined, DAY);
    await giftPromotion(app, database.db, { minSum: 150_000, positionIds: [8], withBonus: false });
    const who = await newPerson(app, database.db);
    await adjustPoints(database.db, who.personId, 50_000, DAY);
    const options = { personId: who.personId, token: who.token };
    const spending = await answer({ positions: [line(1, 3)], bonusToSpend: 10_000 }, options);
    expect(spending.bonus?.spent).toBe(10_000);
    expect(spending.gift).toMatchObject({ positionId: null, withheld: 'gift.not-with-bonus' });
    expect(spending.problems).toEqual([]);
    const notSpending = await answer({ positions: [line(1, 3)] }, options);
    expect(notSpending.gift).toMatchObject({ positionId: 8, withheld: null });
    // The person's preflight answers free lines and add-ons as the anonymous one does.
    await freeCondimentsOn(app, database.db, [{ positionId: CHOPSTICKS, perPerson: 1 }]);
    await menuAddOns(app, database.db, 1, [SOY]);
    const signedIn = await answer({ positions: [line(1, 3)], personCount: 4 }, options);
    expect(signedIn.freeLines).toEqual([
      { id: CHOPSTICKS, menu: { id: 1 }, count: 4, perPerson: 1, personCount: 4 },
    ]);
    expect(signedIn.addOns).toEqual([{ id: SOY, menu: { id: 1 }, reason: 'listed' }]);
    expect(signedIn.gift).toMatchObject({ positionId: 8 });
  });
});

describe('add-ons', () => {
  it('offers the menus’ lists in menu order, leaving out the cart’s, the other method’s, the out-of-slot and 18+', async () => {
    await menuAddOns(app, database.db, 1, [SOY, 28, CHOPSTICKS]);
    await menuAddOns(app, database.db, 2, [RAMUNE, SAKE]);
    const ids = (a: { addOns: { id: number }[] }) => a.addOns.map((addOn) => addOn.id);
    const takeAway = await answer({ positions: [line(1, 1), line(CHOPSTICKS, 1)] });
    expect(takeAway.addOns).toEqual([
      { id: SOY, menu: { id: 1 }, reason: 'listed' },
      { id: 28, menu: { id: 1 }, reason: 'listed' },
      { id: RAMUNE, menu: { id: 2 }, reason: 'listed' },
    ]);
    expect(ids(await answer({ adultConfirmed: true }))).toEqual([SOY, 28, CHOPSTICKS, RAMUNE, SAKE]);
    expect(ids(await answer({ ...DELIVERY, adultConfirmed: true }))).toEqual([SOY, 28, CHOPSTICKS]);
    // The business lunch is sold 11:00–16:00 on weekdays; restaurant 3 (menu 1 only) takes orders round the clock.
    clock.set(NIGHT);
    const night = await answer({ preOrderAt: null, restoId: 3 });
    expect(ids(night)).toEqual([SOY, CHOPSTICKS]);
  });

  it('adds what is often ordered with the cart below the lists, and never changes the price', async () => {
    await menuAddOns(app, database.db, 1, [SOY]);
    await database.db.execute(sql`insert into position_pairs (resto_id, position_id, with_position_id, orders, computed_at)
      values (1, 1, 16, 9, now()), (1, 1, ${SOY}, 7, now()), (1, 1, 41, 4, now()), (1, 3, 16, 2, now())`);
    await app.pairs.load();
    try {
      const withPairs = await answer({ positions: [line(1, 1), line(3, 1)] });
      expect(withPairs.addOns).toEqual([
        { id: SOY, menu: { id: 1 }, reason: 'listed' },
        { id: 16, menu: { id: 1 }, reason: 'often' },
        { id: 41, menu: { id: 1 }, reason: 'often' },
      ]);
      await menuAddOns(app, database.db, 1, []);
      const without = await answer({ positions: [line(1, 1), line(3, 1)] });
      expect(without.payable).toBe(withPairs.payable);
    } finally {
      await database.db.execute(sql`delete from position_pairs`);
      await app.pairs.load();
    }
  });
});
