import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BONUS_PROGRAM_OFF, type BonusProgram, DEMO_BONUS_PROGRAM } from '../bonus/bonus-program.ts';
import type { PreflightPosition, PreflightRequest } from '../contracts/preflight.ts';
import { CUSTOMER_DELIVERY_METHODS, PAYMENT_METHODS } from '../methods/methods.ts';
import { minor } from '../money/money.ts';
import { PAY_CASH, PAY_NONE } from '../testing/location-fixtures.ts';
import {
  BOWL,
  everyDay,
  FOREIGN,
  foundPromo,
  INSIDE_ZONE,
  LUNCH,
  line,
  MENU_BOTH,
  makePricingCatalog,
  makePricingRequest,
  makePromoCode,
  OUTSIDE_ZONE,
  PICKUP_ONLY,
  PRICING_ZONE_RULES,
  ROLL,
  WEDNESDAY_LUNCH_MS,
} from '../testing/pricing-fixtures.ts';
import { type PricingCatalog, type PricingInput, type PromoLookup, priceCart } from './price-cart.ts';

const catalog = makePricingCatalog();
const [cheap, free] = PRICING_ZONE_RULES;
const bowl = (count = 1) =>
  line(BOWL, count, {
    modifiers: [
      { id: 5002, modifierId: 500, count: 1 },
      { id: 6001, modifierId: 600, count: 1 },
    ],
  });

function price(
  request: Partial<PreflightRequest> = {},
  promo: PromoLookup = { kind: 'none' },
  at = WEDNESDAY_LUNCH_MS,
) {
  return priceCart(catalog, { request: makePricingRequest(request), promo, nowMs: at });
}

const codes = (cart: ReturnType<typeof priceCart>) => cart.problems.map((problem) => problem.code);

/** Prices with the demo program (5 %, up to 20 %, no promo codes) and a balance; null: anonymous. */
function priceWithPoints(
  { bonusToSpend, ...request }: Omit<Partial<PreflightRequest>, 'bonusToSpend'> & { bonusToSpend?: number },
  balance: number | null,
  { program = DEMO_BONUS_PROGRAM, promo = { kind: 'none' } as PromoLookup, earnPercent = 5 } = {},
) {
  return priceCart(catalog, {
    request: makePricingRequest({
      ...request,
      ...(bonusToSpend !== undefined && { bonusToSpend: minor(bonusToSpend) }),
    }),
    promo,
    nowMs: WEDNESDAY_LUNCH_MS,
    bonus: { program, balance: balance === null ? null : minor(balance), earnPercent },
  });
}

