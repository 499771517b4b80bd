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

export function addMinor(...amounts: Minor[]): Minor {
  return minor(amounts.reduce<number>((sum, amount) => sum + amount, 0));
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units for display: divided by 100, at most two decimals, none when whole. */
export function formatMoney(amount: Minor, currency: string, locale: string): string {
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
