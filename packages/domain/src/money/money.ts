/**
 * Money is always an integer number of minor units (kopecks for RUB). The brand makes the type
 * impossible to mix up with a plain count or a price in roubles by accident.
 */
export type Minor = number & { readonly __unit: 'minor' };

export const MINOR_PER_MAJOR = 100;

export function minor(value: number): Minor {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${value}`);
  }
  return value as Minor;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * How the storefront's own languages write an amount in a currency they know: exactly what
 * `Intl.NumberFormat` writes (money.test.ts compares the two), without it. A browser's first
 * `Intl.NumberFormat` loads ICU's number data, about 60 ms on a fast machine and four times that
 * on a cheap phone, inside the first screen's render (decision 31). Any other locale or currency
 * goes to Intl.
 */
const LAYOUTS: Record<string, { group: string; decimal: string; symbolAfter: boolean }> = {
  ru: { group: '\u00a0', decimal: ',', symbolAfter: true },
  'ru-RU': { group: '\u00a0', decimal: ',', symbolAfter: true },
  en: { group: ',', decimal: '.', symbolAfter: false },
  'en-US': { group: ',', decimal: '.', symbolAfter: false },
  'en-GB': { group: ',', decimal: '.', symbolAfter: false },
};
const NARROW_SYMBOLS: Record<string, string> = { RUB: '\u20bd' };

function formatKnown(amount: Minor, symbol: string, locale: string): string | undefined {
  const layout = LAYOUTS[locale];
  if (!layout) return undefined;
  const absolute = Math.abs(amount);
  const whole = String(Math.floor(absolute / MINOR_PER_MAJOR)).replace(/\B(?=(\d{3})+$)/g, layout.group);
  const cents = absolute % MINOR_PER_MAJOR;
  // At most two decimals and none when whole: 490,5 rather than 490,50.
  const fraction = cents === 0 ? '' : layout.decimal + String(cents).padStart(2, '0').replace(/0$/, '');
  const number = whole + fraction;
  const sign = amount < 0 ? '-' : '';
  return layout.symbolAfter ? `${sign}${number}\u00a0${symbol}` : `${sign}${symbol}${number}`;
}

/** Formats minor units for display: divided by 100, at most two decimals, none when whole. */
export function formatMoney(amount: Minor, currency: string, locale: string): string {
  const symbol = NARROW_SYMBOLS[currency];
  const known = symbol === undefined ? undefined : formatKnown(amount, symbol, locale);
  if (known !== undefined) return known;
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // '690 ₽' and '₽690' rather than 'RUB 690'.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount / MINOR_PER_MAJOR);
}