describe('priceCart', () => {
  it('prices a delivery from the catalog: lines, band and payable', () => {
    const cart = price({ positions: [line(ROLL, 2, { price: 1, sum: 2 })] });
    expect(cart).toMatchObject({
      orderAtMs: WEDNESDAY_LUNCH_MS,
      preOrderAtMs: null,
      promo: null,
      positionsCount: 2,
      sum: 70_000,
      discount: 0,
      deliveryPrice: 20_000,
      payable: 90_000,
      zoneId: 7,
      rules: [cheap, free],
      band: cheap,
      nextBand: free,
      problems: [],
    });
    expect(cart.lines).toEqual([
      {
        id: ROLL,
        menu: { id: MENU_BOTH },
        count: 2,
        price: 35_000,
        modifiers: [],
        sum: 70_000,
        promoDiscount: 0,
        bonusDiscount: 0,
        payableAmount: 70_000,
        available: true,
      },
    ]);
    expect(cart.bonus).toBeNull();
  });

  it('takes away without a zone, a band or a delivery price, ignoring any address', () => {
    const cart = price({ deliveryType: 'TAKE_AWAY', location: OUTSIDE_ZONE, positions: [line(ROLL, 10)] });
    expect(cart).toMatchObject({
      sum: 350_000,
      deliveryPrice: 0,
      payable: 350_000,
      zoneId: null,
      rules: [],
      band: null,
      nextBand: null,
      problems: [],
    });
    expect(price({ deliveryType: 'TAKE_AWAY', location: null }).problems).toEqual([]);
  });

  it('needs an address point inside a zone for delivery', () => {
    const missing = price({ location: null });
    expect(codes(missing)).toEqual(['delivery.address-required']);
    expect(missing).toMatchObject({ zoneId: null, band: null, deliveryPrice: 0, payable: 70_000 });
    expect(codes(price({ location: undefined }))).toEqual(['delivery.address-required']);
    expect(codes(price({ location: OUTSIDE_ZONE }))).toEqual(['delivery.address-outside-zone']);
  });

  it('refuses a method the restaurant does not offer', () => {
    const takeAwayOnly = makePricingCatalog();
    takeAwayOnly.resto.isDelivery = false;
    const cart = priceCart(takeAwayOnly, {
      request: makePricingRequest(),
      promo: { kind: 'none' },
      nowMs: WEDNESDAY_LUNCH_MS,
    });
    expect(codes(cart)).toEqual(['person-order.delivery-method-not-supported']);
  });

  it('refuses a payment the restaurant does not take for the method', () => {
    const cashOnly: PricingCatalog = makePricingCatalog();
    cashOnly.resto.payConfig = { delivery: PAY_CASH, takeAway: PAY_NONE };
    const run = (request: Partial<PreflightRequest>) =>
      codes(
        priceCart(cashOnly, {
          request: makePricingRequest(request),
          promo: { kind: 'none' },
          nowMs: WEDNESDAY_LUNCH_MS,
        }),
      );
    expect(run({ payType: 'CARD_ONLINE' })).toEqual(['resto.doesnt-support-delivery-online-pay']);
    expect(run({ payType: 'CASH_UPON_RECEIPT' })).toEqual([]);
    // Decision 0017: cash on receipt also takes a stored 'card on receipt'.
    expect(run({ payType: 'CARD_UPON_RECEIPT' })).toEqual([]);
    expect(run({ deliveryType: 'TAKE_AWAY', payType: 'CASH_UPON_RECEIPT' })).toEqual([
      'resto.doesnt-support-takeaway-cash-pay',
    ]);
  });

  it('keeps unavailable lines in place, out of the sums', () => {
    const cart = price({ positions: [line(999, 3), line(ROLL, 2), line(PICKUP_ONLY), bowl(1)] });
    expect(cart.lines.map((priced) => [priced.id, priced.available, priced.sum])).toEqual([
      [999, false, 0],
      [ROLL, true, 70_000],
      [PICKUP_ONLY, false, 0],
      [BOWL, true, 71_000],
    ]);
    expect(cart.problems).toEqual([
      { code: 'person-order.position-not-found-in-resto', line: 0 },
      {
        code: 'person-order.position-not-found-in-resto',
        messageKey: 'person-order.position-cannot-be-delivered',
        line: 2,
      },
    ]);
    expect(cart).toMatchObject({ sum: 141_000, positionsCount: 3, deliveryPrice: 20_000, payable: 161_000 });
  });

  it('judges time-slotted lines at the pre-order time', () => {
    const evening = price({ positions: [line(LUNCH)], preOrderAt: '2026-11-25T19:00:00+03:00' });
    expect(codes(evening)).toEqual(['person-order.position-not-available-at-time', 'person-order.empty']);
    expect(evening.preOrderAtMs).toBe(Date.parse('2026-11-25T19:00:00+03:00'));
    const morning = Date.parse('2026-11-25T10:30:00+03:00');
    expect(
      codes(
        price({ positions: [line(LUNCH, 1)], preOrderAt: '2026-11-25T12:00:00+03:00' }, undefined, morning),
      ),
    ).toEqual(['delivery.order-sum-not-enough.range']);
  });

  it('reports an empty cart, without a range warning or a delivery price', () => {
    const none = price({ positions: [] });
    expect(codes(none)).toEqual(['person-order.empty']);
    expect(none).toMatchObject({ sum: 0, payable: 0, deliveryPrice: 0, positionsCount: 0, zoneId: 7 });
    expect(codes(price({ positions: [line(FOREIGN)] }))).toEqual([
      'person-order.position-not-found-in-resto',
      'person-order.empty',
    ]);
  });

  it('warns below the zone minimum and above its maximum', () => {
    const small = price({ positions: [line(ROLL)] });
    expect(small.problems).toEqual([
      { code: 'delivery.order-sum-not-enough.range', amountLeft: 15_000, limit: 50_000 },
    ]);
    expect(small).toMatchObject({ band: null, nextBand: cheap, deliveryPrice: 0, payable: 35_000 });
    const large = price({ positions: [line(ROLL, 15)] });
    expect(large.problems).toEqual([{ code: 'delivery.order-sum-too-large', limit: 500_000 }]);
    expect(large).toMatchObject({ band: null, nextBand: null });
  });

  it("refuses a take-away at or above the restaurant's maximum, judged after the discount", () => {
    const capped: PricingCatalog = {
      ...catalog,
      resto: { ...catalog.resto, takeAwayMaxOrderSum: minor(350_000) },
    };
    const takeAway = (count: number, promo: PromoLookup = { kind: 'none' }) =>
      priceCart(capped, {
        request: makePricingRequest({ deliveryType: 'TAKE_AWAY', positions: [line(ROLL, count)] }),
        promo,
        nowMs: WEDNESDAY_LUNCH_MS,
      });
    expect(takeAway(9).problems).toEqual([]);
    expect(takeAway(10).problems).toEqual([{ code: 'delivery.order-sum-too-large', limit: 350_000 }]);
    expect(takeAway(10, foundPromo({ value: 10 })).problems).toEqual([]);
    // Delivery keeps its zone's bands: the take-away maximum is not a delivery one.
    const delivery = priceCart(capped, {
      request: makePricingRequest({ positions: [line(ROLL, 10)] }),
      promo: { kind: 'none' },
      nowMs: WEDNESDAY_LUNCH_MS,
    });
    expect(codes(delivery)).toEqual([]);
  });

  it('applies a percent code to the goods, spread over the lines, never to delivery', () => {
    // 3 rolls (1050 ₽) + a bowl (710 ₽) = 1760 ₽, free delivery; 20 % off → 1408 ₽, which pays 200 ₽ delivery.
    const cart = price({ positions: [line(ROLL, 3), bowl(1)] }, foundPromo({ value: 20 }));
    expect(cart).toMatchObject({
      sum: 176_000,
      discount: 35_200,
      band: cheap,
      nextBand: free,
      deliveryPrice: 20_000,
      payable: 176_000 - 35_200 + 20_000,
      problems: [],
    });
    expect(cart.promo).toEqual({
      definition: makePromoCode({ value: 20 }),
      active: true,
      discount: 35_200,
      amountLeft: 0,
    });
    expect(cart.lines.map((priced) => [priced.promoDiscount, priced.payableAmount])).toEqual([
      [21_000, 84_000],
      [14_200, 56_800],
    ]);
  });

  it('keeps a code below its minimum order inactive, without a problem', () => {
    const cart = price({}, foundPromo({ minOrderAmount: minor(100_000) }));
    expect(cart.promo).toMatchObject({ active: false, discount: 0, amountLeft: 30_000 });
    expect(cart).toMatchObject({ discount: 0, payable: 90_000, problems: [] });
  });

  it('refuses a code with its problem last, and prices without it', () => {
    const cart = price({}, foundPromo({ restoIds: [5] }));
    expect(cart).toMatchObject({ promo: null, discount: 0, payable: 90_000 });
    expect(codes(cart)).toEqual(['promo-code.not-found-for-resto']);
    expect(codes(price({}, { kind: 'not-found', code: 'NOPE' }))).toEqual(['promo-code.not-found']);
    expect(codes(price({}, { kind: 'blocked', code: 'NOPE' }))).toEqual(['promo-code.too-many-attempts']);
  });

  it('applies a per-person code to an anonymous check, saying it is unchecked', () => {
    const cart = price({}, foundPromo({ perPersonLimit: 1 }, { usedByPerson: null }));
    expect(codes(cart)).toEqual(['promo-code.person-limit-unchecked']);
    expect(cart).toMatchObject({ discount: 7_000, promo: { active: true } });
  });

  it('judges a code at the order time: a night code on an overnight restaurant in Samara', () => {
    const night = makePricingCatalog();
    night.resto.timezone = '+04:00';
    night.resto.openingHours = everyDay('11:00', '02:00');
    const promo = foundPromo({ hours: { from: '22:00', to: '02:00' } });
    const at = (iso: string) =>
      priceCart(night, { request: makePricingRequest(), promo, nowMs: Date.parse(iso) });
    expect(codes(at('2026-11-26T01:30:00+04:00'))).toEqual([]);
    expect(at('2026-11-26T01:30:00+04:00').discount).toBe(7_000);
    expect(codes(at('2026-11-25T21:30:00+04:00'))).toEqual(['promo-code.hour-not-active']);
    expect(at('2026-11-26T02:30:00+04:00').problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-26T11:00:00+04:00') },
      { code: 'promo-code.hour-not-active' },
    ]);
  });

  it('judges a refused pre-order at now', () => {
    const noPreOrders = makePricingCatalog({ preOrderEnabled: false });
    const cart = priceCart(noPreOrders, {
      request: makePricingRequest({ preOrderAt: '2026-11-26T12:00:00+03:00' }),
      promo: { kind: 'none' },
      nowMs: WEDNESDAY_LUNCH_MS,
    });
    expect(cart).toMatchObject({ orderAtMs: WEDNESDAY_LUNCH_MS, preOrderAtMs: null });
    expect(codes(cart)).toEqual(['person-order.pre-order-disabled']);
  });

  it('lists every problem at once, in the agreed order', () => {
    const closed = makePricingCatalog();
    closed.resto.isDelivery = false;
    closed.resto.payConfig = { delivery: PAY_NONE, takeAway: PAY_NONE };
    const cart = priceCart(closed, {
      request: makePricingRequest({
        location: OUTSIDE_ZONE,
        positions: [line(999)],
        preOrderAt: '2026-12-25T03:00:00+03:00',
      }),
      promo: { kind: 'not-found', code: 'X' },
      nowMs: WEDNESDAY_LUNCH_MS,
    });
    expect(codes(cart)).toEqual([
      'person-order.pre-order-too-far',
      'resto.not-accepting-orders',
      'person-order.delivery-method-not-supported',
      'delivery.address-outside-zone',
      'person-order.position-not-found-in-resto',
      'person-order.empty',
      'resto.doesnt-support-delivery-online-pay',
      'promo-code.not-found',
    ]);
    const range = price({ positions: [line(ROLL)], payType: 'CARD_ONLINE' }, { kind: 'blocked', code: 'X' });
    expect(codes(range)).toEqual(['delivery.order-sum-not-enough.range', 'promo-code.too-many-attempts']);
  });
});

