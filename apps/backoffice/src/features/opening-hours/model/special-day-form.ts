import { type HoursMethod, type HoursProblem, localDateAt, specialDayProblem } from '@storefront/domain';
import type { AdminSpecialDay } from '@storefront/domain/contracts';
import type { SpecialDayBody } from './hours-api.ts';

/** A special day's form values and the body the API takes (decision 51). */

export interface SpecialDayValues {
  date: string;
  method: HoursMethod;
  closed: boolean;
  open: string;
  close: string;
  hasBreak: boolean;
  breakFrom: string;
  breakTo: string;
  noteRu: string;
  noteEn: string;
}

export function specialDayValues(day: AdminSpecialDay | null, today: string): SpecialDayValues {
  return {
    date: day?.date ?? today,
    method: day?.method ?? 'ALL',
    closed: day?.closed ?? true,
    open: day?.open ?? '10:00',
    close: day?.close ?? '18:00',
    hasBreak: Boolean(day?.breakFrom),
    breakFrom: day?.breakFrom ?? '',
    breakTo: day?.breakTo ?? '',
    noteRu: day?.note.ru ?? '',
    noteEn: day?.note.en ?? '',
  };
}

export function specialDayBody(values: SpecialDayValues): SpecialDayBody {
  const withBreak = !values.closed && values.hasBreak;
  return {
    date: values.date,
    method: values.method,
    closed: values.closed,
    open: values.closed ? null : values.open || null,
    close: values.closed ? null : values.close || null,
    breakFrom: withBreak ? values.breakFrom || null : null,
    breakTo: withBreak ? values.breakTo || null : null,
    note: { ru: values.noteRu.trim(), ...(values.noteEn.trim() ? { en: values.noteEn.trim() } : {}) },
  };
}

/** Today on the restaurant's clock, for a new day's date. */
export const restoToday = (nowMs: number, timezone: string) => localDateAt(nowMs, timezone);

/** The problem the API would answer for the values (date, hours, break), or null. */
export function specialDayIssue(
  values: SpecialDayValues,
  today: string,
): HoursProblem | { code: 'date'; field: 'date' } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) return { code: 'date', field: 'date' };
  const body = specialDayBody(values);
  return specialDayProblem({ ...body, date: values.date, closed: values.closed }, today);
}
