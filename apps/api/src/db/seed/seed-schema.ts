import {
  GIFT_OPTIONS_MAX,
  MENU_ADD_ONS_MAX,
  PAY_ENGINES,
  PROMO_CODE_KINDS,
  SLOT_CAPACITY_MAX,
  TAG_KINDS,
} from '@storefront/domain';
import {
  bonusProgram,
  bounds,
  customerDeliveryMethod,
  dayOfWeek,
  latLng,
  localizedText,
  MEASURE_UNITS,
  minorAmount,
  onlineMethod,
  openingHoursDay,
  paymentOptions,
  timeOfDay,
  timezoneOffset,
  whiteLabelId,
} from '@storefront/domain/contracts';
import { z } from 'zod';

/**
 * The shape of a brand's seed files (brands/<id>/seed/*.json). Ids are explicit so that links into
 * the demo (a dish, a promotion) stay the same after `npm run db:reset`.
 */
const id = z.number().int().positive();
const timestamp = z.iso.datetime({ offset: true }).nullable();

const seedTag = z.object({
  id,
  code: z.string().min(1),
  kind: z.enum(TAG_KINDS),
  name: localizedText,
});

const seedCity = z.object({
  id,
  name: localizedText,
  center: latLng,
  bounds,
  zoom: z.number().int(),
  order: z.number().int(),
});

const methods = z.object({
  delivery: z.boolean(),
  takeAway: z.boolean(),
  online: z.boolean(),
  table: z.boolean(),
});

const seedResto = z.object({
  id,
  cityIds: z.array(id).min(1),
  name: localizedText,
  address: localizedText,
  street: localizedText,
  description: localizedText,
  averageCheck: minorAmount,
  currency: z.string().length(3),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  links: z.array(z.string()),
  location: latLng,
  order: z.number().int(),
  timezone: timezoneOffset,
  /** The letters of its order numbers ('Б' in 'Б-042'), unique within the brand. */
  orderCode: z.string().regex(/^[\p{Lu}][\p{L}]{0,3}$/u, 'must be 1–4 letters, the first a capital'),
  /** Minutes an as-soon-as-possible take-away order takes. */
  takeAwayMinutes: z.number().int().min(0).max(1440),
  /** Take-away totals (minor units) at or above this are refused; absent: no maximum. */
  takeAwayMaxOrderSum: minorAmount.optional(),
  /** The most orders of each method one 15-minute slot holds (decision 56); absent: no limit. */
  slotCapacity: z
    .object({
      DELIVERY: z.number().int().min(1).max(SLOT_CAPACITY_MAX).optional(),
      TAKE_AWAY: z.number().int().min(1).max(SLOT_CAPACITY_MAX).optional(),
    })
    .optional(),
  methods,
  payConfig: z.object({ delivery: paymentOptions, takeAway: paymentOptions }),
  payEngine: z.enum(PAY_ENGINES),
  /** The online methods its shop has enabled (decision 55); absent: card only. */
  onlineMethods: z.array(onlineMethod).min(1).optional(),
  photos: z.array(z.string()),
  tags: z.array(z.string()),
  menuIds: z.array(id),
  openingHours: z.array(openingHoursDay).length(7),
  preOrder: z.array(
    z.object({
      type: customerDeliveryMethod,
      minTimeMinutes: z.number().int().nonnegative(),
      dayInAdvance: z.number().int().nonnegative(),
    }),
  ),
});

const seedPosition = z.object({
  id,
  groupId: id.nullable(),
  name: localizedText,
  description: localizedText,
  measure: z.object({ value: z.number().positive(), unit: z.enum(MEASURE_UNITS) }).nullable(),
  price: minorAmount.min(1),
  photos: z.array(z.string()),
  tags: z.array(z.string()),
  isAdult: z.boolean(),
  order: z.number().int(),
});