const positionArb: fc.Arbitrary<PreflightPosition> = fc
  .record({
    id: fc.constantFrom(ROLL, BOWL, PICKUP_ONLY, LUNCH, FOREIGN, 999),
    wrongMenu: fc.boolean(),
    count: fc.integer({ min: 1, max: 99 }),
    modifiers: fc.option(
      fc.array(
        fc.record({
          pick: fc.constantFrom([5001, 500], [5002, 500], [6001, 600], [6002, 600], [7777, 600], [6001, 500]),
          count: fc.integer({ min: 1, max: 3 }),
          price: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
        }),
        { maxLength: 5 },
      ),
      { nil: undefined },
    ),
    name: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
    price: fc.option(fc.integer({ min: -1_000, max: 1_000_000 }), { nil: undefined }),
    sum: fc.option(fc.integer({ min: -1_000, max: 1_000_000 }), { nil: undefined }),
  })
  .map(({ id, wrongMenu, count, modifiers, name, price, sum }) => {
    const base = line(id, count);
    return {
      ...base,
      menu: wrongMenu && id === ROLL ? { id: 11 } : base.menu,
      ...(modifiers && {
        modifiers: modifiers.map(({ pick, count: items, price: itemPrice }) => ({
          id: pick[0] as number,
          modifierId: pick[1] as number,
          count: items,
          ...(itemPrice !== undefined && { price: itemPrice }),
        })),
      }),
      ...(name !== undefined && { name }),
      ...(price !== undefined && { price }),
      ...(sum !== undefined && { sum }),
    };
  });

