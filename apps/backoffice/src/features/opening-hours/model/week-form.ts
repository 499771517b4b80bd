import { type HoursProblem, weekProblem } from '@storefront/domain';
import type { AdminHoursDay, AdminHoursWeeks } from '@storefront/domain/contracts';
import {
  type DayValues,
  weekDaysBody,
  weekDaysValues,
  weekTimeIssues,
} from '../../../entities/week-hours/week-hours.ts';

/**
 * The weeks' values and the weeks the API takes (decision 51): a week grid per method (entities/week-hours), a
 * method's week may follow the restaurant's ('same').
 */

export const WEEK_METHODS = ['ALL', 'DELIVERY', 'TAKE_AWAY'] as const;
export type WeekMethod = (typeof WEEK_METHODS)[number];

export interface WeekValues {
  /** The method follows the restaurant's week (always false for 'ALL'). */
  same: boolean;
  days: DayValues[];
}

export type WeeksValues = Record<WeekMethod, WeekValues>;

function weekValues(days: readonly AdminHoursDay[] | null, fallback: readonly AdminHoursDay[]): WeekValues {
  return { same: days === null, days: weekDaysValues(days ?? fallback) };
}

export function weeksValues(weeks: AdminHoursWeeks): WeeksValues {
  return {
    ALL: weekValues(weeks.ALL, weeks.ALL),
    DELIVERY: weekValues(weeks.DELIVERY, weeks.ALL),
    TAKE_AWAY: weekValues(weeks.TAKE_AWAY, weeks.ALL),
  };
}

/** Seven days per week, Monday first (a day's index is its weekday less one, as the API's field names count). */
export function weeksBody(values: WeeksValues): AdminHoursWeeks {
  const week = (method: WeekMethod) => weekDaysBody(values[method].days);
  return {
    ALL: week('ALL'),
    DELIVERY: values.DELIVERY.same ? null : week('DELIVERY'),
    TAKE_AWAY: values.TAKE_AWAY.same ? null : week('TAKE_AWAY'),
  };
}

/** The form's field of an API field name: 'weeks.DELIVERY.2.breakFrom' → 'DELIVERY.days.2.breakFrom'. */
export function weekFieldOf(field: string | undefined): string | null {
  const match = /^weeks\.(ALL|DELIVERY|TAKE_AWAY)\.(\d)\.(open|close|breakFrom|breakTo)$/.exec(field ?? '');
  return match ? `${match[1]}.days.${match[2]}.${match[3]}` : null;
}

/** The problems the API would answer, found before sending: a time not HH:MM, a break missing an end or outside. */
export function weeksIssues(values: WeeksValues): { field: string; code: HoursProblem['code'] | 'time' }[] {
  const issues: { field: string; code: HoursProblem['code'] | 'time' }[] = [];
  for (const method of WEEK_METHODS) {
    const week = values[method];
    if (method !== 'ALL' && week.same) continue;
    for (const field of weekTimeIssues(week.days, `${method}.days.`)) issues.push({ field, code: 'time' });
  }
  if (issues.length > 0) return issues;
  const body = weeksBody(values);
  for (const method of WEEK_METHODS) {
    const week = body[method];
    const problem = week ? weekProblem(week, `weeks.${method}.`) : null;
    const field = weekFieldOf(problem?.field);
    if (problem && field) issues.push({ field, code: problem.code });
  }
  return issues;
}