const seedMenu = z.object({
  id,
  name: localizedText,
  order: z.number().int(),
  methods,
  groups: z.array(
    z.object({ id, name: localizedText, order: z.number().int(), photos: z.array(z.string()) }),
  ),
  positions: z.array(seedPosition),
  /** The dishes the cart offers with this menu, in order (decision 56): dishes of the brand's menus. */
  addOnPositionIds: z.array(id).max(MENU_ADD_ONS_MAX).default([]),
});

const seedModifiers = z.object({
  modifiers: z.array(
    z.object({
      id,
      name: localizedText,
      nameUi: localizedText,
      items: z
        .array(z.object({ id, name: localizedText, price: minorAmount, order: z.number().int() }))
        .min(1),
    }),
  ),
  attachments: z.array(
    z.object({
      positionId: id,
      modifierId: id,
      minCount: z.number().int().nonnegative(),
      maxCount: z.number().int().positive(),
      order: z.number().int(),
    }),
  ),
});

const seedTimeSlot = z.object({
  id,
  name: z.string(),
  positionIds: z.array(id).min(1),
  details: z.array(z.object({ dayOfWeek, startAt: timeOfDay, endAt: timeOfDay, isActive: z.boolean() })),
});

const seedZone = z.object({
  id,
  restoId: id,
  name: localizedText,
  polygon: z.array(latLng).min(3),
  rules: z
    .array(
      z.object({
        orderPrice: z.object({ min: minorAmount, max: minorAmount.nullable() }),
        deliveryPrice: minorAmount,
        time: z.number().int().nonnegative(),
      }),
    )
    .min(1),
});

const seedPromotion = z.object({
  id,
  title: localizedText,
  text: localizedText,
  image: z.string().nullable(),
  priority: z.number().int(),
  startsAt: timestamp,
  endsAt: timestamp,
  /** Empty: every restaurant of the brand. */
  restoIds: z.array(id),
  /** A gift promotion (decision 56): an order from minSum gets one of the dishes at 0 ₽; absent: a slide only. */
  gift: z
    .object({
      minSum: minorAmount.min(1),
      positionIds: z.array(id).min(1).max(GIFT_OPTIONS_MAX),
      withPromoCode: z.boolean().default(false),
      withBonus: z.boolean().default(true),
    })
    .optional(),
});

const seedPromoCode = z.object({
  id,
  code: z.string().regex(/^[A-Z0-9-]{3,32}$/),
  description: localizedText,
  kind: z.enum(PROMO_CODE_KINDS),
  /** Percent (1–100) for 'percent', minor units for 'fixed'. */
  value: z.number().int().positive(),
  maxDiscountAmount: minorAmount.nullable(),
  minOrderAmount: minorAmount.nullable(),
  startsAt: timestamp,
  endsAt: timestamp,
  active: z.boolean(),
  /** Hours of the day, on the restaurant's clock, when the code works; null for all day. */
  hours: z.object({ from: timeOfDay, to: timeOfDay }).nullable(),
  /** Empty: every restaurant of the brand. */
  restoIds: z.array(id),
  /** Empty: every delivery method. */
  deliveryMethods: z.array(customerDeliveryMethod),
  totalLimit: z.number().int().positive().nullable(),
  perPersonLimit: z.number().int().positive().nullable(),
  usedCount: z.number().int().nonnegative(),
});

const seedWhiteLabel = z.object({
  id: whiteLabelId,
  name: localizedText,
  /** The brand's bonus program (decision 55); none: off until the owner sets one. */
  bonusProgram: bonusProgram.optional(),
});

export const brandSeed = z.object({
  whiteLabel: seedWhiteLabel,
  tags: z.array(seedTag),
  cities: z.array(seedCity).min(1),
  restos: z.array(seedResto).min(1),
  menus: z.array(seedMenu).min(1),
  modifiers: seedModifiers,
  timeSlots: z.array(seedTimeSlot),
  zones: z.array(seedZone),
  promotions: z.array(seedPromotion),
  promoCodes: z.array(seedPromoCode),
});

export type BrandSeed = z.infer<typeof brandSeed>;
