import type { z } from 'zod';
import type { openingHoursDay } from '../contracts/common.ts';

/** ISO day of week: 1 is Monday, 7 is Sunday (docs/product.md §2 item 12 lists them Monday to Sunday). */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const DEFAULT_TIMEZONE = '+03:00';
export const MINUTES_PER_DAY = 24 * 60;

/** One day of a restaurant's week, as the contracts describe it (see openingHoursDay). */
export type OpeningHoursDay = z.infer<typeof openingHoursDay>;

/** The next opening: its weekday, its time, and how many days from today (0 today, 7 a week on). */
export interface NextOpening {
  dayOfWeek: DayOfWeek;
  time: string;
  daysAhead: number;
}

export type ScheduleState =
  | { kind: 'round-the-clock' }
  | { kind: 'open'; closesAt: string }
  | { kind: 'closed'; opensAt: NextOpening | null }
  | { kind: 'day-off'; opensAt: NextOpening | null };

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const OFFSET_PATTERN = /^([+-])(\d{2}):(\d{2})$/;

export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

export function parseTimeOfDay(value: string): number {
  const match = TIME_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a time of day (HH:MM): ${value}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isTimezoneOffset(value: string): boolean {
  return OFFSET_PATTERN.test(value);
}

/** '+03:00' → 180 minutes east of UTC. */
export function parseTimezoneOffset(offset: string): number {
  const match = OFFSET_PATTERN.exec(offset);
  if (!match) throw new RangeError(`Not a time zone offset (±HH:MM): ${offset}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The day of week and minute of day on the restaurant's wall clock at a UTC instant. */
export function wallClockAt(utcMs: number, offset: string): { dayOfWeek: DayOfWeek; minuteOfDay: number } {
  const local = new Date(utcMs + parseTimezoneOffset(offset) * 60_000);
  const jsDay = local.getUTCDay();
  return {
    dayOfWeek: (jsDay === 0 ? 7 : jsDay) as DayOfWeek,
    minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

function closeMinute(day: OpeningHoursDay): number {
  if (day.close === '00:00' || day.close === '23:59') return MINUTES_PER_DAY;
  const close = parseTimeOfDay(day.close);
  // A close before the opening time means the restaurant works past midnight.
  return close <= parseTimeOfDay(day.open) ? close + MINUTES_PER_DAY : close;
}

/** docs/product.md §4: open 00:00 and close 00:00 or 23:59 is 'round the clock'. */
export function isRoundTheClock(day: OpeningHoursDay): boolean {
  return day.active && day.open === '00:00' && (day.close === '00:00' || day.close === '23:59');
}

/** docs/product.md §4: an end time of 00:00 or 23:59 is shown as 24:00. */
export function displayClosingTime(close: string): string {
  return close === '00:00' || close === '23:59' ? '24:00' : close;
}

function previousDay(day: DayOfWeek): DayOfWeek {
  return (day === 1 ? 7 : day - 1) as DayOfWeek;
}

function nextDay(day: DayOfWeek): DayOfWeek {
  return (day === 7 ? 1 : day + 1) as DayOfWeek;
}

function nextOpening(
  hours: readonly OpeningHoursDay[],
  today: DayOfWeek,
  minuteOfDay: number,
): NextOpening | null {
  const byDay = new Map(hours.map((day) => [day.dayOfWeek, day]));
  let day = today;
  for (let step = 0; step <= 7; step++) {
    const entry = byDay.get(day);
    if (entry?.active && (step > 0 || parseTimeOfDay(entry.open) > minuteOfDay)) {
      return { dayOfWeek: day, time: entry.open, daysAhead: step };
    }
    day = nextDay(day);
  }
  return null;
}

/** Whether the restaurant is open at a UTC instant, judged on its own wall clock. */
export function scheduleStateAt(
  hours: readonly OpeningHoursDay[],
  utcMs: number,
  offset: string = DEFAULT_TIMEZONE,
): ScheduleState {
  const { dayOfWeek, minuteOfDay } = wallClockAt(utcMs, offset);
  const today = hours.find((day) => day.dayOfWeek === dayOfWeek);
  const yesterday = hours.find((day) => day.dayOfWeek === previousDay(dayOfWeek));

  if (today && isRoundTheClock(today)) return { kind: 'round-the-clock' };

  // Yesterday's hours may run past midnight into today.
  if (yesterday?.active && !isRoundTheClock(yesterday)) {
    const spill = closeMinute(yesterday) - MINUTES_PER_DAY;
    if (spill > 0 && minuteOfDay < spill) return { kind: 'open', closesAt: yesterday.close };
  }
  if (!today?.active) return { kind: 'day-off', opensAt: nextOpening(hours, dayOfWeek, minuteOfDay) };

  const open = parseTimeOfDay(today.open);
  if (minuteOfDay >= open && minuteOfDay < closeMinute(today)) {
    return { kind: 'open', closesAt: displayClosingTime(today.close) };
  }
  return { kind: 'closed', opensAt: nextOpening(hours, dayOfWeek, minuteOfDay) };
}

/** A day's hours as a pickup point's info window shows them (docs/product.md §2 item 4 'Часы работы'). */
export type DayHours =
  | { kind: 'round-the-clock' }
  | { kind: 'day-off' }
  | { kind: 'hours'; open: string; close: string };

/** Today's hours on the restaurant's own wall clock; a missing or inactive day is a day off. */
export function hoursOnDayAt(
  hours: readonly OpeningHoursDay[],
  utcMs: number,
  offset: string = DEFAULT_TIMEZONE,
): DayHours {
  const { dayOfWeek } = wallClockAt(utcMs, offset);
  const today = hours.find((day) => day.dayOfWeek === dayOfWeek);
  if (!today?.active) return { kind: 'day-off' };
  if (isRoundTheClock(today)) return { kind: 'round-the-clock' };
  return { kind: 'hours', open: today.open, close: displayClosingTime(today.close) };
}
