import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import { foundPromo, makePromoCode } from '../testing/pricing-fixtures.ts';
import { isWithinPromoHours, judgePromoCode, type PromoContext, promoDiscount } from './promo-code-rules.ts';

const ORDER_AT = Date.parse('2026-11-25T13:00:00+03:00');
const context: PromoContext = {
  restoId: 1,
  deliveryType: 'DELIVERY',
  orderAtMs: ORDER_AT,
  timezone: '+03:00',
};

function refusal(lookup: Parameters<typeof judgePromoCode>[0], at: Partial<PromoContext> = {}) {
  const verdict = judgePromoCode(lookup, { ...context, ...at });
  return verdict.kind === 'refused' ? verdict.problem : verdict.kind;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

describe('isWithinPromoHours', () => {
  it('covers [from, to) within a day', () => {
    const hours = { from: '11:00', to: '16:00' };
    expect(isWithinPromoHours(hours, minutes('10:59'))).toBe(false);
    expect(isWithinPromoHours(hours, minutes('11:00'))).toBe(true);
    expect(isWithinPromoHours(hours, minutes('15:59'))).toBe(true);
    expect(isWithinPromoHours(hours, minutes('16:00'))).toBe(false);
  });

  it('reads 00:00 and 23:59 as the end of the day', () => {
    for (const to of ['00:00', '23:59']) {
      expect(isWithinPromoHours({ from: '18:00', to }, minutes('23:59'))).toBe(true);
      expect(isWithinPromoHours({ from: '18:00', to }, minutes('00:00'))).toBe(false);
      expect(isWithinPromoHours({ from: '00:00', to }, minutes('00:00'))).toBe(true);
    }
  });

  it('wraps midnight when from is after to (22:00–02:00)', () => {
    const night = { from: '22:00', to: '02:00' };
    expect(isWithinPromoHours(night, minutes('21:59'))).toBe(false);
    expect(isWithinPromoHours(night, minutes('22:00'))).toBe(true);
    expect(isWithinPromoHours(night, minutes('01:59'))).toBe(true);
    expect(isWithinPromoHours(night, minutes('02:00'))).toBe(false);
    expect(isWithinPromoHours(night, minutes('13:00'))).toBe(false);
  });
});

describe('judgePromoCode', () => {
  it('answers none, not found and blocked from the lookup alone', () => {
    expect(judgePromoCode({ kind: 'none' }, context)).toEqual({ kind: 'none' });
    expect(refusal({ kind: 'not-found', code: 'X' })).toBe('promo-code.not-found');
    expect(refusal({ kind: 'blocked', code: 'X' })).toBe('promo-code.too-many-attempts');
  });

  it('accepts a code without limits', () => {
    expect(judgePromoCode(foundPromo(), context)).toEqual({
      kind: 'accepted',
      definition: makePromoCode(),
      warnings: [],
    });
  });

  it('refuses for each rule, by its own code', () => {
    expect(refusal(foundPromo({ active: false }))).toBe('promo-code.not-active');
    expect(refusal(foundPromo({ startsAt: ORDER_AT + 1 }))).toBe('promo-code.before-start');
    expect(refusal(foundPromo({ startsAt: ORDER_AT }))).toBe('accepted');
    expect(refusal(foundPromo({ endsAt: ORDER_AT - 1 }))).toBe('promo-code.after-finish');
    expect(refusal(foundPromo({ endsAt: ORDER_AT }))).toBe('accepted');
    expect(refusal(foundPromo({ restoIds: [2, 3] }))).toBe('promo-code.not-found-for-resto');
    expect(refusal(foundPromo({ restoIds: [1] }))).toBe('accepted');
    expect(refusal(foundPromo({ deliveryMethods: ['TAKE_AWAY'] }))).toBe(
      'promo-code.invalid-delivery-method',
    );
    expect(refusal(foundPromo({ deliveryMethods: ['TAKE_AWAY'] }), { deliveryType: 'TAKE_AWAY' })).toBe(
      'accepted',
    );
    expect(refusal(foundPromo({ hours: { from: '18:00', to: '23:59' } }))).toBe('promo-code.hour-not-active');
    expect(refusal(foundPromo({ totalLimit: 5 }, { usedCount: 5 }))).toBe('promo-code.limit-exceed');
    expect(refusal(foundPromo({ totalLimit: 5 }, { usedCount: 4 }))).toBe('accepted');
    expect(refusal(foundPromo({ perPersonLimit: 1 }, { usedByPerson: 1 }))).toBe(
      'promo-code.person-limit-exceed',
    );
    expect(refusal(foundPromo({ perPersonLimit: 2 }, { usedByPerson: 1 }))).toBe('accepted');
  });

  it('names the first failing rule when several fail', () => {
    const everything = foundPromo(
      {
        active: false,
        startsAt: ORDER_AT + 1,
        endsAt: ORDER_AT - 1,
        restoIds: [9],
        deliveryMethods: ['TAKE_AWAY'],
        hours: { from: '01:00', to: '02:00' },
        totalLimit: 0,
        perPersonLimit: 0,
      },
      { usedByPerson: 0 },
    );
    expect(refusal(everything)).toBe('promo-code.not-active');
    const started = foundPromo({ startsAt: ORDER_AT + 1, endsAt: ORDER_AT - 1, restoIds: [9] });
    expect(refusal(started)).toBe('promo-code.before-start');
    expect(refusal(foundPromo({ restoIds: [9], deliveryMethods: ['TAKE_AWAY'] }))).toBe(
      'promo-code.not-found-for-resto',
    );
    expect(refusal(foundPromo({ hours: { from: '01:00', to: '02:00' }, totalLimit: 0 }))).toBe(
      'promo-code.hour-not-active',
    );
    expect(refusal(foundPromo({ totalLimit: 0, perPersonLimit: 0 }))).toBe('promo-code.limit-exceed');
  });

  it('judges the hours on the restaurant clock: Samara, and a night code wrapping midnight', () => {
    const lunch = foundPromo({ hours: { from: '12:00', to: '14:00' } });
    // 13:30 Moscow is 14:30 in Samara.
    const at = Date.parse('2026-11-25T13:30:00+03:00');
    expect(refusal(lunch, { orderAtMs: at })).toBe('accepted');
    expect(refusal(lunch, { orderAtMs: at, timezone: '+04:00' })).toBe('promo-code.hour-not-active');
    const night = foundPromo({ hours: { from: '22:00', to: '02:00' } });
    expect(refusal(night, { orderAtMs: Date.parse('2026-11-26T01:00:00+04:00'), timezone: '+04:00' })).toBe(
      'accepted',
    );
    expect(refusal(night, { orderAtMs: Date.parse('2026-11-26T02:00:00+04:00'), timezone: '+04:00' })).toBe(
      'promo-code.hour-not-active',
    );
  });

  it('applies a per-person code to an anonymous check with a warning', () => {
    expect(judgePromoCode(foundPromo({ perPersonLimit: 1 }, { usedByPerson: null }), context)).toEqual({
      kind: 'accepted',
      definition: makePromoCode({ perPersonLimit: 1 }),
      warnings: ['promo-code.person-limit-unchecked'],
    });
  });
});

describe('promoDiscount', () => {
  it('rounds a percent down', () => {
    expect(promoDiscount(makePromoCode({ value: 10 }), minor(12_345))).toEqual({
      active: true,
      discount: 1_234,
      amountLeft: 0,
    });
  });

  it('takes a fixed amount, capped by the maximum and by the sum', () => {
    expect(promoDiscount(makePromoCode({ kind: 'fixed', value: 30_000 }), minor(100_000)).discount).toBe(
      30_000,
    );
    expect(promoDiscount(makePromoCode({ kind: 'fixed', value: 30_000 }), minor(20_000)).discount).toBe(
      20_000,
    );
    const capped = makePromoCode({ value: 50, maxDiscountAmount: minor(10_000) });
    expect(promoDiscount(capped, minor(100_000)).discount).toBe(10_000);
  });

  it('keeps a code below its minimum order inactive, with what is left to reach it', () => {
    const code = makePromoCode({ minOrderAmount: minor(100_000) });
    expect(promoDiscount(code, minor(70_000))).toEqual({ active: false, discount: 0, amountLeft: 30_000 });
    expect(promoDiscount(code, minor(100_000))).toEqual({ active: true, discount: 10_000, amountLeft: 0 });
  });

  it('never exceeds the cap or the sum', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('percent' as const, 'fixed' as const),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 })),
        fc.integer({ min: 0, max: 10_000_000 }),
        (kind, value, cap, sum) => {
          const code = makePromoCode({
            kind,
            value: kind === 'percent' ? (value % 100) + 1 : value,
            maxDiscountAmount: cap === null ? null : minor(cap),
          });
          const { discount } = promoDiscount(code, minor(sum));
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(sum);
          if (cap !== null) expect(discount).toBeLessThanOrEqual(cap);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('days of the week', () => {
  // 2026-11-25 is a Wednesday (3): 23:30 UTC on the 24th is already Wednesday 02:30 in Moscow.
  const lateTuesdayUtc = Date.parse('2026-11-24T23:30:00Z');

  it('accepts every day when the list is empty, and only the listed days otherwise', () => {
    expect(refusal(foundPromo({ daysOfWeek: [] }))).toBe('accepted');
    expect(refusal(foundPromo({ daysOfWeek: [3] }))).toBe('accepted');
    expect(refusal(foundPromo({ daysOfWeek: [1, 2, 4, 5, 6, 7] }))).toBe('promo-code.day-not-active');
  });

  it('reads the weekday on the restaurant’s wall clock, not UTC', () => {
    expect(refusal(foundPromo({ daysOfWeek: [3] }), { orderAtMs: lateTuesdayUtc })).toBe('accepted');
    expect(refusal(foundPromo({ daysOfWeek: [2] }), { orderAtMs: lateTuesdayUtc })).toBe(
      'promo-code.day-not-active',
    );
    // The same instant at -01:00 (the Azores) is 22:30 on Tuesday.
    expect(refusal(foundPromo({ daysOfWeek: [2] }), { orderAtMs: lateTuesdayUtc, timezone: '-01:00' })).toBe(
      'accepted',
    );
  });

  it('says an expired code before a wrong day', () => {
    expect(refusal(foundPromo({ daysOfWeek: [1], endsAt: ORDER_AT - 1 }))).toBe('promo-code.after-finish');
  });
});

describe('first order only', () => {
  it('refuses a person with an earlier order that was not declined or cancelled', () => {
    const lookup = foundPromo({ firstOrderOnly: true }, { hasEarlierOrder: true });
    expect(refusal(lookup)).toBe('promo-code.first-order-only');
  });

  it('accepts a person without one', () => {
    const lookup = foundPromo({ firstOrderOnly: true }, { hasEarlierOrder: false });
    expect(judgePromoCode(lookup, context)).toMatchObject({ kind: 'accepted', warnings: [] });
  });

  it('applies it anonymously with a warning that signing in decides', () => {
    const lookup = foundPromo({ firstOrderOnly: true }, { usedByPerson: null, hasEarlierOrder: null });
    expect(judgePromoCode(lookup, context)).toMatchObject({
      kind: 'accepted',
      warnings: ['promo-code.first-order-unchecked'],
    });
  });

  it('ignores earlier orders for a code that is not first-order-only', () => {
    expect(refusal(foundPromo({}, { hasEarlierOrder: true }))).toBe('accepted');
  });
});
