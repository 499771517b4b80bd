import { z } from 'zod';
import { HOURS_METHODS, PAY_ENGINES } from '../methods/methods.ts';
import { onlineMethod } from './bonus.ts';
import {
  calendarDate,
  deliveryMethod,
  id,
  idParam,
  latLng,
  localizedText,
  minorAmount,
  openingHoursDay,
  paymentMethod,
  tag,
  timeOfDay,
  timezoneOffset,
  whiteLabelId,
} from './common.ts';

const valueItem = z.object({ value: z.string() });

/** A week per method that has hours of its own (decision 51); absent: the method follows `openingHours`. */
export const methodHours = z.object({
  DELIVERY: z.array(openingHoursDay).optional(),
  TAKE_AWAY: z.array(openingHoursDay).optional(),
});

/**
 * A date on the restaurant's wall clock that does not follow its week: closed all day, or other hours (`open`,
 * `close`, an optional break). `method` 'ALL' applies to every method; a method's own row wins on its date.
 */
export const restoSpecialDay = z.object({
  date: calendarDate,
  method: z.enum(HOURS_METHODS),
  closed: z.boolean(),
  open: timeOfDay.optional(),
  close: timeOfDay.optional(),
  breakFrom: timeOfDay.optional(),
  breakTo: timeOfDay.optional(),
  /** What the storefront says about the day ('Санитарный день'). */
  note: localizedText,
});

export const paymentOptions = z.object({
  /** Online card payment is offered only when this is a non-empty string (the payment account's label). */
  cardOnline: z.string().nullable(),
  cardUponReceipt: z.boolean(),
  cashUponReceipt: z.boolean(),
});

const methodFlags = {
  isDelivery: z.boolean(),
  isOnline: z.boolean(),
  isTable: z.boolean(),
  isTakeAway: z.boolean(),
};

export const restoMenu = z.object({ id, name: localizedText, order: z.number().int(), ...methodFlags });

export const restoListItem = z.object({ id, name: localizedText, cityIds: z.array(id) });

export const resto = z.object({
  id,
  name: localizedText,
  cityIds: z.array(id),
  address: localizedText,
  street: localizedText,
  averageCheck: minorAmount,
  currency: z.string().length(3),
  description: localizedText,
  emails: z.array(valueItem),
  phones: z.array(valueItem),
  links: z.array(valueItem),
  location: latLng,
  menus: z.array(restoMenu),
  /** The restaurant's week ('ALL'): every method without a week of its own follows it. */
  openingHours: z.array(openingHoursDay),
  methodHours: methodHours.optional(),
  /** The special days from yesterday on, for the next 60 days, in date order (yesterday's may run past midnight). */
  specialDays: z.array(restoSpecialDay).optional(),
  order: z.number().int(),
  payConfig: z.object({ delivery: paymentOptions, takeAway: paymentOptions }),
  payEngine: z.enum(PAY_ENGINES),
  /** How a customer paying online may pay at this restaurant's shop (decision 55); absent: card only. */
  onlineMethods: z.array(onlineMethod).optional(),
  pays: z.array(z.object({ id, code: paymentMethod, name: localizedText })),
  photos: z.array(z.string()),
  tags: z.array(tag),
  timezone: timezoneOffset,
  ...methodFlags,
  /**
   * The take-away order total (after the promo discount) this restaurant refuses at or above, as a delivery
   * zone's last band does: the customer splits it into several orders. Null or absent: no maximum.
   */
  takeAwayMaxOrderSum: minorAmount.nullable().optional(),
});

export const restosQuery = z.object({
  whiteLabel: whiteLabelId.optional(),
  cityId: idParam.optional(),
});
export const restosResponse = z.array(restoListItem);
export const restoParams = z.object({ id: idParam });
export const restoResponse = resto;

/** Path of the calls scoped to one restaurant: /1/restos/{restoId}/… */
export const restoScopedParams = z.object({ restoId: idParam });

/** GET /1/restos/{restoId}/working-hours: when each method takes pre-orders (docs/product.md §3 'Pre-order hours'). */
export const preOrderHours = z.object({
  type: deliveryMethod,
  minTimeMinutes: z.number().int().nonnegative(),
  dayInAdvance: z.number().int().nonnegative(),
  hours: z.array(openingHoursDay),
});
export const workingHoursResponse = z.array(preOrderHours);

export type Resto = z.infer<typeof resto>;
export type RestoListItem = z.infer<typeof restoListItem>;
export type PreOrderHours = z.infer<typeof preOrderHours>;
