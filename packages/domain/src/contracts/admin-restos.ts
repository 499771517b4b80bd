import { z } from 'zod';
import { DISH_PRICE_MAX } from '../admin/bulk-price.ts';
import { isEmailAddress, isPhoneNumber, isWebLink } from '../admin/resto-rules.ts';
import { ONLINE_PAY_METHODS } from '../bonus/bonus-program.ts';
import { AUTO_DELAY_THRESHOLD_MAX, DELAY_MINUTES, SLOT_CAPACITY_MAX } from '../capacity/slot-capacity.ts';
import { PAY_ENGINES } from '../methods/methods.ts';
import { adminDishName } from './admin.ts';
import { adminHoursDay } from './admin-hours.ts';
import { ADMIN_SET_MAX } from './admin-menus.ts';
import { onlineMethod } from './bonus.ts';
import { errorBody, id, idParam, latLng, storedText, timezoneOffset } from './common.ts';
import { paymentOptions } from './restos.ts';

/**
 * The brand's restaurants in the back office (decision 45's versioned rows, audit kind 'resto'): every field the
 * storefront shows of a restaurant but its hours, special days and zones (their own calls). A manager sees and edits
 * the restaurants of their account (as the board scopes them), an owner every one and adds new ones.
 */

export const RESTO_TEXT_MAX = 200;
export const RESTO_DESCRIPTION_MAX = 4000;
export const RESTO_CONTACTS_MAX = 10;
export const RESTO_LINK_MAX = 500;
export const PRE_ORDER_DAYS_MAX = 60;
export const PRE_ORDER_LEAD_MAX = 10_080;
export const TAKE_AWAY_MINUTES_MAX = 1440;
/** What a review link field takes before the server's own check (at most 500 characters, rating-rules.ts). */
export const REVIEW_LINK_INPUT_MAX = 4000;

const localizedOut = z.object({ ru: z.string(), en: z.string().optional() });

const trimmed = (max: number) => storedText(max).transform((value) => value.trim());
const restoText = z.object({ ru: trimmed(RESTO_TEXT_MAX), en: trimmed(RESTO_TEXT_MAX).optional() });
const restoDescription = z.object({
  ru: trimmed(RESTO_DESCRIPTION_MAX),
  en: trimmed(RESTO_DESCRIPTION_MAX).optional(),
});
const phone = trimmed(40).refine(isPhoneNumber, 'must be a phone number like +7 843 200-00-01');
const email = trimmed(200).refine(isEmailAddress, 'must be an e-mail address');
const link = trimmed(RESTO_LINK_MAX).refine(isWebLink, 'must be an http(s) link');
const money = z.number().int().min(0).max(DISH_PRICE_MAX);
/**
 * A review link as typed: trimmed, blank is none. Its host and length are the server's check (reviewLinkFits, 422
 * admin.review-link-invalid), so a form shows one message beside the field whatever is wrong with it.
 */
const reviewLink = storedText(REVIEW_LINK_INPUT_MAX)
  .transform((value) => value.trim() || null)
  .nullable();

/**
 * A method's own pre-order hours: a whole week, each weekday once (the opening hours' rules, admin/hours-rules.ts).
 * Null: pre-orders follow the method's opening hours.
 */
export const adminPreOrderHours = z.array(adminHoursDay).length(7).nullable();

/**
 * When a method takes orders for later: at least `minTimeMinutes` ahead, at most `dayInAdvance` days ahead, within
 * `hours`. enabled false: switched off, its settings kept for when it is switched on again.
 */
export const adminPreOrder = z.object({
  enabled: z.boolean(),
  minTimeMinutes: z.number().int().min(0).max(PRE_ORDER_LEAD_MAX),
  dayInAdvance: z.number().int().min(0).max(PRE_ORDER_DAYS_MAX),
  hours: adminPreOrderHours,
});
/** Per method; null: the method never took pre-orders. */
export const adminPreOrders = z.object({
  DELIVERY: adminPreOrder.nullable(),
  TAKE_AWAY: adminPreOrder.nullable(),
});

/**
 * A method's pre-orders as a change sends them: on with these settings (hours absent: kept as they are), or null:
 * off, its settings kept.
 */
const adminPreOrderInput = adminPreOrder.omit({ enabled: true, hours: true }).extend({
  hours: adminPreOrderHours.optional(),
});
const adminPreOrdersInput = z.object({
  DELIVERY: adminPreOrderInput.nullable(),
  TAKE_AWAY: adminPreOrderInput.nullable(),
});
export type AdminPreOrdersInput = z.infer<typeof adminPreOrdersInput>;

/** Something the restaurant's data holds that is allowed but probably a mistake (its pin outside its city). */
const restoWarning = z.object({ code: z.string(), message: z.string(), field: z.string() });

