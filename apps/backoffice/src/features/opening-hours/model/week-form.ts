import { DAYS_OF_WEEK, type DayOfWeek, type HoursProblem, weekProblem } from '@storefront/domain';
import type { AdminHoursDay, AdminHoursWeeks } from '@storefront/domain/contracts';

/**
 * The week grid's values and the weeks the API takes (decision 51). A day is off, hours, or round the clock
 * (00:00–00:00), with an optional break; a method's week may follow the restaurant's ('same').
 */

export const WEEK_METHODS = ['ALL', 'DELIVERY', 'TAKE_AWAY'] as const;
export type WeekMethod = (typeof WEEK_METHODS)[number];

export type DayMode = 'off' | 'hours' | 'allDay';

export interface DayValues {
  mode: DayMode;
  open: string;
  close: string;
  hasBreak: boolean;
  breakFrom: string;
  breakTo: string;
}

export interface WeekValues {
  /** The method follows the restaurant's week (always false for 'ALL'). */
  same: boolean;
  days: DayValues[];
}

export type WeeksValues = Record<WeekMethod, WeekValues>;

const EMPTY_DAY: DayValues = {
  mode: 'hours',
  open: '10:00',
  close: '22:00',
  hasBreak: false,
  breakFrom: '',
  breakTo: '',
};

function dayValues(day: AdminHoursDay | undefined): DayValues {
  if (!day) return { ...EMPTY_DAY, mode: 'off' };
  const allDay = day.open === '00:00' && (day.close === '00:00' || day.close === '23:59');
  return {
    mode: !day.active ? 'off' : allDay && !day.breakFrom ? 'allDay' : 'hours',
    open: day.open,
    close: day.close,
    hasBreak: Boolean(day.breakFrom && day.breakTo),
    breakFrom: day.breakFrom ?? '',
    breakTo: day.breakTo ?? '',
  };
}

function weekValues(days: readonly AdminHoursDay[] | null, fallback: readonly AdminHoursDay[]): WeekValues {
  const source = days ?? fallback;
  return {
    same: days === null,
    days: DAYS_OF_WEEK.map((dayOfWeek) => dayValues(source.find((day) => day.dayOfWeek === dayOfWeek))),
  };
}

export function weeksValues(weeks: AdminHoursWeeks): WeeksValues {
  return {
    ALL: weekValues(weeks.ALL, weeks.ALL),
    DELIVERY: weekValues(weeks.DELIVERY, weeks.ALL),
    TAKE_AWAY: weekValues(weeks.TAKE_AWAY, weeks.ALL),
  };
}

function dayBody(values: DayValues, index: number): AdminHoursDay {
  const dayOfWeek = (index + 1) as DayOfWeek;
  if (values.mode === 'allDay') return { dayOfWeek, active: true, open: '00:00', close: '00:00' };
  const withBreak = values.mode === 'hours' && values.hasBreak;
  return {
    dayOfWeek,
    active: values.mode === 'hours',
    open: values.open || '00:00',
    close: values.close || '00:00',
    breakFrom: withBreak ? values.breakFrom || null : null,
    breakTo: withBreak ? values.breakTo || null : null,
  };
}

/** Seven days per week, Monday first (a day's index is its weekday less one, as the API's field names count). */
export function weeksBody(values: WeeksValues): AdminHoursWeeks {
  const week = (method: WeekMethod) => values[method].days.map(dayBody);
  return {
    ALL: week('ALL'),
    DELIVERY: values.DELIVERY.same ? null : week('DELIVERY'),
    TAKE_AWAY: values.TAKE_AWAY.same ? null : week('TAKE_AWAY'),
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

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
    week.days.forEach((day, index) => {
      if (day.mode !== 'hours') return;
      for (const key of ['open', 'close'] as const)
        if (!TIME.test(day[key])) issues.push({ field: `${method}.days.${index}.${key}`, code: 'time' });
      if (day.hasBreak)
        for (const key of ['breakFrom', 'breakTo'] as const)
          if (day[key] && !TIME.test(day[key]))
            issues.push({ field: `${method}.days.${index}.${key}`, code: 'time' });
    });
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
