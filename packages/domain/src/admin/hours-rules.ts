import { breakMinutes, closeMinute, parseTimeOfDay, shiftDate } from '../schedule/schedule.ts';

/**
 * The rules of a restaurant's hours and special days that span fields (decision 51), written once: the API answers
 * them as 422 with the field, the back office's form shows them before sending. Each returns the first problem.
 */
export interface HoursProblem {
  code:
    | 'admin.hours-day-repeated'
    | 'admin.hours-break-incomplete'
    | 'admin.hours-break-outside'
    | 'admin.special-day-hours-required'
    | 'admin.special-day-too-far';
  field: string;
}

/** How far ahead a special day may be set: two years of the restaurant's calendar. */
export const SPECIAL_DAY_MAX_DAYS_AHEAD = 731;

interface HoursFields {
  active?: boolean;
  open?: string | null;
  close?: string | null;
  breakFrom?: string | null;
  breakTo?: string | null;
}

/** A day's break: both ends or none, and strictly inside the day's hours (past midnight when the day runs past it). */
export function breakProblem(day: HoursFields, prefix = ''): HoursProblem | null {
  const hasFrom = Boolean(day.breakFrom);
  const hasTo = Boolean(day.breakTo);
  if (hasFrom !== hasTo)
    return { code: 'admin.hours-break-incomplete', field: `${prefix}${hasFrom ? 'breakTo' : 'breakFrom'}` };
  if (!hasFrom || !day.open || !day.close) return null;
  const rule = {
    active: true,
    open: day.open,
    close: day.close,
    breakFrom: day.breakFrom,
    breakTo: day.breakTo,
  };
  const pause = breakMinutes(rule);
  if (!pause) return null;
  if (pause.from <= parseTimeOfDay(day.open) || pause.from >= closeMinute(rule))
    return { code: 'admin.hours-break-outside', field: `${prefix}breakFrom` };
  if (pause.to >= closeMinute(rule)) return { code: 'admin.hours-break-outside', field: `${prefix}breakTo` };
  return null;
}

/** A week: each weekday at most once, each break inside its day's hours. Fields as `<prefix>N.<field>`. */
export function weekProblem(
  days: readonly (HoursFields & { dayOfWeek: number })[],
  prefix: string,
): HoursProblem | null {
  const seen = new Set<number>();
  for (const [index, day] of days.entries()) {
    if (seen.has(day.dayOfWeek))
      return { code: 'admin.hours-day-repeated', field: `${prefix}${index}.dayOfWeek` };
    seen.add(day.dayOfWeek);
    const problem = breakProblem(day, `${prefix}${index}.`);
    if (problem) return problem;
  }
  return null;
}

/** A special day: hours unless closed, a break inside them, and a date at most two years after `today`. */
export function specialDayProblem(
  day: HoursFields & { date: string; closed: boolean },
  today: string,
): HoursProblem | null {
  if (day.date > shiftDate(today, SPECIAL_DAY_MAX_DAYS_AHEAD))
    return { code: 'admin.special-day-too-far', field: 'date' };
  if (day.closed) return null;
  if (!day.open) return { code: 'admin.special-day-hours-required', field: 'open' };
  if (!day.close) return { code: 'admin.special-day-hours-required', field: 'close' };
  return breakProblem(day);
}
