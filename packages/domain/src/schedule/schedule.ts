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
  /** breakUntil: closed for the day's break, open again at that time today. */
  | { kind: 'closed'; opensAt: NextOpening | null; breakUntil?: string }
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

/** The hours one date keeps: a weekday of the week, or a special day that replaces it. */
export interface DayRule {
  dayOfWeek?: DayOfWeek;
  active: boolean;
  open: string;
  close: string;
  /** A break inside the hours ('HH:MM'): closed from breakFrom until breakTo. */
  breakFrom?: string | null;
  breakTo?: string | null;
}

/**
 * A date on the restaurant's wall clock that does not follow its week (decision 51): closed all day, or other
 * hours. The engine takes them already chosen for one method (specialDaysFor).
 */
export interface SpecialDayRule {
  /** 'YYYY-MM-DD' on the restaurant's wall clock. */
  date: string;
  closed: boolean;
  open?: string | null;
  close?: string | null;
  breakFrom?: string | null;
  breakTo?: string | null;
}

export function closeMinute(day: DayRule): number {
  if (day.close === '00:00' || day.close === '23:59') return MINUTES_PER_DAY;
  const close = parseTimeOfDay(day.close);
  // A close before the opening time means the restaurant works past midnight.
  return close <= parseTimeOfDay(day.open) ? close + MINUTES_PER_DAY : close;
}

/** The break as minutes from the day's own midnight (past 1440 when it falls after midnight); null: none. */
export function breakMinutes(day: DayRule): { from: number; to: number } | null {
  if (!day.breakFrom || !day.breakTo) return null;
  let from = parseTimeOfDay(day.breakFrom);
  let to = parseTimeOfDay(day.breakTo);
  if (from < parseTimeOfDay(day.open)) from += MINUTES_PER_DAY;
  if (to <= from) to += MINUTES_PER_DAY;
  return { from, to };
}

/** docs/product.md §4: open 00:00 and close 00:00 or 23:59 is 'round the clock'; a break makes it ordinary hours. */
export function isRoundTheClock(day: DayRule): boolean {
  return (
    day.active &&
    day.open === '00:00' &&
    (day.close === '00:00' || day.close === '23:59') &&
    !(day.breakFrom && day.breakTo)
  );
}

/** docs/product.md §4: an end time of 00:00 or 23:59 is shown as 24:00. */
export function displayClosingTime(close: string): string {
  return close === '00:00' || close === '23:59' ? '24:00' : close;
}

function nextDay(day: DayOfWeek): DayOfWeek {
  return (day === 7 ? 1 : day + 1) as DayOfWeek;
}

const MS_PER_DAY = MINUTES_PER_DAY * 60_000;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a day that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The date ('YYYY-MM-DD') on the restaurant's wall clock at a UTC instant. */
export function localDateAt(utcMs: number, offset: string = DEFAULT_TIMEZONE): string {
  return new Date(utcMs + parseTimezoneOffset(offset) * 60_000).toISOString().slice(0, 10);
}

export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The special day on a date, if any. */
export function specialDayOn<T extends SpecialDayRule>(
  specialDays: readonly T[],
  date: string,
): T | undefined {
  return specialDays.find((day) => day.date === date);
}

/** What a date keeps: its special day when it has one, else its weekday; undefined: no hours (a day off). */
function dayRuleOn(
  hours: readonly OpeningHoursDay[],
  specialDays: readonly SpecialDayRule[],
  date: string,
  dayOfWeek: DayOfWeek,
): DayRule | undefined {
  const special = specialDayOn(specialDays, date);
  if (!special) return hours.find((day) => day.dayOfWeek === dayOfWeek);
  if (special.closed || !special.open || !special.close)
    return { active: false, open: '00:00', close: '00:00' };
  return {
    active: true,
    open: special.open,
    close: special.close,
    breakFrom: special.breakFrom,
    breakTo: special.breakTo,
  };
}

/** The wall clock at an instant and a reader of the rule of the day `shift` days from it. */
function calendarAt(
  hours: readonly OpeningHoursDay[],
  specialDays: readonly SpecialDayRule[],
  utcMs: number,
  offset: string,
) {
  const { dayOfWeek, minuteOfDay } = wallClockAt(utcMs, offset);
  const date = localDateAt(utcMs, offset);
  const weekday = (shift: number) => ((((dayOfWeek - 1 + shift) % 7) + 7) % 7) + 1;
  const dayAt = (shift: number) =>
    dayRuleOn(hours, specialDays, shift === 0 ? date : shiftDate(date, shift), weekday(shift) as DayOfWeek);
  return { dayOfWeek, minuteOfDay, dayAt, weekday };
}

