import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import { applyBulkPriceChange, DISH_PRICE_MAX, isSellablePrice, percentInBasisPoints } from './bulk-price.ts';

describe('a bulk price change', () => {
  it('adds an amount in kopecks as it is', () => {
    expect(applyBulkPriceChange(minor(49_000), { amount: 1_500 })).toBe(50_500);
    expect(applyBulkPriceChange(minor(49_000), { amount: -49_000 })).toBe(0);
  });

  it('rounds a percentage to whole kopecks, a half away from zero', () => {
    // 10 % of 1 005 is 100.5 kopecks: +101 up, −101 down.
    expect(applyBulkPriceChange(minor(1_005), { percent: 10 })).toBe(1_106);
    expect(applyBulkPriceChange(minor(1_005), { percent: -10 })).toBe(904);
    // 7.5 % of 333 is 24.975: +25; 0.1 % of 449 is 0.449: nothing.
    expect(applyBulkPriceChange(minor(333), { percent: 7.5 })).toBe(358);
    expect(applyBulkPriceChange(minor(449), { percent: 0.1 })).toBe(449);
    // 12.25 % of 49 900 is 6 112.75: −6 113.
    expect(applyBulkPriceChange(minor(49_900), { percent: -12.25 })).toBe(43_787);
    expect(applyBulkPriceChange(minor(49_900), { percent: -100 })).toBe(0);
  });

  it('gives the same result for a percentage whatever its floating-point form', () => {
    // 0.1 + 0.2 is 0.30000000000000004: still 30 basis points.
    expect(percentInBasisPoints(0.1 + 0.2)).toBe(30);
    expect(applyBulkPriceChange(minor(10_000), { percent: 0.1 + 0.2 })).toBe(10_030);
  });

  it('takes at most two decimals of a percent', () => {
    expect(percentInBasisPoints(12.345)).toBeNull();
    expect(() => applyBulkPriceChange(minor(100), { percent: 12.345 })).toThrow(RangeError);
  });

  it('calls sellable only whole prices from one kopeck to the maximum', () => {
    expect(isSellablePrice(DISH_PRICE_MAX)).toBe(true);
    expect(isSellablePrice(DISH_PRICE_MAX + 1)).toBe(false);
    expect(isSellablePrice(1)).toBe(true);
    expect(isSellablePrice(0)).toBe(false);
    expect(isSellablePrice(-1)).toBe(false);
    expect(isSellablePrice(1.5)).toBe(false);
  });
});
