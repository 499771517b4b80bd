import {
  MINUTES_PER_DAY,
  type NextOpening,
  type OpeningHoursDay,
  parseTimeOfDay,
  parseTimezoneOffset,
  type SpecialDayRule,
  scheduleStateAt,
} from '../schedule/schedule.ts';
import type { PricingProblem } from './preflight-codes.ts';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;

/** The epoch ms of the restaurant-local midnight starting the day that holds `utcMs`. */
export function localDayStartMs(utcMs: number, offset: string): number {
  const offsetMs = parseTimezoneOffset(offset) * MS_PER_MINUTE;
  return Math.floor((utcMs + offsetMs) / MS_PER_DAY) * MS_PER_DAY - offsetMs;
}

/**
 * A NextOpening (weekday, wall-clock time, days ahead of the local day of `fromMs`) as an instant. Offsets are
 * fixed (docs/product.md §3 'timezone', no daylight saving), so a local day is always 24 hours long.
 */
export function nextOpeningAtMs(opening: NextOpening, fromMs: number, offset: string): number {
  return (
    localDayStartMs(fromMs, offset) +
    opening.daysAhead * MS_PER_DAY +
    parseTimeOfDay(opening.time) * MS_PER_MINUTE
  );
}

export interface OrderTimeSettings {
  nowMs: number;
  /** The request's preOrderAt, as sent (ISO 8601 with offset); null or absent: as soon as possible. */
  preOrderAt: string | null | undefined;
  preOrderEnabled: boolean;
  preOrder: { minTimeMinutes: number; dayInAdvance: number; hours: readonly OpeningHoursDay[] } | null;
  /** The method's week (hoursFor) and special days (specialDaysFor). */
  openingHours: readonly OpeningHoursDay[];
  specialDays?: readonly SpecialDayRule[];
  timezone: string;
}

export interface OrderTime {
  /** The instant the order is judged at: the pre-order time, or now. */
  orderAtMs: number;
  /** Null for as soon as possible, and for a pre-order the brand does not take (judged at now instead). */
  preOrderAtMs: number | null;
  problems: PricingProblem[];
}

/**
 * docs/product.md §4 'Schedule states' and ORDERING.md 'Preflight': when the order is for, whether that time may be
 * pre-ordered, and whether the restaurant takes orders then. Closed and day-off carry the next opening so the
 * storefront can say when to come back.
 */
export function judgeOrderTime(settings: OrderTimeSettings): OrderTime {
  const { nowMs, preOrder, timezone } = settings;
  const problems: PricingProblem[] = [];
  let preOrderAtMs: number | null = settings.preOrderAt ? Date.parse(settings.preOrderAt) : null;
  if (preOrderAtMs !== null && Number.isNaN(preOrderAtMs)) preOrderAtMs = null;
  if (preOrderAtMs !== null && !settings.preOrderEnabled) {
    problems.push({ code: 'person-order.pre-order-disabled' });
    preOrderAtMs = null;
  }

  if (preOrderAtMs !== null) {
    if (preOrderAtMs < nowMs + (preOrder?.minTimeMinutes ?? 0) * MS_PER_MINUTE) {
      problems.push({ code: 'person-order.pre-order-too-soon' });
    }
    // Without pre-order settings there is no horizon to hold the time to; the opening hours still apply.
    if (preOrder) {
      const horizonEnd = localDayStartMs(nowMs, timezone) + (preOrder.dayInAdvance + 1) * MS_PER_DAY;
      if (preOrderAtMs >= horizonEnd) problems.push({ code: 'person-order.pre-order-too-far' });
    }
  }

  const orderAtMs = preOrderAtMs ?? nowMs;
  const hours =
    preOrderAtMs !== null && preOrder && preOrder.hours.length > 0 ? preOrder.hours : settings.openingHours;
  const state = scheduleStateAt(hours, orderAtMs, timezone, settings.specialDays);
  if (state.kind === 'closed' || state.kind === 'day-off') {
    problems.push({
      code: 'resto.not-accepting-orders',
      ...(state.opensAt && { nextOpenAt: nextOpeningAtMs(state.opensAt, orderAtMs, timezone) }),
    });
  }
  return { orderAtMs, preOrderAtMs, problems };
}
