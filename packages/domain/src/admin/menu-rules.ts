import { MINUTES_PER_DAY, parseTimeOfDay } from '../schedule/schedule.ts';

/**
 * The rules of the back office's menus, modifier groups and time slots that span fields (decision 45), written once:
 * the API answers them as 422 with the field, a form may show them before sending. Each returns the first problem.
 */

export interface FieldProblem {
  code:
    | 'admin.modifier-counts-invalid'
    | 'admin.time-slot-ends-before-start'
    | 'admin.time-slot-day-repeated';
  field: string;
}

/** A group's counts: max at least 1, min at most max, and min no more than the items there are to pick. */
export function modifierCountsProblem(group: {
  minCount: number;
  maxCount: number;
  itemCount: number;
}): FieldProblem | null {
  if (group.maxCount < 1) return { code: 'admin.modifier-counts-invalid', field: 'maxCount' };
  if (group.minCount > group.maxCount) return { code: 'admin.modifier-counts-invalid', field: 'minCount' };
  if (group.minCount > group.itemCount) return { code: 'admin.modifier-counts-invalid', field: 'minCount' };
  return null;
}

/** The minute a slot's day ends at: 00:00 as endAt is the day's end (midnight), as time-slots.ts reads it. */
export function slotEndMinute(endAt: string): number {
  return endAt === '00:00' ? MINUTES_PER_DAY : parseTimeOfDay(endAt);
}

/**
 * A slot's days: each day once, and each ending after it starts on that day (00:00 as endAt: at midnight). Hours past
 * midnight are not one day's: the next day gets its own from 00:00.
 */
export function timeSlotDaysProblem(
  details: readonly { dayOfWeek: number; startAt: string; endAt: string }[],
): FieldProblem | null {
  const seen = new Set<number>();
  for (const [index, detail] of details.entries()) {
    if (seen.has(detail.dayOfWeek))
      return { code: 'admin.time-slot-day-repeated', field: `details.${index}.dayOfWeek` };
    seen.add(detail.dayOfWeek);
    if (slotEndMinute(detail.endAt) <= parseTimeOfDay(detail.startAt))
      return { code: 'admin.time-slot-ends-before-start', field: `details.${index}.endAt` };
  }
  return null;
}
