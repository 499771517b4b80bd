import { localDayStartMs } from '../preflight/order-time.ts';
import {
  MINUTES_PER_DAY,
  type OpeningHoursDay,
  type SpecialDayRule,
  scheduleStateAt,
  wallClockAt,
} from '../schedule/schedule.ts';

/**
 * docs/product.md §3 'Pre-order hours' as the times a customer can pick: a grid of slots (15 minutes unless the brand
 * sets another) on the restaurant's own clock, from the earliest moment the kitchen can make it to the end of
 * the last day it takes orders for. The storefront lists them; the API re-checks a chosen one with
 * isPreOrderSlot, so both sides judge a time the same way.
 */

export const DEFAULT_SLOT_MINUTES = 15;
const MS_PER_MINUTE = 60_000;

export interface PreOrderRules {
  nowMs: number;
  /** The restaurant's offset, e.g. '+04:00'. */
  timezone: string;
  /** The method's opening hours (hoursFor; used when the pre-order settings have no hours of their own). */
  openingHours: readonly OpeningHoursDay[];
  /** The method's special days (specialDaysFor): they replace a date's hours, the pre-order hours' too. */
  specialDays?: readonly SpecialDayRule[];
  /** The restaurant's pre-order settings for the method (working-hours call); null: none set. */
  preOrder: { minTimeMinutes: number; dayInAdvance: number; hours: readonly OpeningHoursDay[] } | null;
  /** Extra lead on top of minTimeMinutes, e.g. 90 for a dish with extended cooking time. */
  extraLeadMinutes?: number;
  slotMinutes?: number;
}

export interface PreOrderDay {
  /** Epoch ms of the restaurant-local midnight that starts the day. */
  dayStartMs: number;
  /** 0 today, 1 tomorrow, … on the restaurant's clock. */
  daysAhead: number;
  /** Epoch ms of each slot, ascending. */
  slots: number[];
}

function hoursOf(rules: PreOrderRules): readonly OpeningHoursDay[] {
  const own = rules.preOrder?.hours ?? [];
  return own.length > 0 ? own : rules.openingHours;
}

/** The earliest instant a pre-order may be for: now + the minimum lead + any extra lead. */
function earliestPreOrderMs(rules: PreOrderRules): number {
  const lead = (rules.preOrder?.minTimeMinutes ?? 0) + (rules.extraLeadMinutes ?? 0);
  return rules.nowMs + lead * MS_PER_MINUTE;
}

/** Whether an instant falls on the slot grid of the restaurant's clock (whole minutes, a multiple of the slot). */
export function isOnSlotGrid(utcMs: number, timezone: string, slotMinutes = DEFAULT_SLOT_MINUTES): boolean {
  if (utcMs % MS_PER_MINUTE !== 0) return false;
  return wallClockAt(utcMs, timezone).minuteOfDay % slotMinutes === 0;
}

function isOpenAt(
  hours: readonly OpeningHoursDay[],
  utcMs: number,
  timezone: string,
  specialDays: readonly SpecialDayRule[] = [],
): boolean {
  const state = scheduleStateAt(hours, utcMs, timezone, specialDays);
  return state.kind === 'open' || state.kind === 'round-the-clock';
}

/** The days a customer may pre-order for, each with its free slots; days without a slot are left out. */
export function preOrderDays(rules: PreOrderRules): PreOrderDay[] {
  const slotMinutes = rules.slotMinutes ?? DEFAULT_SLOT_MINUTES;
  const hours = hoursOf(rules);
  const earliest = earliestPreOrderMs(rules);
  const today = localDayStartMs(rules.nowMs, rules.timezone);
  const lastDay = rules.preOrder?.dayInAdvance ?? 0;
  const days: PreOrderDay[] = [];
  for (let daysAhead = 0; daysAhead <= lastDay; daysAhead++) {
    const dayStartMs = today + daysAhead * MINUTES_PER_DAY * MS_PER_MINUTE;
    const slots: number[] = [];
    for (let minute = 0; minute < MINUTES_PER_DAY; minute += slotMinutes) {
      const at = dayStartMs + minute * MS_PER_MINUTE;
      if (at >= earliest && isOpenAt(hours, at, rules.timezone, rules.specialDays)) slots.push(at);
    }
    if (slots.length > 0) days.push({ dayStartMs, daysAhead, slots });
  }
  return days;
}

/** Whether a chosen time is one of the slots preOrderDays offers (the API's re-check at placement). */
export function isPreOrderSlot(utcMs: number, rules: PreOrderRules): boolean {
  const slotMinutes = rules.slotMinutes ?? DEFAULT_SLOT_MINUTES;
  if (!isOnSlotGrid(utcMs, rules.timezone, slotMinutes)) return false;
  if (utcMs < earliestPreOrderMs(rules)) return false;
  const today = localDayStartMs(rules.nowMs, rules.timezone);
  const lastDayEnd = today + ((rules.preOrder?.dayInAdvance ?? 0) + 1) * MINUTES_PER_DAY * MS_PER_MINUTE;
  if (utcMs >= lastDayEnd) return false;
  return isOpenAt(hoursOf(rules), utcMs, rules.timezone, rules.specialDays);
}

/** The first slot a customer could choose, or null when none is left in the pre-order window. */
export function firstPreOrderSlot(rules: PreOrderRules): number | null {
  return preOrderDays(rules)[0]?.slots[0] ?? null;
}
