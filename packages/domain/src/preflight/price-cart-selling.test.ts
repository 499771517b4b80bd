import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_BONUS_PROGRAM } from '../bonus/bonus-program.ts';
import type { PreflightRequest } from '../contracts/preflight.ts';
import { minor } from '../money/money.ts';
import type { GiftPromotion } from '../selling/gift-rules.ts';
import {
  BOWL,
  FOREIGN,
  foundPromo,
  LUNCH,
  line,
  MENU_BOTH,
  MENU_TAKE_AWAY,
  makePricingCatalog,
  makePricingRequest,
  PICKUP_ONLY,
  PRICING_RESTO_ID,
  ROLL,
  WEDNESDAY_LUNCH_MS,
} from '../testing/pricing-fixtures.ts';
import { PERSON_COUNT_MAX } from './preflight-limits.ts';
import { type PricingCatalog, type PricingInput, priceCart } from './price-cart.ts';

/** Wednesday 17:00 Moscow: open, the lunch dish (104) out of its 11:00–16:00 slot. */
const WEDNESDAY_EVENING_MS = Date.parse('2026-11-25T17:00:00+03:00');
const DAY_START_MS = Date.parse('2026-11-25T00:00:00+03:00');

/** Condiments: 105 chopsticks, 106 soy sauce (both menu 10), 107 ginger (stopped today), 108 (take-away menu). */
const CHOPSTICKS = 105;
const SOY = 106;
const GINGER = 107;
const WASABI_TO_GO = 108;
/** 109: an 18+ drink. */
const BEER = 109;

const base = makePricingCatalog();
const catalog: PricingCatalog = {
  ...base,
  positions: new Map([
    ...base.positions,
    [CHOPSTICKS, { id: CHOPSTICKS, menu: { id: MENU_BOTH }, price: minor(1_000) }],
    [SOY, { id: SOY, menu: { id: MENU_BOTH }, price: minor(3_000) }],
    [GINGER, { id: GINGER, menu: { id: MENU_BOTH }, price: minor(3_000) }],
    [WASABI_TO_GO, { id: WASABI_TO_GO, menu: { id: MENU_TAKE_AWAY }, price: minor(3_000) }],
    [BEER, { id: BEER, menu: { id: MENU_BOTH }, price: minor(25_000) }],
  ]),
  stopList: { dayStartMs: DAY_START_MS, positionIds: new Set([GINGER]) },
  adultIds: new Set([BEER]),
};

const ALL = [ROLL, BOWL, PICKUP_ONLY, LUNCH, FOREIGN, CHOPSTICKS, SOY, GINGER, WASABI_TO_GO, BEER, 999];
/** What a delivery at lunch on Wednesday can order: not 103/108 (take-away), 201 (another's), 107 (stopped), 999. */
const ORDERABLE_DELIVERY_AT_LUNCH = new Set([ROLL, BOWL, LUNCH, CHOPSTICKS, SOY, BEER]);

