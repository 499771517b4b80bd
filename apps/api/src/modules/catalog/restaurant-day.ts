import { localDayStartMs, parseTimezoneOffset } from '@storefront/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The restaurant-local day holding `utcMs`: its start (epoch ms) and its date 'YYYY-MM-DD', as orders'
 * local_date is written (fixed offsets, docs/product.md §3: a local day is always 24 hours).
 */
export function restaurantDay(utcMs: number, timezone: string): { startMs: number; date: string } {
  const local = new Date(utcMs + parseTimezoneOffset(timezone) * 60_000);
  return {
    startMs: localDayStartMs(utcMs, timezone),
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
  };
}