const promoArb: fc.Arbitrary<PromoLookup> = fc.oneof(
  fc.constant<PromoLookup>({ kind: 'none' }),
  fc.constant<PromoLookup>({ kind: 'not-found', code: 'X' }),
  fc
    .record({
      kind: fc.constantFrom('percent' as const, 'fixed' as const),
      value: fc.integer({ min: 1, max: 500_000 }),
      cap: fc.option(fc.integer({ min: 0, max: 300_000 })),
      minOrder: fc.option(fc.integer({ min: 0, max: 300_000 })),
      hours: fc.option(fc.constantFrom({ from: '22:00', to: '02:00' }, { from: '11:00', to: '23:59' })),
      perPersonLimit: fc.option(fc.integer({ min: 0, max: 2 })),
      usedByPerson: fc.option(fc.integer({ min: 0, max: 2 })),
    })
    .map(({ kind, value, cap, minOrder, hours, perPersonLimit, usedByPerson }) =>
      foundPromo(
        {
          kind,
          value: kind === 'percent' ? (value % 100) + 1 : value,
          maxDiscountAmount: cap === null ? null : minor(cap),
          minOrderAmount: minOrder === null ? null : minor(minOrder),
          hours,
          perPersonLimit,
        },
        { usedByPerson },
      ),
    ),
);

