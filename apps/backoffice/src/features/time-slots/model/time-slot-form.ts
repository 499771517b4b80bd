import { isTimeOfDay, timeSlotDaysProblem } from '@storefront/domain';
import type { AdminTimeSlot } from '@storefront/domain/contracts';

/**
 * A selling slot's form model (decision 16). The API keeps hours per day (details: a day of the week, from, to); the
 * form offers the same hours for every chosen day (the usual case) or each day its own. Checked by the domain's rule
 * (admin/menu-rules.ts timeSlotDaysProblem, the one the API answers 422 with) before sending.
 */

export const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

export interface SlotDayValues {
  on: boolean;
  startAt: string;
  endAt: string;
}

export interface TimeSlotValues {
  name: string;
  /** One hours pair for every chosen day. */
  shared: boolean;
  startAt: string;
  endAt: string;
  /** Monday (1) to Sunday (7), at index day - 1. */
  days: SlotDayValues[];
  positionIds: number[];
}

/** The contract's TIME_SLOT_NAME_MAX (the browser imports no zod contract at run time, decision 7). */
const NAME_MAX = 120;

export function slotValues(slot: AdminTimeSlot | null): TimeSlotValues {
  const active = (slot?.details ?? []).filter((detail) => detail.isActive);
  const first = active[0];
  const shared = active.every((detail) => detail.startAt === first?.startAt && detail.endAt === first?.endAt);
  return {
    name: slot?.name ?? '',
    shared,
    startAt: first?.startAt ?? '11:00',
    endAt: first?.endAt ?? '16:00',
    days: WEEK.map((day) => {
      const detail = active.find((one) => one.dayOfWeek === day);
      return {
        on: !!detail,
        startAt: detail?.startAt ?? first?.startAt ?? '11:00',
        endAt: detail?.endAt ?? first?.endAt ?? '16:00',
      };
    }),
    positionIds: [...(slot?.positionIds ?? [])],
  };
}

/** The API's details of the form's values: a chosen day with the shared hours or its own, in week order. */
export function slotDetails(values: TimeSlotValues) {
  return WEEK.flatMap((day, index) => {
    const own = values.days[index];
    if (!own?.on) return [];
    const hours = values.shared ? values : own;
    return [{ dayOfWeek: day, startAt: hours.startAt, endAt: hours.endAt, isActive: true }];
  });
}

/** The field of a day's end: the shared one, or the day's own ('days.2.endAt'). */
export const endFieldOf = (values: TimeSlotValues, day: number) =>
  values.shared ? 'endAt' : `days.${day - 1}.endAt`;
export const startFieldOf = (values: TimeSlotValues, day: number) =>
  values.shared ? 'startAt' : `days.${day - 1}.startAt`;

/**
 * Each wrong field's issue code by its path: a name, hours as HH:MM, then the domain's rule (a day ending after it
 * starts; 00:00 as the end is midnight) on the field of that day's end.
 */
export function timeSlotIssues(values: TimeSlotValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!values.name.trim()) issues.name = 'required';
  else if (values.name.trim().length > NAME_MAX) issues.name = 'maxLength';
  const details = slotDetails(values);
  let timesOk = true;
  for (const detail of details) {
    const start = startFieldOf(values, detail.dayOfWeek);
    const end = endFieldOf(values, detail.dayOfWeek);
    if (!isTimeOfDay(detail.startAt)) {
      issues[start] = 'pattern';
      timesOk = false;
    }
    if (!isTimeOfDay(detail.endAt)) {
      issues[end] = 'pattern';
      timesOk = false;
    }
  }
  if (values.shared && !details.length) {
    if (!isTimeOfDay(values.startAt)) issues.startAt = 'pattern';
    if (!isTimeOfDay(values.endAt)) issues.endAt = 'pattern';
  }
  if (timesOk) {
    const problem = timeSlotDaysProblem(details);
    if (problem) {
      const day = details[Number(problem.field.split('.')[1])]?.dayOfWeek ?? 1;
      issues[problem.field.endsWith('endAt') ? endFieldOf(values, day) : 'days'] = problem.code;
    }
  }
  return issues;
}

/** The POST / PATCH body: whole lists (the days, the dishes). */
export function timeSlotBody(values: TimeSlotValues) {
  return { name: values.name.trim(), details: slotDetails(values), positionIds: values.positionIds };
}

/** The API's field path ('details.2.endAt', 'name', 'positionIds.4') as the form's field, given what was sent. */
export function slotFieldOf(path: string, values: TimeSlotValues): string | null {
  if (path === 'name') return 'name';
  if (path.startsWith('positionIds')) return 'positionIds';
  const detail = /^details\.(\d+)\.(startAt|endAt|dayOfWeek)$/.exec(path);
  if (detail) {
    const day = slotDetails(values)[Number(detail[1])]?.dayOfWeek;
    if (!day) return 'days';
    if (detail[2] === 'dayOfWeek') return 'days';
    return detail[2] === 'endAt' ? endFieldOf(values, day) : startFieldOf(values, day);
  }
  if (path.startsWith('details')) return 'days';
  return null;
}