/** How far ahead the next opening is looked for: two weeks, so a closed special day never hides the next week. */
const LOOKAHEAD_DAYS = 14;

function nextOpening(
  dayAt: (shift: number) => DayRule | undefined,
  today: DayOfWeek,
  minuteOfDay: number,
): NextOpening | null {
  let day = today;
  for (let step = 0; step <= LOOKAHEAD_DAYS; step++) {
    const entry = dayAt(step);
    if (entry?.active && (step > 0 || parseTimeOfDay(entry.open) > minuteOfDay)) {
      return { dayOfWeek: day, time: entry.open, daysAhead: step };
    }
    day = nextDay(day);
  }
  return null;
}

/**
 * The state inside a day's hours at a minute counted from that day's midnight: a break closes it until the
 * break's end; else open until the break or the day's close, whichever comes first.
 */
function insideHours(day: DayRule, minute: number, today: DayOfWeek, closesAt: string): ScheduleState {
  const pause = breakMinutes(day);
  if (pause && day.breakFrom && day.breakTo) {
    if (minute >= pause.from && minute < pause.to) {
      return {
        kind: 'closed',
        opensAt: { dayOfWeek: today, time: day.breakTo, daysAhead: 0 },
        breakUntil: day.breakTo,
      };
    }
    if (minute < pause.from) return { kind: 'open', closesAt: day.breakFrom };
  }
  return { kind: 'open', closesAt };
}

/**
 * Whether the restaurant is open at a UTC instant, judged on its own wall clock: the week (the method's own, see
 * hoursFor), its breaks, and the special days (specialDaysFor) that replace a date's weekday.
 */
export function scheduleStateAt(
  hours: readonly OpeningHoursDay[],
  utcMs: number,
  offset: string = DEFAULT_TIMEZONE,
  specialDays: readonly SpecialDayRule[] = [],
): ScheduleState {
  const { dayOfWeek, minuteOfDay, dayAt } = calendarAt(hours, specialDays, utcMs, offset);
  const today = dayAt(0);
  const yesterday = dayAt(-1);

  if (today && isRoundTheClock(today)) return { kind: 'round-the-clock' };

  // Yesterday's hours may run past midnight into today.
  if (yesterday?.active && !isRoundTheClock(yesterday)) {
    const spill = closeMinute(yesterday) - MINUTES_PER_DAY;
    if (spill > 0 && minuteOfDay < spill) {
      return insideHours(yesterday, minuteOfDay + MINUTES_PER_DAY, dayOfWeek, yesterday.close);
    }
  }
  if (!today?.active) return { kind: 'day-off', opensAt: nextOpening(dayAt, dayOfWeek, minuteOfDay) };

  const open = parseTimeOfDay(today.open);
  if (minuteOfDay >= open && minuteOfDay < closeMinute(today)) {
    return insideHours(today, minuteOfDay, dayOfWeek, displayClosingTime(today.close));
  }
  return { kind: 'closed', opensAt: nextOpening(dayAt, dayOfWeek, minuteOfDay) };
}

/** A day's hours as a pickup point's info window shows them (docs/product.md §2 item 4 'Часы работы'). */
export type DayHours =
  | { kind: 'round-the-clock' }
  | { kind: 'day-off' }
  | { kind: 'hours'; open: string; close: string; breakFrom?: string; breakTo?: string };

/** Today's hours on the restaurant's own wall clock (a special day's when today is one); missing or inactive: off. */
export function hoursOnDayAt(
  hours: readonly OpeningHoursDay[],
  utcMs: number,
  offset: string = DEFAULT_TIMEZONE,
  specialDays: readonly SpecialDayRule[] = [],
): DayHours {
  const today = calendarAt(hours, specialDays, utcMs, offset).dayAt(0);
  if (!today?.active) return { kind: 'day-off' };
  if (isRoundTheClock(today)) return { kind: 'round-the-clock' };
  return {
    kind: 'hours',
    open: today.open,
    close: displayClosingTime(today.close),
    ...(today.breakFrom && today.breakTo && { breakFrom: today.breakFrom, breakTo: today.breakTo }),
  };
}
