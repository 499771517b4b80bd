import { z } from 'zod';
import { HOURS_METHODS } from '../methods/methods.ts';
import { calendarDate, dayOfWeek, errorBody, id, idParam, storedText, timeOfDay } from './common.ts';

/**
 * A restaurant's opening hours and special days in the back office (decision 51). The weeks are one versioned set
 * (the restaurant's `version`, shared with its other fields): 'ALL' is the restaurant's week; a method's week, when
 * set, replaces it for that method (null: the method follows 'ALL'). Special days are rows of their own, each
 * versioned. Audit kinds 'opening-hours' (entity: the restaurant) and 'special-day', both revertible.
 */

export const SPECIAL_DAY_NOTE_MAX = 200;

/** One day of a week: off (active false), hours, or round the clock (00:00–00:00); an optional break. */
export const adminHoursDay = z.object({
  dayOfWeek,
  active: z.boolean(),
  open: timeOfDay,
  /** '00:00' or '23:59': the end of the day; a time before `open` runs past midnight. */
  close: timeOfDay,
  breakFrom: timeOfDay.nullable().optional(),
  breakTo: timeOfDay.nullable().optional(),
});
export type AdminHoursDay = z.infer<typeof adminHoursDay>;

const week = z.array(adminHoursDay).max(7);

export const adminHoursWeeks = z.object({
  ALL: week,
  /** Null: delivery follows the restaurant's week. */
  DELIVERY: week.nullable(),
  TAKE_AWAY: week.nullable(),
});
export type AdminHoursWeeks = z.infer<typeof adminHoursWeeks>;

const note = z.object({
  ru: storedText(SPECIAL_DAY_NOTE_MAX).transform((value) => value.trim()),
  en: storedText(SPECIAL_DAY_NOTE_MAX)
    .transform((value) => value.trim())
    .optional(),
});

export const adminSpecialDay = z.object({
  id,
  restoId: id,
  date: z.string(),
  method: z.enum(HOURS_METHODS),
  closed: z.boolean(),
  open: z.string().nullable(),
  close: z.string().nullable(),
  breakFrom: z.string().nullable(),
  breakTo: z.string().nullable(),
  note: z.object({ ru: z.string(), en: z.string().optional() }),
  version: z.number().int().positive(),
});
export type AdminSpecialDay = z.infer<typeof adminSpecialDay>;

/** GET /api/v1/admin/restos/{restoId}/hours */
export const adminHours = z.object({
  restoId: id,
  /** The restaurant's version: PUT the weeks with it as If-Match. */
  version: z.number().int().positive(),
  weeks: adminHoursWeeks,
  specialDays: z.array(adminSpecialDay),
});
export type AdminHours = z.infer<typeof adminHours>;

export const adminHoursParams = z.object({ restoId: idParam });
export const adminSpecialDayParams = z.object({ restoId: idParam, specialDayId: idParam });

/** PUT /api/v1/admin/restos/{restoId}/hours: every week at once. */
export const adminHoursPut = z.object({ weeks: adminHoursWeeks });
export const adminHoursStaleBody = errorBody.extend({ current: adminHours });

const specialDayFields = {
  date: calendarDate,
  method: z.enum(HOURS_METHODS).default('ALL'),
  closed: z.boolean(),
  open: timeOfDay.nullable().optional(),
  close: timeOfDay.nullable().optional(),
  breakFrom: timeOfDay.nullable().optional(),
  breakTo: timeOfDay.nullable().optional(),
  note: note.optional(),
};

/** POST /api/v1/admin/restos/{restoId}/special-days */
export const adminSpecialDayCreate = z.object(specialDayFields);
export type AdminSpecialDayCreate = z.infer<typeof adminSpecialDayCreate>;

/** PATCH /api/v1/admin/restos/{restoId}/special-days/{specialDayId}: the fields to change, at least one. */
export const adminSpecialDayPatch = z
  .object({
    date: calendarDate.optional(),
    method: z.enum(HOURS_METHODS).optional(),
    closed: z.boolean().optional(),
    open: specialDayFields.open,
    close: specialDayFields.close,
    breakFrom: specialDayFields.breakFrom,
    breakTo: specialDayFields.breakTo,
    note: note.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');
export type AdminSpecialDayPatch = z.infer<typeof adminSpecialDayPatch>;
export const adminSpecialDayStaleBody = errorBody.extend({ current: adminSpecialDay });
