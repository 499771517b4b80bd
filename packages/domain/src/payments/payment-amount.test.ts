import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minor } from '../money/money.ts';
import { amountStringToMinor, minorToAmountString } from './payment-amount.ts';

describe('provider amounts', () => {
  it('writes minor units with a dot and two places', () => {
    expect(minorToAmountString(minor(129000))).toBe('1290.00');
    expect(minorToAmountString(minor(5))).toBe('0.05');
    expect(minorToAmountString(minor(123456))).toBe('1234.56');
  });

  it('reads decimal strings back, and refuses anything that is not one', () => {
    expect(amountStringToMinor('1290.00')).toBe(129000);
    expect(amountStringToMinor('1290.5')).toBe(129050);
    expect(amountStringToMinor('1290')).toBe(129000);
    for (const bad of ['', '1,00', '1.001', 'abc', '1e3', '.5', 'NaN'])
      expect(amountStringToMinor(bad)).toBeNull();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (n) => {
        expect(amountStringToMinor(minorToAmountString(minor(n)))).toBe(n);
      }),
    );
  });
});
