import { describe, expect, it } from 'vitest';
import { formatMoney, minor } from './money.ts';

describe('money in minor units', () => {
  it('formats kopecks as roubles with at most two decimals', () => {
    const nbsp = /\s/g;
    expect(formatMoney(minor(49000), 'RUB', 'ru').replace(nbsp, ' ')).toBe('490 ₽');
    expect(formatMoney(minor(49050), 'RUB', 'ru').replace(nbsp, ' ')).toBe('490,5 ₽');
    expect(formatMoney(minor(123456), 'RUB', 'ru').replace(nbsp, ' ')).toBe('1 234,56 ₽');
    expect(formatMoney(minor(123456), 'RUB', 'en').replace(nbsp, ' ')).toBe('₽1,234.56');
    expect(formatMoney(minor(0), 'RUB', 'ru').replace(nbsp, ' ')).toBe('0 ₽');
  });

  it('writes what Intl.NumberFormat writes, without loading it, for the languages and currency it knows', () => {
    const amounts = [
      0, 1, 5, 10, 99, 100, 101, 110, 999, 1000, 49050, 99999, 100000, 123456, 1234500, 100000000,
    ];
    for (const locale of ['ru', 'ru-RU', 'en', 'en-US', 'en-GB']) {
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'RUB',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      });
      for (const amount of [...amounts, ...amounts.map((a) => -a).filter((a) => a !== 0)])
        expect(formatMoney(minor(amount), 'RUB', locale), `${locale} ${amount}`).toBe(
          intl.format(amount / 100),
        );
    }
  });

  it('leaves other languages and currencies to Intl', () => {
    const nbsp = /\s/g;
    expect(formatMoney(minor(123456), 'EUR', 'ru').replace(nbsp, ' ')).toBe('1 234,56 €');
    expect(formatMoney(minor(123456), 'RUB', 'de').replace(nbsp, ' ')).toBe('1.234,56 ₽');
  });

  it('refuses anything that is not a whole number of minor units', () => {
    expect(() => minor(10.5)).toThrow(RangeError);
    expect(() => minor(Number.NaN)).toThrow(RangeError);
    expect(() => minor(2 ** 60)).toThrow(RangeError);
  });
});
