import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import { PERSON_COUNT_MAX } from '../preflight/preflight-limits.ts';
import { pickAddOns } from './add-ons.ts';
import { freeCondimentLines } from './free-condiments.ts';
import { type GiftFacts, type GiftPromotion, judgeGift } from './gift-rules.ts';
import { ADD_ONS_LISTED_MAX, ADD_ONS_OFTEN_MAX } from './selling-constants.ts';

const NOW = Date.parse('2026-11-25T12:00:00+03:00');

function gift(overrides: Partial<GiftPromotion> = {}): GiftPromotion {
  return {
    id: 1,
    minSum: minor(150_000),
    positionIds: [8, 22],
    withPromoCode: false,
    withBonus: true,
    restoIds: [],
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

const facts = (overrides: Partial<GiftFacts> = {}): GiftFacts => ({
  dishesSum: minor(200_000),
  restoId: 1,
  nowMs: NOW,
  hasPromoCode: false,
  bonusSpent: minor(0),
  orderable: () => true,
  ...overrides,
});

describe('freeCondimentLines', () => {
  it('multiplies each condiment by the persons, in the brand’s order, leaving out the unorderable', () => {
    const lines = freeCondimentLines(
      [
        { positionId: 56, perPerson: 2 },
        { positionId: 53, perPerson: 1 },
        { positionId: 54, perPerson: 1 },
      ],
      3,
      (id) => id !== 54,
    );
    expect(lines).toEqual([
      { positionId: 56, count: 6, perPerson: 2 },
      { positionId: 53, count: 3, perPerson: 1 },
    ]);
  });

  it('counts a dish named twice in the settings once, as first named', () => {
    expect(
      freeCondimentLines(
        [
          { positionId: 53, perPerson: 1 },
          { positionId: 53, perPerson: 3 },
        ],
        2,
      ),
    ).toEqual([{ positionId: 53, count: 2, perPerson: 1 }]);
  });

  it('counts one person for a count that is not a positive whole number', () => {
    for (const persons of [0, -2, 1.5, Number.NaN])
      expect(freeCondimentLines([{ positionId: 53, perPerson: 2 }], persons)[0]?.count).toBe(2);
  });

  it('property: count = perPerson × persons for every orderable condiment, nothing else', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            positionId: fc.integer({ min: 1, max: 60 }),
            perPerson: fc.integer({ min: 1, max: 5 }),
          }),
          {
            maxLength: 10,
            selector: (c) => c.positionId,
          },
        ),
        fc.integer({ min: 1, max: PERSON_COUNT_MAX }),
        fc.func(fc.boolean()),
        (condiments, persons, orderable) => {
          const lines = freeCondimentLines(condiments, persons, (id) => orderable(id));
          expect(lines).toEqual(
            condiments
              .filter((c) => orderable(c.positionId))
              .map((c) => ({
                positionId: c.positionId,
                count: c.perPerson * persons,
                perPerson: c.perPerson,
              })),
          );
        },
      ),
    );
  });
});