const nowArb = fc.integer({
  min: WEDNESDAY_LUNCH_MS - 3 * 86_400_000,
  max: WEDNESDAY_LUNCH_MS + 3 * 86_400_000,
});

const bonusArb: fc.Arbitrary<PricingInput['bonus']> = fc.option(
  fc.record({
    program: fc.constantFrom<BonusProgram>(DEMO_BONUS_PROGRAM, BONUS_PROGRAM_OFF, {
      ...DEMO_BONUS_PROGRAM,
      spendMaxPercent: 100,
      promoCodeOrdersSpend: true,
      promoCodeOrdersEarn: true,
    }),
    balance: fc.option(fc.integer({ min: 0, max: 3_000 }).map((points) => minor(points * 100))),
    earnPercent: fc.integer({ min: 0, max: 10 }),
  }),
  { nil: undefined },
);

const inputArb: fc.Arbitrary<PricingInput> = fc
  .record({
    deliveryType: fc.constantFrom(...CUSTOMER_DELIVERY_METHODS),
    payType: fc.constantFrom(...PAYMENT_METHODS),
    positions: fc.array(positionArb, { maxLength: 12 }),
    location: fc.constantFrom(INSIDE_ZONE, INSIDE_ZONE, OUTSIDE_ZONE, null),
    preOrderMinutes: fc.option(fc.integer({ min: -60, max: 5 * 24 * 60 })),
    promo: promoArb,
    nowMs: nowArb,
    bonus: bonusArb,
    bonusToSpend: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: 0, max: 3_000 }).map((points) => points * 100),
      fc.integer({ min: 0, max: 300_000 }),
    ),
  })
  .map(({ preOrderMinutes, promo, nowMs, bonus, bonusToSpend, ...request }) => ({
    request: makePricingRequest({
      ...request,
      preOrderAt: preOrderMinutes === null ? null : new Date(nowMs + preOrderMinutes * 60_000).toISOString(),
      ...(bonusToSpend !== undefined && { bonusToSpend: minor(bonusToSpend) }),
    }),
    promo,
    nowMs,
    ...(bonus && { bonus }),
  }));

