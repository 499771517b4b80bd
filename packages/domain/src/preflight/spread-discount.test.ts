import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Minor, minor } from '../money/money.ts';
import { spreadDiscount } from './spread-discount.ts';

const sums = (...values: number[]) => values.map((value) => minor(value));

describe('spreadDiscount', () => {
  it('shares in proportion, the remainder to the largest line', () => {
    // 1000 over 3000/2000/1000 of 6000: 500, 333.3, 166.6 → 500, 333, 166, and 1 left to the first (largest).
    expect(spreadDiscount(sums(3_000, 2_000, 1_000), minor(1_000))).toEqual([501, 333, 166]);
  });

  it('gives the remainder to the first of equal largest lines', () => {
    expect(spreadDiscount(sums(1_000, 5_000, 5_000), minor(100))).toEqual([9, 46, 45]);
  });

  it('gives nothing when there is no discount or nothing to share', () => {
    expect(spreadDiscount(sums(1_000, 2_000), minor(0))).toEqual([0, 0]);
    expect(spreadDiscount([], minor(0))).toEqual([]);
    expect(spreadDiscount(sums(0, 0), minor(0))).toEqual([0, 0]);
  });

  it('never discounts a line below zero when the discount is near the whole sum', () => {
    // Each floor is 9999, leaving 2 that the largest line alone cannot take.
    expect(spreadDiscount(sums(10_000, 10_000, 10_000), minor(29_999))).toEqual([10_000, 10_000, 9_999]);
    expect(spreadDiscount(sums(1, 1, 1), minor(2))).toEqual([1, 1, 0]);
    expect(spreadDiscount(sums(500, 300), minor(800))).toEqual([500, 300]);
  });

  it('refuses a discount above the sum', () => {
    expect(() => spreadDiscount(sums(100), minor(101))).toThrow(RangeError);
  });

  it('adds up exactly, and keeps every share within its line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, fraction) => {
          const lineSums = values.map((value) => minor(value)) as Minor[];
          const sum = values.reduce((total, value) => total + value, 0);
          const discount = minor(Math.floor(sum * fraction));
          const shares = spreadDiscount(lineSums, discount);
          expect(shares.reduce((total, share) => total + share, 0)).toBe(discount);
          shares.forEach((share, index) => {
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(values[index] ?? 0);
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
