import { z } from 'zod';
import { DELAY_MINUTES } from '../capacity/slot-capacity.ts';
import { FREE_CONDIMENT_PER_PERSON_MAX, FREE_CONDIMENTS_MAX } from '../selling/selling-constants.ts';
import { customerDeliveryMethod, id, idParam, localizedText, minorAmount } from './common.ts';
import { deliveryPointQuery } from './location.ts';

/**
 * What is sold with an order and cooked within capacity (decision 56): the preflight's free lines, gift and
 * add-ons, the pre-order picker's full slots, the board's delay, and the nearest pickup point for an address
 * outside every zone.
 */

/** The brand's free condiments (brand settings `freeCondiments`): each person of an order gets perPerson of each. */
export const freeCondiment = z.object({
  positionId: id,
  perPerson: z.number().int().min(1).max(FREE_CONDIMENT_PER_PERSON_MAX),
});
export const freeCondiments = z.array(freeCondiment).max(FREE_CONDIMENTS_MAX);

/** A condiment line the server adds at 0 ₽ ('Бесплатно на N персон'): count = perPerson × personCount. */
export const preflightFreeLine = z.object({
  id,
  menu: z.object({ id }),
  count: z.number().int().positive(),
  perPerson: z.number().int().positive(),
  personCount: z.number().int().positive(),
});
export type PreflightFreeLine = z.infer<typeof preflightFreeLine>;

/**
 * The cart's gift: the promotion reached (its dish at 0 ₽, chosen among `options`), withheld because the promotion
 * does not mix with a promo code or points, and the next threshold ('Ещё 350 ₽ до подарка'). Null: no gift
 * promotion runs in this restaurant now.
 */
export const preflightGift = z.object({
  /** The promotion whose threshold the cart reached; null below every threshold. */
  promotionId: id.nullable(),
  title: localizedText.nullable(),
  minSum: minorAmount.nullable(),
  /** The gift given (a dish id, count 1, 0 ₽); null when none is reached or it is withheld. */
  positionId: id.nullable(),
  menuId: id.nullable(),
  /** The dishes the customer may choose from (orderable now). */
  options: z.array(z.object({ id, menu: z.object({ id }) })),
  /** 'gift.not-with-promo-code' | 'gift.not-with-bonus' when reached but not given; null otherwise. */
  withheld: z.string().nullable(),
  /** The words for `withheld` in the request's language ('Подарок не суммируется с промокодом'); not a problem. */
  withheldMessage: z.string().nullable(),
  /** The next threshold above the cart: its promotion and the amount left to it. */
  next: z
    .object({ promotionId: id, title: localizedText, minSum: minorAmount, amountLeft: minorAmount })
    .nullable(),
});
export type PreflightGift = z.infer<typeof preflightGift>;

/** A dish offered under 'Добавить к заказу': from a menu's list ('listed') or often ordered with the cart. */
export const preflightAddOn = z.object({
  id,
  menu: z.object({ id }),
  reason: z.enum(['listed', 'often']),
});
export type PreflightAddOn = z.infer<typeof preflightAddOn>;

/** GET /api/v1/restos/{restoId}/slots?deliveryType=: the pre-order picker's full slots. */
export const restoSlotsParams = z.object({ restoId: idParam });
export const restoSlotsQuery = z.object({ deliveryType: customerDeliveryMethod });
export const restoSlotsResponse = z.object({
  restoId: id,
  deliveryType: customerDeliveryMethod,
  /** Orders one 15-minute slot holds for the method; null: no limit (and fullSlots is empty). */
  capacity: z.number().int().positive().nullable(),
  /** Starts (ISO 8601 UTC) of the 15-minute slots that are full, from now to the pre-order horizon. */
  fullSlots: z.array(z.string()),
  /** Minutes staff (or the board) add to every promised time now; 0 when none. */
  delayMinutes: z.number().int().nonnegative(),
});
export type RestoSlotsResponse = z.infer<typeof restoSlotsResponse>;

/** The 409 order.slot-full body: the slot asked is full; the next one with room, or null when none is left. */
export const slotFullBody = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })),
  nextFreeSlotAt: z.string().nullable(),
});

/** POST /api/v1/staff/restos/{restoId}/delay: +15/+30/+60 minutes on every promised time, or 0 to clear. */
export const delayRequest = z.object({
  extraMinutes: z.union([z.literal(0), ...DELAY_MINUTES.map((m) => z.literal(m))]),
});
export const restoDelay = z.object({
  extraMinutes: z.number().int().positive(),
  /** ISO 8601 UTC. */
  until: z.string(),
  /** 'staff': set on the board; 'auto': more orders than the restaurant's threshold wait unaccepted. */
  source: z.enum(['staff', 'auto']),
});
export type RestoDelay = z.infer<typeof restoDelay>;
export const delayResponse = z.object({ restoId: id, delay: restoDelay.nullable() });

/** GET /1/p/location/nearest-pickup?cityId&lat&lng: the city's take-away point nearest a point (straight line). */
export const nearestPickupQuery = deliveryPointQuery;
export const nearestPickupResponse = z.object({
  restoId: id,
  /** Straight-line distance in metres, rounded. */
  distanceMeters: z.number().int().nonnegative(),
});
export type NearestPickupResponse = z.infer<typeof nearestPickupResponse>;