const catalogs = [
  catalog,
  makePricingCatalog({ preOrder: null }),
  (() => {
    const overnight = makePricingCatalog();
    overnight.resto.timezone = '+04:00';
    overnight.resto.openingHours = everyDay('11:00', '02:00');
    overnight.zones = overnight.zones.map((zone) => ({
      ...zone,
      rules: [{ orderPrice: { min: minor(0), max: null }, deliveryPrice: minor(15_000), time: 60 }],
    }));
    return overnight;
  })(),
];

describe('priceCart with points (decision 55)', () => {
  const twoRolls = { positions: [line(ROLL, 2)] };

  it('spends exactly the share: a discount of the lines, earning on the money left for dishes', () => {
    // 2 rolls = 700 ₽, 20 % = 140 ₽; delivery 200 ₽ is neither spendable nor earning.
    const cart = priceWithPoints({ ...twoRolls, bonusToSpend: 14_000 }, 50_000);
    expect(cart).toMatchObject({
      sum: 70_000,
      discount: 0,
      deliveryPrice: 20_000,
      payable: 70_000 - 14_000 + 20_000,
      problems: [],
      // (700 − 140) × 5 % = 28 ₽.
      bonus: { balance: 50_000, spendable: 14_000, spent: 14_000, earn: 2_800, earnPercent: 5 },
    });
    expect(cart.lines.map((priced) => [priced.bonusDiscount, priced.payableAmount])).toEqual([
      [14_000, 56_000],
    ]);
  });

  it('refuses a point past the share with its limit, and a part of a point, spending nothing', () => {
    const over = priceWithPoints({ ...twoRolls, bonusToSpend: 14_100 }, 50_000);
    expect(over.problems).toEqual([{ code: 'bonus.over-limit', limit: 14_000 }]);
    expect(over).toMatchObject({ payable: 90_000, bonus: { spent: 0, spendable: 14_000, earn: 3_500 } });
    expect(over.lines[0]?.bonusDiscount).toBe(0);
    expect(codes(priceWithPoints({ ...twoRolls, bonusToSpend: 14_050 }, 50_000))).toEqual([
      'bonus.not-whole',
    ]);
  });

  it('lets a small balance be spent whole, and refuses more than it', () => {
    const cart = priceWithPoints({ ...twoRolls, bonusToSpend: 10_000 }, 10_000);
    expect(cart).toMatchObject({
      payable: 80_000,
      problems: [],
      bonus: { spendable: 10_000, spent: 10_000 },
    });
    expect(codes(priceWithPoints({ ...twoRolls, bonusToSpend: 10_100 }, 10_000))).toEqual([
      'bonus.more-than-balance',
    ]);
  });

  it('answers the points of a cart that spends none: the balance, the spendable share and the earn', () => {
    const cart = priceWithPoints(twoRolls, 50_000);
    expect(cart.bonus).toEqual({ balance: 50_000, spendable: 14_000, spent: 0, earn: 3_500, earnPercent: 5 });
    expect(cart.problems).toEqual([]);
  });

  it('keeps the delivery band on the order value: points do not make delivery dearer', () => {
    // 5 rolls = 1750 ₽: free delivery from 1500 ₽; 350 ₽ in points would bring a discount below it.
    const cart = priceWithPoints({ positions: [line(ROLL, 5)], bonusToSpend: 35_000 }, 50_000);
    expect(cart).toMatchObject({ band: free, deliveryPrice: 0, payable: 140_000, problems: [] });
  });

  it('does not mix points with an applied promo code on the demo rules', () => {
    const cart = priceWithPoints({ ...twoRolls, bonusToSpend: 10_000 }, 50_000, {
      promo: foundPromo({ value: 10 }),
    });
    expect(cart.problems).toEqual([{ code: 'bonus.not-with-promo-code' }]);
    expect(cart.bonus).toMatchObject({ spendable: 0, spent: 0, earn: 0 });
    expect(cart.discount).toBe(7_000);
    // A code below its minimum is not applied, so points go.
    const inactive = priceWithPoints({ ...twoRolls, bonusToSpend: 10_000 }, 50_000, {
      promo: foundPromo({ minOrderAmount: minor(100_000) }),
    });
    expect(inactive).toMatchObject({ problems: [], bonus: { spent: 10_000 } });
  });

  it('spreads points over what the lines cost after a promo code, when the program mixes them', () => {
    const mixing = { ...DEMO_BONUS_PROGRAM, promoCodeOrdersSpend: true, promoCodeOrdersEarn: true };
    // 3 rolls (1050 ₽) + a bowl (710 ₽) − 20 % = 1408 ₽; 20 % of it = 281.60 ₽ → 281 ₽ spendable.
    const cart = priceWithPoints({ positions: [line(ROLL, 3), bowl(1)], bonusToSpend: 28_100 }, 100_000, {
      program: mixing,
      promo: foundPromo({ value: 20 }),
    });
    expect(cart).toMatchObject({
      discount: 35_200,
      payable: 176_000 - 35_200 - 28_100 + 20_000,
      problems: [],
      bonus: { spendable: 28_100, spent: 28_100, earn: wholeFivePercent(176_000 - 35_200 - 28_100) },
    });
    expect(
      cart.lines.map((priced) => [priced.promoDiscount, priced.bonusDiscount, priced.payableAmount]),
    ).toEqual([
      [21_000, 16_765, 84_000 - 16_765],
      [14_200, 11_335, 56_800 - 11_335],
    ]);
  });

  it('asks an anonymous cart to sign in, spending nothing', () => {
    const cart = priceWithPoints({ ...twoRolls, bonusToSpend: 10_000 }, null);
    expect(cart.problems).toEqual([{ code: 'bonus.sign-in-required' }]);
    expect(cart.bonus).toEqual({ balance: null, spendable: 0, spent: 0, earn: 3_500, earnPercent: 5 });
    expect(priceWithPoints(twoRolls, null).problems).toEqual([]);
  });

  it('answers no points when the program is off, refusing a spend', () => {
    const off = priceWithPoints({ ...twoRolls, bonusToSpend: 10_000 }, 50_000, {
      program: BONUS_PROGRAM_OFF,
    });
    expect(off).toMatchObject({ bonus: null, payable: 90_000, problems: [{ code: 'bonus.program-off' }] });
    expect(price({ ...twoRolls, bonusToSpend: minor(10_000) }).problems).toEqual([
      { code: 'bonus.program-off' },
    ]);
    expect(priceWithPoints(twoRolls, 50_000, { program: BONUS_PROGRAM_OFF }).problems).toEqual([]);
  });

  it('lists a points problem last, after the promo code', () => {
    const cart = priceWithPoints({ ...twoRolls, bonusToSpend: 60_000 }, 50_000, {
      promo: { kind: 'not-found', code: 'NOPE' },
    });
    expect(codes(cart)).toEqual(['promo-code.not-found', 'bonus.more-than-balance']);
  });
});

