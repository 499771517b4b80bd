import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import { rule } from '../testing/location-fixtures.ts';
import { chooseDeliveryBand } from './delivery-band.ts';

const cheap = rule(50_000, 150_000, 20_000);
const free = rule(150_000, 500_000, 0);

describe('chooseDeliveryBand', () => {
  it('picks the rule covering [min, max) and the one after it, whatever order the zone lists them in', () => {
    expect(chooseDeliveryBand([free, cheap], minor(50_000))).toEqual({
      rules: [cheap, free],
      band: cheap,
      nextBand: free,
      problem: null,
    });
    expect(chooseDeliveryBand([free, cheap], minor(150_000))).toMatchObject({ band: free, nextBand: null });
    expect(chooseDeliveryBand([free, cheap], minor(149_999))).toMatchObject({ band: cheap, nextBand: free });
  });

  it('below the first minimum: not enough, with what is left, and the first rule next', () => {
    expect(chooseDeliveryBand([cheap, free], minor(30_000))).toEqual({
      rules: [cheap, free],
      band: null,
      nextBand: cheap,
      problem: { code: 'delivery.order-sum-not-enough.range', amountLeft: 20_000, limit: 50_000 },
    });
  });

  it('at or above the largest finite maximum: too large', () => {
    expect(chooseDeliveryBand([cheap, free], minor(500_000))).toEqual({
      rules: [cheap, free],
      band: null,
      nextBand: null,
      problem: { code: 'delivery.order-sum-too-large', limit: 500_000 },
    });
  });

  it('never too large with an unbounded rule', () => {
    const open = rule(150_000, null, 0);
    expect(chooseDeliveryBand([cheap, open], minor(10_000_000))).toMatchObject({ band: open, problem: null });
  });

  it('treats a gap between rules as below the next one', () => {
    const gap = [rule(0, 100_000, 30_000), rule(200_000, null, 0)];
    expect(chooseDeliveryBand(gap, minor(150_000))).toMatchObject({
      band: null,
      nextBand: gap[1],
      problem: { code: 'delivery.order-sum-not-enough.range', amountLeft: 50_000, limit: 200_000 },
    });
  });

  it('has no band and no problem for a zone without rules', () => {
    expect(chooseDeliveryBand([], minor(10_000))).toEqual({
      rules: [],
      band: null,
      nextBand: null,
      problem: null,
    });
  });

  it('the band chosen always covers the sum; without one, a problem says why', () => {
    const bands = fc
      .array(
        fc.record({ width: fc.integer({ min: 1, max: 100_000 }), gap: fc.integer({ min: 0, max: 3 }) }),
        {
          minLength: 1,
          maxLength: 6,
        },
      )
      .chain((widths) =>
        fc.tuple(
          fc.constant(widths),
          fc.integer({ min: 0, max: 50_000 }),
          fc.boolean(),
          fc.integer({ min: 0, max: 1_000_000 }),
        ),
      );
    fc.assert(
      fc.property(bands, ([widths, start, unbounded, judged]) => {
        let min = start;
        const rules = widths.map(({ width, gap }, index) => {
          const max = unbounded && index === widths.length - 1 ? null : min + width;
          const made = rule(min, max, index * 1_000);
          min += width + gap * 1_000;
          return made;
        });
        const choice = chooseDeliveryBand([...rules].reverse(), minor(judged));
        if (choice.band) {
          expect(judged).toBeGreaterThanOrEqual(choice.band.orderPrice.min);
          if (choice.band.orderPrice.max !== null) expect(judged).toBeLessThan(choice.band.orderPrice.max);
          expect(choice.problem).toBeNull();
        } else {
          expect(choice.problem).not.toBeNull();
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
