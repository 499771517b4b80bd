import type { Minor } from '../money/money.ts';

/**
 * A bulk price change over a selection of dishes (the back office, decision 45): by a percentage (two decimals
 * at most, e.g. 7.5 or -12.25) or by an amount in minor units. Prices stay whole kopecks: the change of each
 * dish is rounded to the nearest kopeck, a half away from zero (+0.5 → +1, −0.5 → −1), in integer arithmetic,
 * so 10 % of 1 005 kopecks is +101 (100.5 rounded) and −10 % is −101.
 */
export type BulkPriceChange = { percent: number } | { amount: number };

/** Bounds of a bulk change: a price may be cut to nothing at most, and raised tenfold at most. */
export const BULK_PERCENT_MIN = -100;
export const BULK_PERCENT_MAX = 1000;
export const BULK_AMOUNT_MAX = 10_000_000;
/** The dearest a dish may be: 1 000 000 ₽ (and well inside the database's integer). */
export const DISH_PRICE_MAX = 100_000_000;

/** The percentage in hundredths of a percent, or null when it has more than two decimals. */
export function percentInBasisPoints(percent: number): number | null {
  const scaled = Math.round(percent * 100);
  return Math.abs(scaled - percent * 100) < 1e-6 ? scaled : null;
}

/** Integer division of a by b (b > 0) rounded to the nearest, a half away from zero. */
function divideRoundingHalfAway(a: number, b: number): number {
  const q = Math.floor(Math.abs(a) / b);
  const rest = Math.abs(a) - q * b;
  const rounded = rest * 2 >= b ? q + 1 : q;
  return a < 0 ? -rounded : rounded;
}

/**
 * The new price of one dish. It may come out at zero or below, or above DISH_PRICE_MAX: the caller refuses that
 * (isSellablePrice), naming the dish.
 */
export function applyBulkPriceChange(price: Minor, change: BulkPriceChange): number {
  if ('amount' in change) return price + change.amount;
  const basisPoints = percentInBasisPoints(change.percent);
  if (basisPoints === null) throw new RangeError(`percent ${change.percent} has more than two decimals`);
  return price + divideRoundingHalfAway(price * basisPoints, 10_000);
}

/** A new price a dish may have: whole, at least one kopeck (the positions table's check), at most DISH_PRICE_MAX. */
export function isSellablePrice(price: number): price is Minor {
  return Number.isSafeInteger(price) && price >= 1 && price <= DISH_PRICE_MAX;
}