function gift(overrides: Partial<GiftPromotion> = {}): GiftPromotion {
  return {
    id: 1,
    minSum: minor(100_000),
    positionIds: [SOY, CHOPSTICKS],
    withPromoCode: false,
    withBonus: true,
    restoIds: [],
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

function price(
  request: Partial<PreflightRequest>,
  extra: Partial<PricingInput> = {},
  catalogOverrides: Partial<PricingCatalog> = {},
  nowMs = WEDNESDAY_LUNCH_MS,
) {
  return priceCart(
    { ...catalog, ...catalogOverrides },
    { request: makePricingRequest(request), promo: { kind: 'none' }, nowMs, ...extra },
  );
}

describe('priceCart: free condiments by persons', () => {
  const condiments = [
    { positionId: CHOPSTICKS, perPerson: 2 },
    { positionId: SOY, perPerson: 1 },
    { positionId: GINGER, perPerson: 1 },
    { positionId: WASABI_TO_GO, perPerson: 1 },
  ];

  it('adds perPerson × persons of each orderable condiment, with its menu, changing no sum', () => {
    const without = price({ personCount: 3 });
    const cart = price({ personCount: 3 }, { freeCondiments: condiments });
    expect(cart.freeLines).toEqual([
      { positionId: CHOPSTICKS, menuId: MENU_BOTH, count: 6, perPerson: 2, personCount: 3 },
      { positionId: SOY, menuId: MENU_BOTH, count: 3, perPerson: 1, personCount: 3 },
    ]);
    expect(cart.lines).toEqual(without.lines);
    expect({ sum: cart.sum, payable: cart.payable, band: cart.band, problems: cart.problems }).toEqual({
      sum: without.sum,
      payable: without.payable,
      band: without.band,
      problems: without.problems,
    });
  });

  it('counts one person when none is given, and takes the take-away menu for take-away', () => {
    expect(price({}, { freeCondiments: condiments }).freeLines.map((l) => [l.positionId, l.count])).toEqual([
      [CHOPSTICKS, 2],
      [SOY, 1],
    ]);
    const takeAway = price({ deliveryType: 'TAKE_AWAY', personCount: 2 }, { freeCondiments: condiments });
    expect(takeAway.freeLines.map((l) => [l.positionId, l.menuId, l.count])).toEqual([
      [CHOPSTICKS, MENU_BOTH, 4],
      [SOY, MENU_BOTH, 2],
      [WASABI_TO_GO, MENU_TAKE_AWAY, 2],
    ]);
  });

  it('prices the customer’s own lines of a condiment as paid extras', () => {
    const cart = price({ positions: [line(ROLL, 2), line(SOY, 2)] }, { freeCondiments: condiments });
    expect(cart.sum).toBe(70_000 + 6_000);
    expect(cart.freeLines.find((l) => l.positionId === SOY)?.count).toBe(1);
  });

  it('gives nothing with an empty cart', () => {
    expect(price({ positions: [] }, { freeCondiments: condiments }).freeLines).toEqual([]);
  });

  it('property: free lines follow persons exactly, for every orderable condiment and nothing else', () => {
    const condiment = fc.record({
      positionId: fc.constantFrom(...ALL),
      perPerson: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(condiment, { maxLength: 8, selector: (c) => c.positionId }),
        fc.integer({ min: 1, max: PERSON_COUNT_MAX }),
        (freeCondiments, persons) => {
          const cart = price({ personCount: persons }, { freeCondiments });
          const expected = freeCondiments
            .filter((c) => ORDERABLE_DELIVERY_AT_LUNCH.has(c.positionId))
            .map((c) => [c.positionId, c.perPerson * persons]);
          expect(cart.freeLines.map((l) => [l.positionId, l.count])).toEqual(expected);
          expect(cart.freeLines.every((l) => l.personCount === persons)).toBe(true);
        },
      ),
    );
  });
});

describe('priceCart: the gift above a sum', () => {
  it('answers null when no gift promotion runs here now', () => {
    expect(price({}).gift).toBeNull();
    expect(price({}, {}, { gifts: [gift({ restoIds: [99] })] }).gift).toBeNull();
    expect(price({}, {}, { gifts: [gift({ endsAt: WEDNESDAY_LUNCH_MS })] }).gift).toBeNull();
    // Its dishes cannot be ordered here (take-away only, stopped): nothing to give.
    expect(price({}, {}, { gifts: [gift({ positionIds: [WASABI_TO_GO, GINGER] })] }).gift).toBeNull();
  });

  it('below the threshold: the amount left to it; at it: the first orderable option, changing no sum', () => {
    const below = price({ positions: [line(ROLL, 2)] }, {}, { gifts: [gift()] });
    expect(below.gift).toMatchObject({ reached: null, given: null, withheld: null, options: [] });
    expect(below.gift?.next).toMatchObject({ promotion: { id: 1 }, amountLeft: 30_000 });
    const reached = price(
      { positions: [line(ROLL, 3)] },
      {},
      { gifts: [gift({ positionIds: [GINGER, SOY, CHOPSTICKS] })] },
    );
    expect(reached.gift).toMatchObject({
      reached: { id: 1 },
      given: { positionId: SOY, menuId: MENU_BOTH },
      options: [
        { positionId: SOY, menuId: MENU_BOTH },
        { positionId: CHOPSTICKS, menuId: MENU_BOTH },
      ],
      withheld: null,
      next: null,
    });
    expect(reached.sum).toBe(105_000);
    expect(reached.payable).toBe(price({ positions: [line(ROLL, 3)] }).payable);
  });

  it('honours the customer’s choice when it is an option, else gives the first', () => {
    const gifts = [gift()];
    const positions = [line(ROLL, 3)];
    expect(price({ positions, giftPositionId: CHOPSTICKS }, {}, { gifts }).gift?.given?.positionId).toBe(
      CHOPSTICKS,
    );
    expect(price({ positions, giftPositionId: ROLL }, {}, { gifts }).gift?.given?.positionId).toBe(SOY);
  });

  it('is judged on the dishes after the promo code, and withheld by a code unless the promotion mixes', () => {
    const positions = [line(ROLL, 3)];
    const promo = foundPromo({ value: 10 });
    const afterCode = priceCart(
      { ...catalog, gifts: [gift({ minSum: minor(100_000), withPromoCode: true })] },
      { request: makePricingRequest({ positions, promoCode: 'SUSHI10' }), promo, nowMs: WEDNESDAY_LUNCH_MS },
    );
    // 1050 ₽ − 10 % = 945 ₽: below 1000 ₽.
    expect(afterCode.gift).toMatchObject({ reached: null, next: { amountLeft: 5_500 } });
    const withheld = priceCart(
      { ...catalog, gifts: [gift({ minSum: minor(90_000) })] },
      { request: makePricingRequest({ positions, promoCode: 'SUSHI10' }), promo, nowMs: WEDNESDAY_LUNCH_MS },
    );
    expect(withheld.gift).toMatchObject({
      reached: { id: 1 },
      given: null,
      withheld: 'gift.not-with-promo-code',
    });
    expect(withheld.problems).toEqual([]);
  });

  it('is withheld when points pay part of the order and the promotion does not mix with them', () => {
    const cart = priceCart(
      { ...catalog, gifts: [gift({ withBonus: false })] },
      {
        request: makePricingRequest({ positions: [line(ROLL, 3)], bonusToSpend: minor(10_000) }),
        promo: { kind: 'none' },
        nowMs: WEDNESDAY_LUNCH_MS,
        bonus: { program: DEMO_BONUS_PROGRAM, balance: minor(50_000), earnPercent: 5 },
      },
    );
    expect(cart.bonus?.spent).toBe(10_000);
    expect(cart.gift).toMatchObject({ given: null, withheld: 'gift.not-with-bonus' });
    expect(cart.problems).toEqual([]);
  });

  it('gives the highest reached promotion and shows the next one above', () => {
    const gifts = [
      gift({ id: 1, minSum: minor(60_000), positionIds: [CHOPSTICKS] }),
      gift({ id: 2, minSum: minor(100_000), positionIds: [SOY] }),
      gift({ id: 3, minSum: minor(200_000), positionIds: [BOWL] }),
    ];
    const cart = price({ positions: [line(ROLL, 3)] }, {}, { gifts });
    expect(cart.gift).toMatchObject({
      reached: { id: 2 },
      given: { positionId: SOY },
      next: { promotion: { id: 3 }, amountLeft: 95_000 },
    });
  });

  const giftArb = fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    minSum: fc.integer({ min: 1, max: 400_000 }).map(minor),
    positionIds: fc.uniqueArray(fc.constantFrom(...ALL), { minLength: 1, maxLength: 6 }),
    withPromoCode: fc.boolean(),
    withBonus: fc.boolean(),
    restoIds: fc.constantFrom([], [PRICING_RESTO_ID], [2]),
    startsAt: fc.constantFrom(null, WEDNESDAY_LUNCH_MS - 1, WEDNESDAY_LUNCH_MS + 1),
    endsAt: fc.constantFrom(null, WEDNESDAY_LUNCH_MS, WEDNESDAY_LUNCH_MS + 1),
  });
  const cartArb = fc.record({
    positions: fc.array(
      fc.record({ id: fc.constantFrom(ROLL, LUNCH, SOY), count: fc.integer({ min: 1, max: 9 }) }),
      { maxLength: 4 },
    ),
    promo: fc.boolean(),
    points: fc.constantFrom(0, 5_000, 20_000),
    chosen: fc.option(fc.constantFrom(...ALL), { nil: undefined }),
  });

  it('property: never below its threshold, withheld by a code or points it does not mix with, an orderable option', () => {
    fc.assert(
      fc.property(fc.array(giftArb, { maxLength: 4 }), cartArb, (gifts, c) => {
        const cart = priceCart(
          { ...catalog, gifts },
          {
            request: makePricingRequest({
              positions: c.positions.map((p) => line(p.id, p.count)),
              promoCode: c.promo ? 'SUSHI10' : null,
              bonusToSpend: minor(c.points),
              giftPositionId: c.chosen,
            }),
            promo: c.promo ? foundPromo({ value: 10 }) : { kind: 'none' },
            nowMs: WEDNESDAY_LUNCH_MS,
            bonus: {
              program: { ...DEMO_BONUS_PROGRAM, promoCodeOrdersSpend: true },
              balance: minor(100_000),
              earnPercent: 5,
            },
          },
        );
        const dishesSum = cart.sum - cart.discount;
        const g = cart.gift;
        if (!g?.reached) {
          expect(g?.given ?? null).toBeNull();
          return;
        }
        expect(dishesSum).toBeGreaterThanOrEqual(g.reached.minSum);
        if (cart.promo?.active && !g.reached.withPromoCode)
          expect(g).toMatchObject({ given: null, withheld: 'gift.not-with-promo-code' });
        else if ((cart.bonus?.spent ?? 0) > 0 && !g.reached.withBonus)
          expect(g).toMatchObject({ given: null, withheld: 'gift.not-with-bonus' });
        else if (cart.lines.some((l) => l.available)) expect(g.given).not.toBeNull();
        for (const option of g.options) expect(ORDERABLE_DELIVERY_AT_LUNCH.has(option.positionId)).toBe(true);
        if (g.given) {
          expect(g.options).toContainEqual(g.given);
          expect(g.reached.positionIds).toContain(g.given.positionId);
          if (c.chosen !== undefined && g.options.some((o) => o.positionId === c.chosen))
            expect(g.given.positionId).toBe(c.chosen);
        }
      }),
    );
  });
});

