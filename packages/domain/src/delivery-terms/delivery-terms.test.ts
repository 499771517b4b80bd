import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveryRule } from '../contracts/deliveries.ts';
import { minor } from '../money/money.ts';
import { deliveryRuleAlert, deliveryTermsRows, hasDeliveryTerms, type TermsZone } from './delivery-terms.ts';

function rule(min: number, max: number | null, price: number, time = 60): DeliveryRule {
  return {
    orderPrice: { min: minor(min), max: max === null ? null : minor(max) },
    deliveryPrice: minor(price),
    time,
  };
}

// Given out of order on purpose: 1000–2000 costs 200, 2000–3000 costs 100, from 3000 free, below 1000 none.
const zone: TermsZone = {
  rules: [rule(200_000, 300_000, 10_000, 45), rule(300_000, null, 0, 0), rule(100_000, 200_000, 20_000)],
};
const capped: TermsZone = { rules: [rule(100_000, 200_000, 20_000), rule(200_000, 500_000, 0)] };
const m = minor;

describe('deliveryTermsRows (docs/product.md §2 item 3)', () => {
  it('lists the thresholds by their start, with free rows and minutes only when nonzero', () => {
    expect(deliveryTermsRows(zone)).toEqual([
      { from: 100_000, to: 200_000, cost: 20_000, isFree: false, minutes: 60 },
      { from: 200_000, to: 300_000, cost: 10_000, isFree: false, minutes: 45 },
      { from: 300_000, to: null, cost: 0, isFree: true, minutes: null },
    ]);
  });

  it('is empty for a zone without thresholds', () => {
    expect(deliveryTermsRows({ rules: [] })).toEqual([]);
  });

  it('hasDeliveryTerms: the button appears only for a zone with thresholds', () => {
    expect(hasDeliveryTerms(zone)).toBe(true);
    expect(hasDeliveryTerms({ rules: [] })).toBe(false);
    expect(hasDeliveryTerms(null)).toBe(false);
  });
});

describe('deliveryTermsRows: one row per total', () => {
  it('property: every total from the first min up to the last max falls in exactly one row', () => {
    const bands = fc
      .record({
        start: fc.integer({ min: 0, max: 100_000 }),
        widths: fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        prices: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 6, maxLength: 6 }),
        unbounded: fc.boolean(),
      })
      .chain(({ start, widths, prices, unbounded }) => {
        let from = start;
        const rules = widths.map((width, i) => {
          const last = i === widths.length - 1;
          const r = rule(from, last && unbounded ? null : from + width, prices[i] ?? 0);
          from += width;
          return r;
        });
        const end = from;
        return fc
          .shuffledSubarray(rules, { minLength: rules.length })
          .map((shuffled) => ({ rules: shuffled, end, unbounded }));
      });
    fc.assert(
      fc.property(bands, fc.integer({ min: 0, max: 1_000_000 }), ({ rules, end, unbounded }, offset) => {
        const rows = deliveryTermsRows({ rules });
        const first = rows[0]?.from ?? 0;
        const total = minor(first + (unbounded ? offset : offset % (end - first)));
        const holding = rows.filter((row) => total >= row.from && (row.to === null || total < row.to));
        expect(holding).toHaveLength(1);
      }),
    );
  });
});

describe('deliveryRuleAlert (docs/product.md §4)', () => {
  it('warns about the minimum order below the lowest threshold', () => {
    expect(deliveryRuleAlert(m(40_000), zone)).toEqual({
      kind: 'min-order',
      minOrderPrice: 100_000,
      orderPriceDifference: 60_000,
    });
  });

  it('warns about the maximum order at or above a finite maximum', () => {
    expect(deliveryRuleAlert(m(500_000), capped)).toEqual({ kind: 'max-order', maxOrderPrice: 500_000 });
    expect(deliveryRuleAlert(m(600_000), capped)).toEqual({ kind: 'max-order', maxOrderPrice: 500_000 });
    expect(deliveryRuleAlert(m(499_999), capped)).toMatchObject({ kind: 'current', deliveryPrice: 0 });
  });

  it('at the lowest threshold exactly gives its price and the amount left to the next', () => {
    expect(deliveryRuleAlert(m(100_000), zone)).toEqual({
      kind: 'current',
      deliveryPrice: 20_000,
      minOrderPrice: 100_000,
      next: { deliveryPrice: 10_000, orderPriceDifference: 100_000, isFree: false },
    });
  });

  it('just under a band edge tells the amount left to free delivery', () => {
    expect(deliveryRuleAlert(m(299_999), zone)).toEqual({
      kind: 'current',
      deliveryPrice: 10_000,
      minOrderPrice: 200_000,
      next: { deliveryPrice: 0, orderPriceDifference: 1, isFree: true },
    });
  });

  it('in the last unbounded band has no next threshold', () => {
    const alert = deliveryRuleAlert(m(300_000), zone);
    expect(alert).toEqual({ kind: 'current', deliveryPrice: 0, minOrderPrice: 300_000 });
    expect(alert).not.toHaveProperty('next');
  });

  it('in a gap between thresholds tells the amount left to the next one', () => {
    const gapped: TermsZone = { rules: [rule(0, 100_000, 30_000), rule(200_000, null, 0)] };
    expect(deliveryRuleAlert(m(150_000), gapped)).toEqual({
      kind: 'min-order',
      minOrderPrice: 200_000,
      orderPriceDifference: 50_000,
    });
  });

  it('a single free band from zero never warns', () => {
    expect(deliveryRuleAlert(m(0), { rules: [rule(0, null, 0)] })).toEqual({
      kind: 'current',
      deliveryPrice: 0,
      minOrderPrice: 0,
    });
  });

  it('is null for a zone without thresholds', () => {
    expect(deliveryRuleAlert(m(1), { rules: [] })).toBeNull();
  });
});
