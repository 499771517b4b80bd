import { type PreflightResponse, preflightResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson, type Person } from '../../test/orders-kit.ts';
import { adjustPoints, programOn } from '../../test/points-pricing-kit.ts';
import { cart, DAY, line, POINTS, preflight } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * Points in the preflight on the demo chain (decision 55) with the demo program on (earn 5 %, spend up to 20 %
 * of the dishes after a promo code, promo codes and points don't mix): the share's edges, the balance, the
 * refusals, and what an order would earn.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  await programOn(database.db, undefined, DAY);
});
afterAll(() => close());

/** 1000 ₽ of dishes: two nigiri (290 ₽) and a vegetable wok (420 ₽, its free noodles). */
const THOUSAND = [line(16, 2), line(32, 1, { modifiers: [{ id: 12, modifierId: 4, count: 1 }] })];

async function personWith(points: number): Promise<Person> {
  const who = await newPerson(app, database.db);
  if (points !== 0) await adjustPoints(database.db, who.personId, points, DAY);
  return who;
}

async function pricedAs(who: Person | null, body: Record<string, unknown>, locale = 'ru') {
  const response = await preflight(
    app,
    cart({ positions: THOUSAND, ...body }),
    who ? { personId: who.personId, token: who.token, locale } : { locale },
  );
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  const answer = preflightResponse.parse(response.json());
  // The lines always add up to what is paid for the dishes, points counted.
  expect(answer.positions.reduce((total, p) => total + p.payableAmount, 0)).toBe(
    answer.payable - answer.deliveryPrice,
  );
  return answer;
}

const codes = (answer: PreflightResponse) => answer.problems.map((p) => p.code);

describe('points in the preflight', () => {
  it('spends exactly 20 % of a 1000 ₽ cart: a "Баллы" discount of the lines, earning on the money left', async () => {
    const anna = await personWith(100_000);
    const answer = await pricedAs(anna, { bonusToSpend: 20_000 });
    expect(answer).toMatchObject({
      sum: 100_000,
      discount: 0,
      payable: 80_000,
      problems: [],
      // 5 % of the 800 ₽ paid in money.
      bonus: { balance: 100_000, spendable: 20_000, spent: 20_000, earn: 4_000, earnPercent: 5 },
    });
    const discounts = answer.positions.flatMap((p) => p.discounts);
    expect(discounts.every((d) => d.code === 'bonus' && d.name === 'Баллы')).toBe(true);
    expect(discounts.reduce((total, d) => total + d.amount, 0)).toBe(20_000);
    expect(answer.positions.map((p) => p.promoCodes)).toEqual([[], []]);
    const english = await pricedAs(anna, { bonusToSpend: 20_000 }, 'en');
    expect(english.positions[0]?.discounts[0]?.name).toBe('Points');
  });

  it('refuses a point past 20 % with its limit, a part of a point, and 300 ₽, spending nothing', async () => {
    const anna = await personWith(100_000);
    for (const [asked, code] of [
      [20_100, 'bonus.over-limit'],
      [20_050, 'bonus.not-whole'],
      [30_000, 'bonus.over-limit'],
    ] as const) {
      const answer = await pricedAs(anna, { bonusToSpend: asked });
      expect(codes(answer), String(asked)).toEqual([code]);
      expect(answer).toMatchObject({ payable: 100_000, bonus: { spent: 0, spendable: 20_000 } });
      expect(answer.positions.every((p) => p.discounts.length === 0)).toBe(true);
      if (code === 'bonus.over-limit') {
        expect(answer.problems[0]).toMatchObject({ limit: 20_000 });
        expect(answer.problems[0]?.message).toMatch(/не больше 200/);
      }
    }
  });

  it('lets a balance below the share be spent whole, and refuses more than the balance', async () => {
    const boris = await personWith(15_000);
    const fits = await pricedAs(boris, { bonusToSpend: 15_000 });
    expect(fits).toMatchObject({
      payable: 85_000,
      problems: [],
      bonus: { spendable: 15_000, spent: 15_000 },
    });
    const more = await pricedAs(boris, { bonusToSpend: 16_000 });
    expect(codes(more)).toEqual(['bonus.more-than-balance']);
    expect(more).toMatchObject({ payable: 100_000, bonus: { balance: 15_000, spendable: 15_000, spent: 0 } });
    const none = await pricedAs(await personWith(0), {});
    expect(none.bonus).toEqual({ balance: 0, spendable: 0, spent: 0, earn: 5_000, earnPercent: 5 });
  });

  it('refuses a negative or fractional amount as a malformed request naming the field', async () => {
    const anna = await personWith(100_000);
    for (const bonusToSpend of [-100, 1.5, '100']) {
      const response = await preflight(app, cart({ positions: THOUSAND, bonusToSpend }), {
        personId: anna.personId,
        token: anna.token,
      });
      expect(response.statusCode, String(bonusToSpend)).toBe(400);
      const errors = response.json().errors as { code: string; field: string }[];
      expect(errors[0]).toMatchObject({ code: 'request.invalid', field: 'bonusToSpend' });
    }
  });

  it('does not mix points with an applied promo code on the demo rules, nor earns with one', async () => {
    const anna = await personWith(100_000);
    const answer = await pricedAs(anna, { promoCode: 'WELCOME10', bonusToSpend: 10_000 });
    expect(codes(answer)).toEqual(['bonus.not-with-promo-code']);
    expect(answer).toMatchObject({
      discount: 10_000,
      payable: 90_000,
      bonus: { spendable: 0, spent: 0, earn: 0 },
    });
  });

  it('asks an anonymous cart to sign in, and still says what an order would earn', async () => {
    const answer = await pricedAs(null, { bonusToSpend: 10_000 });
    expect(codes(answer)).toEqual(['bonus.sign-in-required']);
    expect(answer).toMatchObject({ payable: 100_000 });
    expect(answer.bonus).toEqual({ balance: null, spendable: 0, spent: 0, earn: 5_000, earnPercent: 5 });
    expect(codes(await pricedAs(null, {}))).toEqual([]);
  });

  it('earns on the money for dishes only: not on delivery, not on points; the band stays on the order value', async () => {
    const anna = await personWith(100_000);
    // Zone 1: 1000–2000 ₽ pays 150 ₽ delivery; 200 ₽ in points would not bring it under 1000 ₽ (250 ₽).
    const answer = await pricedAs(anna, {
      deliveryType: 'DELIVERY',
      location: POINTS.zone1,
      address: 'Казань, ул. Баумана, 1',
      bonusToSpend: 20_000,
    });
    expect(answer).toMatchObject({
      deliveryPrice: 15_000,
      payable: 100_000 - 20_000 + 15_000,
      problems: [],
      bonus: { spent: 20_000, earn: 4_000 },
    });
  });
});
