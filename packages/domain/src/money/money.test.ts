import { describe, expect, it } from 'vitest';
import { addMinor, formatMoney, minor } from './money.ts';

describe('money in minor units', () => {
  it('formats kopecks as roubles with at most two decimals', () => {
    const nbsp = /\s/g;
    expect(formatMoney(minor(49000), 'RUB', 'ru').replace(nbsp, ' ')).toBe('490 ₽');
    expect(formatMoney(minor(49050), 'RUB', 'ru').replace(nbsp, ' ')).toBe('490,5 ₽');
    expect(formatMoney(minor(123456), 'RUB', 'ru').replace(nbsp, ' ')).toBe('1 234,56 ₽');
    expect(formatMoney(minor(123456), 'RUB', 'en').replace(nbsp, ' ')).toBe('₽1,234.56');
    expect(formatMoney(minor(0), 'RUB', 'ru').replace(nbsp, ' ')).toBe('0 ₽');
  });

  it('refuses anything that is not a whole number of minor units', () => {
    expect(() => minor(10.5)).toThrow(RangeError);
    expect(() => minor(Number.NaN)).toThrow(RangeError);
    expect(() => minor(2 ** 60)).toThrow(RangeError);
    expect(addMinor(minor(100), minor(250), minor(1))).toBe(351);
  });
});