const wholeFivePercent = (amount: number) => Math.floor((amount * 5) / 100 / 100) * 100;

describe('priceCart properties over generated carts', () => {
  const RUNS = { numRuns: 3_000 };

  it('never throws, pays at least zero, and the lines add up to the goods payable', () => {
    fc.assert(
      fc.property(fc.constantFrom(...catalogs), inputArb, (pricing, input) => {
        const cart = priceCart(pricing, input);
        expect(cart.payable).toBeGreaterThanOrEqual(0);
        expect(cart.payable).toBe(cart.sum - cart.discount - (cart.bonus?.spent ?? 0) + cart.deliveryPrice);
        expect(cart.lines).toHaveLength(input.request.positions.length);
        const lines = cart.lines.reduce((total, priced) => total + priced.payableAmount, 0);
        expect(lines).toBe(cart.payable - cart.deliveryPrice);
        for (const priced of cart.lines) {
          expect(priced.payableAmount).toBeGreaterThanOrEqual(0);
          if (!priced.available) expect(priced.sum).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('spends whole points within the balance and the share, spread over the lines, or says why not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...catalogs), inputArb, (pricing, input) => {
        const cart = priceCart(pricing, input);
        const spent = cart.bonus?.spent ?? 0;
        const asked = input.request.bonusToSpend ?? 0;
        const refused = codes(cart).some((code) => code.startsWith('bonus.'));
        expect(spent === asked || (spent === 0 && refused)).toBe(true);
        if (asked === 0) expect(refused).toBe(false);
        expect(spent % 100).toBe(0);
        if (cart.bonus) {
          expect(spent).toBeLessThanOrEqual(cart.bonus.spendable);
          expect(cart.bonus.spendable).toBeLessThanOrEqual(cart.bonus.balance ?? 0);
          expect(cart.bonus.earn).toBeLessThanOrEqual(cart.sum - cart.discount - spent);
        }
        expect(cart.lines.reduce((total, priced) => total + priced.bonusDiscount, 0)).toBe(spent);
        for (const priced of cart.lines)
          expect(priced.payableAmount).toBe(priced.sum - priced.promoDiscount - priced.bonusDiscount);
      }),
      RUNS,
    );
  });

  it('discounts no more than the code allows and no more than the goods', () => {
    fc.assert(
      fc.property(fc.constantFrom(...catalogs), inputArb, (pricing, input) => {
        const cart = priceCart(pricing, input);
        expect(cart.discount).toBeLessThanOrEqual(cart.sum);
        expect(cart.discount).toBe(cart.promo?.discount ?? 0);
        const cap = cart.promo?.definition.maxDiscountAmount;
        if (cap !== null && cap !== undefined) expect(cart.discount).toBeLessThanOrEqual(cap);
      }),
      RUNS,
    );
  });

  it('chooses a band covering the sum after the discount, and charges its price', () => {
    fc.assert(
      fc.property(fc.constantFrom(...catalogs), inputArb, (pricing, input) => {
        const cart = priceCart(pricing, input);
        const judged = cart.sum - cart.discount;
        if (cart.band) {
          expect(judged).toBeGreaterThanOrEqual(cart.band.orderPrice.min);
          if (cart.band.orderPrice.max !== null) expect(judged).toBeLessThan(cart.band.orderPrice.max);
          if (cart.lines.some((priced) => priced.available))
            expect(cart.deliveryPrice).toBe(cart.band.deliveryPrice);
        } else {
          expect(cart.deliveryPrice).toBe(0);
        }
        if (input.request.deliveryType === 'TAKE_AWAY') expect(cart.deliveryPrice).toBe(0);
      }),
      RUNS,
    );
  });

  it('never reads a client-sent name, price or sum', () => {
    const scrambled = fc.tuple(
      fc.constantFrom(...catalogs),
      inputArb,
      fc.array(fc.record({ name: fc.string({ maxLength: 5 }), price: fc.integer(), sum: fc.integer() }), {
        minLength: 12,
        maxLength: 12,
      }),
    );
    fc.assert(
      fc.property(scrambled, ([pricing, input, noise]) => {
        const changed: PricingInput = {
          ...input,
          request: {
            ...input.request,
            positions: input.request.positions.map((position, index) => {
              const fake = noise[index] ?? { name: '', price: 0, sum: 0 };
              return {
                ...position,
                ...fake,
                modifiers: position.modifiers?.map((modifier) => ({ ...modifier, price: fake.price })),
              };
            }),
          },
        };
        expect(priceCart(pricing, changed)).toEqual(priceCart(pricing, input));
      }),
      RUNS,
    );
  });
});
