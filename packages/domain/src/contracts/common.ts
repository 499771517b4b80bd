import { z } from 'zod';
import { CUSTOMER_DELIVERY_METHODS, DELIVERY_METHODS, PAYMENT_METHODS } from '../methods/methods.ts';
import type { Minor } from '../money/money.ts';
import { DAYS_OF_WEEK, isCalendarDate, isTimeOfDay, isTimezoneOffset } from '../schedule/schedule.ts';

/** A numeric id in a path or query: digits only, so '1e3', '0x10' or '-1' are refused, not coerced. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647, 'is too large'));

export const id = z.number().int().positive();

/**
 * Free text the API stores (contacts, comments, addresses). PostgreSQL's text cannot hold U+0000, so a NUL
 * would fail the INSERT with a 500: it is refused here as malformed input, with the field (decision 27).
 */
export const storedText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

const wholeMinorUnits = z.number().int().nonnegative();
/**
 * Money in minor units (kopecks), never a float. It parses to the domain's branded Minor, so a price
 * keeps its unit from the database column to the screen; the brand is a type only, as zod's own
 * .brand() is, so the JSON stays a plain integer and the OpenAPI document is unchanged.
 */
export const minorAmount = wholeMinorUnits as typeof wholeMinorUnits & { _zod: { output: Minor } };

export const localizedText = z.object({ ru: z.string(), en: z.string().optional() });

export const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const bounds = z.object({ southWest: latLng, northEast: latLng });

/** ISO day of week, 1 = Monday … 7 = Sunday. */
export const dayOfWeek = z.literal(DAYS_OF_WEEK);

export const timeOfDay = z.string().refine(isTimeOfDay, 'must be a time of day HH:MM');
/** A day of the calendar, 'YYYY-MM-DD', that exists. */
export const calendarDate = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');

export const timezoneOffset = z.string().refine(isTimezoneOffset, 'must be an offset like +03:00');

export const whiteLabelId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a brand id of lower-case letters, digits and hyphens');

export const openingHoursDay = z.object({
  dayOfWeek: dayOfWeek,
  active: z.boolean(),
  /** 'HH:MM' in the restaurant's own time zone. */
  open: timeOfDay,
  /** 'HH:MM'; '00:00' or '23:59' mean the end of the day, and a time before `open` runs past midnight. */
  close: timeOfDay,
  /** A break inside the hours ('HH:MM'): closed from breakFrom until breakTo. Absent: no break. */
  breakFrom: timeOfDay.optional(),
  breakTo: timeOfDay.optional(),
});

export const tag = z.object({ id, code: z.string(), name: localizedText });

export const errorBody = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
});

export const deliveryMethod = z.enum(DELIVERY_METHODS);
/** The methods a storefront customer chooses between (DELIVERY, TAKE_AWAY). */
export const customerDeliveryMethod = z.enum(CUSTOMER_DELIVERY_METHODS);
export const paymentMethod = z.enum(PAYMENT_METHODS);
