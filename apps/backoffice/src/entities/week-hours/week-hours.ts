import { DAYS_OF_WEEK, type DayOfWeek } from '@storefront/domain';
import type { AdminHoursDay } from '@storefront/domain/contracts';

/**
 * A week grid's values and the week the API takes (decision 51's rules): a day is off, hours, or round the clock
 * (00:00–00:00), with an optional break. Shared by the opening hours and a restaurant's own pre-order hours.
 */

export type DayMode = 'off' | 'hours' | 'allDay';

export interface DayValues {
  mode: DayMode;
  open: string;
  close: string;
  hasBreak: boolean;
  breakFrom: string;
  breakTo: string;
}

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

/** A week of its own to start from: every day 10:00–22:00. */
export const newWeekDays = (): DayValues[] => DAYS_OF_WEEK.map(() => ({ ...EMPTY_DAY }));

/** Seven rows, Monday first; a weekday the week lacks is off. */
export function weekDaysValues(days: readonly AdminHoursDay[]): DayValues[] {
  return DAYS_OF_WEEK.map((dayOfWeek) => dayValues(days.find((day) => day.dayOfWeek === dayOfWeek)));
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

/** Seven days, Monday first (a day's index is its weekday less one, as the API's field names count). */
export function weekDaysBody(days: readonly DayValues[]): AdminHoursDay[] {
  return days.map(dayBody);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The rows' times that are not HH:MM, as fields `<prefix>N.<field>` (the API would refuse them). */
export function weekTimeIssues(days: readonly DayValues[], prefix: string): string[] {
  const fields: string[] = [];
  days.forEach((day, index) => {
    if (day.mode !== 'hours') return;
    for (const key of ['open', 'close'] as const)
      if (!TIME.test(day[key])) fields.push(`${prefix}${index}.${key}`);
    if (day.hasBreak)
      for (const key of ['breakFrom', 'breakTo'] as const)
        if (day[key] && !TIME.test(day[key])) fields.push(`${prefix}${index}.${key}`);
  });
  return fields;
}