/** A restaurant as the back office edits it. */
export const adminResto = z.object({
  id,
  name: localizedOut,
  /** The full address customers read ('Казань, ул. Баумана, 44'); street: the short one on the pickup list. */
  address: localizedOut,
  street: localizedOut,
  description: localizedOut,
  /** Its pin on the map. */
  location: latLng,
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  links: z.array(z.string()),
  timezone: z.string(),
  averageCheck: z.number().int().nonnegative(),
  isDelivery: z.boolean(),
  isTakeAway: z.boolean(),
  payDelivery: paymentOptions,
  payTakeAway: paymentOptions,
  payEngine: z.enum(PAY_ENGINES),
  /** The online methods its shop has enabled, card first (decision 55): what a customer paying online picks. */
  onlineMethods: z.array(onlineMethod),
  /** Take-away as soon as possible: ready this many minutes after the order (its preparation time). */
  takeAwayMinutes: z.number().int().nonnegative(),
  /** Take-away totals at or above this are refused; null: no maximum. */
  takeAwayMaxOrderSum: z.number().int().positive().nullable(),
  /** The most orders of each method one 15-minute slot holds (decision 56); null: no limit. */
  slotCapacity: z.object({
    DELIVERY: z.number().int().positive().nullable(),
    TAKE_AWAY: z.number().int().positive().nullable(),
  }),
  /** More orders than `threshold` waiting unaccepted add `minutes` to every promised time; threshold null: off. */
  autoDelay: z.object({
    threshold: z.number().int().positive().nullable(),
    minutes: z.union(DELAY_MINUTES.map((m) => z.literal(m))),
  }),
  preOrder: adminPreOrders,
  /** Its map listings a customer rating 4–5 stars is invited to review it on (decision 57); null: none. */
  reviewLinks: z.object({ yandexMaps: z.string().nullable(), twoGis: z.string().nullable() }),
  /** The brand's menus it lists, ascending. */
  menuIds: z.array(id),
  /** Its city; null: none (then the storefront lists it in no city). */
  cityId: id.nullable(),
  /** false: off the storefront (its orders and history stay). */
  isPublished: z.boolean(),
  /** The letters before an order's daily number ('Б' in 'Б-042'); null: the id. */
  orderCode: z.string().nullable(),
  photos: z.array(z.string()),
  /** Allowed but doubtful: the pin outside its city's bounds (admin.resto-outside-city, field location). */
  warnings: z.array(restoWarning),
  /** Bumped by every back-office change; send it back as If-Match. */
  version: z.number().int().positive(),
});
export type AdminResto = z.infer<typeof adminResto>;
export type AdminPreOrders = z.infer<typeof adminPreOrders>;
export const adminRestoList = z.object({ restos: z.array(adminResto) });
export const adminRestoParams = z.object({ restoId: idParam });

const restoFields = {
  name: adminDishName,
  address: restoText,
  street: restoText,
  description: restoDescription,
  location: latLng,
  phones: z.array(phone).max(RESTO_CONTACTS_MAX),
  emails: z.array(email).max(RESTO_CONTACTS_MAX),
  links: z.array(link).max(RESTO_CONTACTS_MAX),
  timezone: timezoneOffset,
  averageCheck: money,
  isDelivery: z.boolean(),
  isTakeAway: z.boolean(),
  payDelivery: z.object({
    cardOnline: trimmed(100).nullable(),
    cardUponReceipt: z.boolean(),
    cashUponReceipt: z.boolean(),
  }),
  payTakeAway: z.object({
    cardOnline: trimmed(100).nullable(),
    cardUponReceipt: z.boolean(),
    cashUponReceipt: z.boolean(),
  }),
  payEngine: z.enum(PAY_ENGINES),
  onlineMethods: z
    .array(onlineMethod)
    .min(1, 'must name at least one method')
    .max(ONLINE_PAY_METHODS.length)
    .refine((methods) => new Set(methods).size === methods.length, 'must not repeat a method'),
  takeAwayMinutes: z.number().int().min(0).max(TAKE_AWAY_MINUTES_MAX),
  takeAwayMaxOrderSum: z.number().int().min(1).max(DISH_PRICE_MAX).nullable(),
  /** Either method may be named alone; null: no limit. */
  slotCapacity: z
    .object({
      DELIVERY: z.number().int().min(1).max(SLOT_CAPACITY_MAX).nullable(),
      TAKE_AWAY: z.number().int().min(1).max(SLOT_CAPACITY_MAX).nullable(),
    })
    .partial(),
  autoDelay: z
    .object({
      threshold: z.number().int().min(1).max(AUTO_DELAY_THRESHOLD_MAX).nullable(),
      minutes: z.union(DELAY_MINUTES.map((m) => z.literal(m))),
    })
    .partial(),
  preOrder: adminPreOrdersInput.partial(),
  /** Either listing may be named alone; null or blank: none. */
  reviewLinks: z.object({ yandexMaps: reviewLink, twoGis: reviewLink }).partial(),
  menuIds: z.array(id).max(ADMIN_SET_MAX),
  cityId: id.nullable(),
  isPublished: z.boolean(),
  orderCode: trimmed(8)
    .pipe(
      z
        .string()
        .min(1, 'must not be blank')
        .regex(/^[\p{L}\p{N}]+$/u, 'must be letters or digits'),
    )
    .nullable(),
};

/**
 * PATCH /api/v1/admin/restos/{restoId}: the fields to change, at least one. Lists (phones, e-mails, links, menus)
 * are whole new lists; preOrder may name one method.
 */
export const adminRestoPatch = z
  .object(restoFields)
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'must change something');
export type AdminRestoPatch = z.infer<typeof adminRestoPatch>;

/** POST /api/v1/admin/restos: a name, an address, a pin and a city at least; the rest as PATCH (unpublished at first). */
export const adminRestoCreate = z.object(restoFields).partial().extend({
  name: restoFields.name,
  address: restoFields.address,
  location: restoFields.location,
  cityId: id,
});
export type AdminRestoCreate = z.infer<typeof adminRestoCreate>;

/** A change's answer: the restaurant with its warnings. 412 admin.version-stale carries what it holds now. */
export const adminRestoStaleBody = errorBody.extend({ current: adminResto });
