import type { TimeSlot } from '../contracts/menus.ts';
import {
  DAYS_OF_WEEK,
  type DayOfWeek,
  DEFAULT_TIMEZONE,
  MINUTES_PER_DAY,
  parseTimeOfDay,
  wallClockAt,
} from '../schedule/schedule.ts';

/** docs/product.md §3 'Position time slots': some positions are sold only on some days and hours. */

export type TimeSlotDetail = TimeSlot['details'][number];

function isEndOfDay(time: string): boolean {
  return time === '00:00' || time === '23:59';
}

/**
 * The minutes of a detail's own day it covers, [start, end); end may pass 24:00 when endAt is before startAt
 * (the hours run past midnight into the next day, as for opening hours). 00:00 and 23:59 mean the day's end.
 */
function coveredMinutes(detail: TimeSlotDetail): { start: number; end: number } {
  const start = parseTimeOfDay(detail.startAt);
  if (isEndOfDay(detail.endAt)) return { start, end: MINUTES_PER_DAY };
  const end = parseTimeOfDay(detail.endAt);
  return { start, end: end <= start ? end + MINUTES_PER_DAY : end };
}

function previousDay(day: DayOfWeek): DayOfWeek {
  return (day === 1 ? 7 : day - 1) as DayOfWeek;
}

function shiftDay(day: DayOfWeek, by: number): DayOfWeek {
  return (((((day - 1 + by) % 7) + 7) % 7) + 1) as DayOfWeek;
}

/** The slots that restrict a position; none means it is always on sale. */
function slotsForPosition(positionId: number, slots: readonly TimeSlot[]): TimeSlot[] {
  return slots.filter((slot) => slot.positionIds.includes(positionId));
}

function activeDetails(slots: readonly TimeSlot[]): TimeSlotDetail[] {
  return slots.flatMap((slot) => slot.details.filter((detail) => detail.isActive));
}

/**
 * Whether a position can be ordered at a UTC instant, judged on the restaurant's wall clock: always when no
 * slot lists it, otherwise when an active detail of one of its slots covers the local day and time
 * (startAt inclusive, endAt exclusive).
 */
export function isPositionAvailableAt(
  positionId: number,
  slots: readonly TimeSlot[],
  utcMs: number,
  offset: string = DEFAULT_TIMEZONE,
): boolean {
  const own = slotsForPosition(positionId, slots);
  if (own.length === 0) return true;
  const { dayOfWeek, minuteOfDay } = wallClockAt(utcMs, offset);
  const yesterday = previousDay(dayOfWeek);
  return activeDetails(own).some((detail) => {
    const { start, end } = coveredMinutes(detail);
    if (detail.dayOfWeek === dayOfWeek) return minuteOfDay >= start && minuteOfDay < end;
    // Yesterday's hours may run past midnight into today.
    return detail.dayOfWeek === yesterday && minuteOfDay < end - MINUTES_PER_DAY;
  });
}

/**
 * When a position that is not on sale now next becomes available, for 'available from …' messages: the
 * restaurant-local day and start time of the next active detail within a week. Null when it is available now
 * (no slot restricts it, or a slot covers the moment) or when no detail of its slots is active.
 */
export function nextAvailability(
  positionId: number,
  slots: readonly TimeSlot[],
  utcMs: number,
  offset: string = DEFAULT_TIMEZONE,
): { dayOfWeek: DayOfWeek; time: string } | null {
  if (isPositionAvailableAt(positionId, slots, utcMs, offset)) return null;
  const details = activeDetails(slotsForPosition(positionId, slots));
  const { dayOfWeek, minuteOfDay } = wallClockAt(utcMs, offset);
  for (let step = 0; step < DAYS_OF_WEEK.length + 1; step++) {
    const day = shiftDay(dayOfWeek, step);
    const starts = details
      .filter((detail) => detail.dayOfWeek === day)
      .filter((detail) => step > 0 || parseTimeOfDay(detail.startAt) > minuteOfDay)
      .sort((a, b) => parseTimeOfDay(a.startAt) - parseTimeOfDay(b.startAt));
    const first = starts[0];
    if (first) return { dayOfWeek: day, time: first.startAt };
  }
  return null;
}
