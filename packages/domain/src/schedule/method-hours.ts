import type { CustomerDeliveryMethod, HoursMethod } from '../methods/methods.ts';
import type { OpeningHoursDay, SpecialDayRule } from './schedule.ts';

/**
 * Whose hours judge an order (decision 51): a method with a week of its own ('DELIVERY' or 'TAKE_AWAY' rows)
 * follows that week instead of the restaurant's ('ALL'); a special day of the method wins over the restaurant's
 * special day on the same date.
 */
export interface MethodSchedule {
  openingHours: OpeningHoursDay[];
  methodHours?: Partial<Record<CustomerDeliveryMethod, OpeningHoursDay[]>> | null;
  specialDays?: readonly (SpecialDayRule & { method: HoursMethod })[] | null;
}

/** The week a method follows: its own when it has one, else the restaurant's. Null method: the restaurant's. */
export function hoursFor(
  schedule: MethodSchedule,
  method: CustomerDeliveryMethod | null,
): readonly OpeningHoursDay[] {
  const own = method ? schedule.methodHours?.[method] : undefined;
  return own && own.length > 0 ? own : schedule.openingHours;
}

/** The special days a method keeps: the restaurant's ('ALL') and its own, its own winning on a shared date. */
export function specialDaysFor<T extends SpecialDayRule & { method: HoursMethod }>(
  specialDays: readonly T[] | null | undefined,
  method: CustomerDeliveryMethod | null,
): T[] {
  const byDate = new Map<string, T>();
  for (const day of specialDays ?? []) {
    if (day.method === 'ALL') {
      if (!byDate.has(day.date)) byDate.set(day.date, day);
    } else if (day.method === method) byDate.set(day.date, day);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
