import {
  type CustomerDeliveryMethod,
  hoursFor,
  type Locale,
  localDayStartMs,
  type PreOrderRules,
  parseTimezoneOffset,
  specialDaysFor,
} from '@storefront/domain';
import type { PreOrderHours, Resto } from '@storefront/domain/contracts';

/**
 * The pre-order rules of a restaurant for a method (docs/product.md §3 'Pre-order hours'): its working-hours answer for
 * the method, its opening hours, its zone, and now on the server's clock — what preOrderDays and
 * firstPreOrderSlot read, for the checkout's day and slot and the day-off dialog's offer.
 */
export function preOrderRulesFor(
  resto: Pick<Resto, 'openingHours' | 'timezone' | 'methodHours' | 'specialDays'>,
  method: CustomerDeliveryMethod,
  workingHours: readonly PreOrderHours[] | undefined,
  nowMs: number,
): PreOrderRules {
  const own = workingHours?.find((entry) => entry.type === method);
  return {
    nowMs,
    timezone: resto.timezone,
    // The method's own week and special days (decision 51), as the API's re-check reads them.
    openingHours: hoursFor(resto, method),
    specialDays: specialDaysFor(resto.specialDays, method),
    preOrder: own
      ? { minTimeMinutes: own.minTimeMinutes, dayInAdvance: own.dayInAdvance, hours: own.hours }
      : null,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'HH:MM' on the restaurant's clock. */
export function restoClockTime(utcMs: number, timezone: string): string {
  const local = new Date(utcMs + parseTimezoneOffset(timezone) * 60_000);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The restaurant-local date, e.g. '25 ноября' / '25 November'. */
export function restoClockDate(utcMs: number, timezone: string, locale: Locale): string {
  const local = new Date(utcMs + parseTimezoneOffset(timezone) * 60_000);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(local);
}

/** 0 today, 1 tomorrow, … for an instant, on the restaurant's clock. */
export function restoDaysAhead(utcMs: number, nowMs: number, timezone: string): number {
  return Math.round((localDayStartMs(utcMs, timezone) - localDayStartMs(nowMs, timezone)) / 86_400_000);
}