describe('priceCart: add-ons', () => {
  it('offers the menus’ lists, then what is often ordered with the cart, never what is in it', () => {
    const cart = price(
      { positions: [line(ROLL, 2)] },
      { oftenWith: [BOWL, SOY, ROLL] },
      { addOnIds: [SOY, CHOPSTICKS, ROLL, SOY] },
    );
    expect(cart.addOns).toEqual([
      { positionId: SOY, menuId: MENU_BOTH, reason: 'listed' },
      { positionId: CHOPSTICKS, menuId: MENU_BOTH, reason: 'listed' },
      { positionId: BOWL, menuId: MENU_BOTH, reason: 'often' },
    ]);
  });

  it('leaves out the stopped, the other method’s, the out-of-slot and the 18+ until the age is confirmed', () => {
    const addOnIds = [GINGER, WASABI_TO_GO, LUNCH, BEER, FOREIGN, SOY];
    const evening = price({}, {}, { addOnIds }, WEDNESDAY_EVENING_MS);
    expect(evening.addOns.map((a) => a.positionId)).toEqual([SOY]);
    const confirmed = price({ adultConfirmed: true }, {}, { addOnIds }, WEDNESDAY_EVENING_MS);
    expect(confirmed.addOns.map((a) => a.positionId)).toEqual([BEER, SOY]);
    expect(price({ adultConfirmed: true }, {}, { addOnIds }).addOns.map((a) => a.positionId)).toEqual([
      LUNCH,
      BEER,
      SOY,
    ]);
  });

  it('property: add-ons never include what cannot be ordered, what is in the cart, or 18+ unconfirmed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALL), { maxLength: 12 }),
        fc.array(fc.constantFrom(...ALL), { maxLength: 12 }),
        fc.uniqueArray(fc.constantFrom(ROLL, BOWL, SOY, BEER), { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (addOnIds, oftenWith, inCart, adultConfirmed, evening) => {
          const cart = price(
            { positions: inCart.map((id) => line(id, 1)), adultConfirmed },
            { oftenWith },
            { addOnIds },
            evening ? WEDNESDAY_EVENING_MS : WEDNESDAY_LUNCH_MS,
          );
          const ids = cart.addOns.map((a) => a.positionId);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) {
            expect(ORDERABLE_DELIVERY_AT_LUNCH.has(id)).toBe(true);
            expect(inCart).not.toContain(id);
            if (evening) expect(id).not.toBe(LUNCH);
            if (!adultConfirmed) expect(id).not.toBe(BEER);
          }
        },
      ),
    );
  });
});