describe('judgeGift', () => {
  it('gives the highest promotion reached, and the next threshold above', () => {
    const verdict = judgeGift(
      [gift({ id: 1, minSum: minor(100_000) }), gift({ id: 2 }), gift({ id: 3, minSum: minor(300_000) })],
      facts(),
    );
    expect(verdict).toMatchObject({ reached: { id: 2 }, positionId: 8, withheld: null });
    expect(verdict.next).toMatchObject({ promotion: { id: 3 }, amountLeft: 100_000 });
  });

  it('skips promotions of other restaurants, outside their window, or with nothing orderable', () => {
    const verdict = judgeGift(
      [
        gift({ id: 1, restoIds: [2] }),
        gift({ id: 2, startsAt: NOW + 1 }),
        gift({ id: 3, endsAt: NOW }),
        gift({ id: 4, positionIds: [99] }),
      ],
      facts({ orderable: (id) => id !== 99 }),
    );
    expect(verdict).toEqual({ reached: null, positionId: null, options: [], withheld: null, next: null });
  });

  it('falls back to a lower promotion that mixes with the promo code before withholding', () => {
    const both = [
      gift({ id: 1, minSum: minor(100_000), withPromoCode: true, positionIds: [22] }),
      gift({ id: 2 }),
    ];
    expect(judgeGift(both, facts({ hasPromoCode: true }))).toMatchObject({
      reached: { id: 1 },
      positionId: 22,
      withheld: null,
    });
    expect(judgeGift([gift({ id: 2 })], facts({ hasPromoCode: true }))).toMatchObject({
      reached: { id: 2 },
      positionId: null,
      withheld: 'gift.not-with-promo-code',
    });
    expect(judgeGift([gift({ withBonus: false })], facts({ bonusSpent: minor(1) }))).toMatchObject({
      positionId: null,
      withheld: 'gift.not-with-bonus',
    });
  });

  const giftArb = fc.record({
    id: fc.integer({ min: 1, max: 20 }),
    minSum: fc.integer({ min: 1, max: 500_000 }).map(minor),
    positionIds: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 6 }),
    withPromoCode: fc.boolean(),
    withBonus: fc.boolean(),
    restoIds: fc.constantFrom([], [1], [2]),
    startsAt: fc.constantFrom(null, NOW - 1, NOW + 1),
    endsAt: fc.constantFrom(null, NOW, NOW + 1),
  });
  const factsArb = fc.record({
    dishesSum: fc.integer({ min: 0, max: 600_000 }).map(minor),
    hasPromoCode: fc.boolean(),
    bonusSpent: fc.constantFrom(0, 1, 10_000).map(minor),
    chosen: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    stopped: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 10 }),
  });

  it('property: never below its threshold; withheld by a code or points it does not mix with; an orderable option', () => {
    fc.assert(
      fc.property(fc.array(giftArb, { maxLength: 5 }), factsArb, (gifts, f) => {
        const orderable = (id: number) => !f.stopped.includes(id);
        const verdict = judgeGift(gifts, {
          dishesSum: f.dishesSum,
          restoId: 1,
          nowMs: NOW,
          hasPromoCode: f.hasPromoCode,
          bonusSpent: f.bonusSpent,
          chosenPositionId: f.chosen,
          orderable,
        });
        if (!verdict.reached) {
          expect(verdict.positionId).toBeNull();
          return;
        }
        expect(f.dishesSum).toBeGreaterThanOrEqual(verdict.reached.minSum);
        if (f.hasPromoCode && !verdict.reached.withPromoCode)
          expect(verdict).toMatchObject({ positionId: null, withheld: 'gift.not-with-promo-code' });
        else if (f.bonusSpent > 0 && !verdict.reached.withBonus)
          expect(verdict).toMatchObject({ positionId: null, withheld: 'gift.not-with-bonus' });
        else expect(verdict.positionId).not.toBeNull();
        expect(verdict.options.length).toBeGreaterThan(0);
        for (const option of verdict.options) {
          expect(orderable(option)).toBe(true);
          expect(verdict.reached.positionIds).toContain(option);
        }
        if (verdict.positionId !== null) {
          expect(verdict.options).toContain(verdict.positionId);
          if (f.chosen !== null && verdict.options.includes(f.chosen))
            expect(verdict.positionId).toBe(f.chosen);
        }
        if (verdict.next) expect(verdict.next.amountLeft).toBe(verdict.next.promotion.minSum - f.dishesSum);
      }),
    );
  });
});

describe('pickAddOns', () => {
  it('caps the lists’ and the often-ordered parts apart', () => {
    const many = Array.from({ length: 40 }, (_, i) => i + 1);
    const picked = pickAddOns({
      listed: many,
      often: many.map((id) => id + 100),
      inCart: new Set(),
      orderable: () => true,
      isAdult: () => false,
      adultConfirmed: false,
    });
    expect(picked.filter((a) => a.reason === 'listed')).toHaveLength(ADD_ONS_LISTED_MAX);
    expect(picked.filter((a) => a.reason === 'often')).toHaveLength(ADD_ONS_OFTEN_MAX);
  });

  it('property: never in the cart, never unorderable, never 18+ unconfirmed, never twice', () => {
    const ids = fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 });
    fc.assert(
      fc.property(
        ids,
        ids,
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }),
        fc.func(fc.boolean()),
        fc.func(fc.boolean()),
        fc.boolean(),
        (listed, often, cart, orderable, adult, adultConfirmed) => {
          const picked = pickAddOns({
            listed,
            often,
            inCart: new Set(cart),
            orderable: (id) => orderable(id),
            isAdult: (id) => adult(id),
            adultConfirmed,
          });
          const pickedIds = picked.map((a) => a.positionId);
          expect(new Set(pickedIds).size).toBe(pickedIds.length);
          for (const id of pickedIds) {
            expect(cart).not.toContain(id);
            expect(orderable(id)).toBe(true);
            if (!adultConfirmed) expect(adult(id)).toBe(false);
          }
        },
      ),
    );
  });
});
