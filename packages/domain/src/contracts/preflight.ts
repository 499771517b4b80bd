import { z } from 'zod';
import {
  PERSON_COUNT_MAX,
  POSITION_COUNT_MAX,
  PREFLIGHT_LINES_MAX,
  PROMO_CODE_MAX_LENGTH,
} from '../preflight/preflight-limits.ts';
import { preflightBonus } from './bonus.ts';
import {
  customerDeliveryMethod,
  id,
  idParam,
  latLng,
  minorAmount,
  paymentMethod,
  storedText,
} from './common.ts';
import { deliveryRule } from './deliveries.ts';
import { preflightAddOn, preflightFreeLine, preflightGift } from './selling.ts';

export {
  PERSON_COUNT_MAX,
  POSITION_COUNT_MAX,
  PREFLIGHT_LINES_MAX,
  PROMO_CODE_MAX_LENGTH,
} from '../preflight/preflight-limits.ts';

/**
 * POST /1/persons/orders/preflight (anonymous) and POST /1/persons/{personId}/orders/preflight (personal):
 * the server prices a cart from its own catalog (docs/product.md §3 'Preflight request', ORDERING.md). `name`, `price`
 * and `sum` are accepted because the specification's clients send them, and never read as money.
 */
const clientMoney = z.number().optional();

export const preflightModifier = z.object({
  /** The modifier item id. */
  id,
  /** The modifier (group) id the item belongs to. */
  modifierId: id,
  count: z.number().int().min(1).max(POSITION_COUNT_MAX),
  price: clientMoney,
});

export const preflightPosition = z.object({
  id,
  menu: z.object({ id }),
  count: z.number().int().min(1).max(POSITION_COUNT_MAX),
  /** Absent means none. */
  modifiers: z.array(preflightModifier).max(50).optional(),
  name: z.string().max(500).optional(),
  price: clientMoney,
  sum: clientMoney,
});

export const preflightRequest = z.object({
  deliveryType: customerDeliveryMethod,
  payType: paymentMethod,
  /** Any case; blank or null is no code. */
  promoCode: z.string().max(PROMO_CODE_MAX_LENGTH).nullable().optional(),
  restoId: id,
  positions: z.array(preflightPosition).max(PREFLIGHT_LINES_MAX),
  /** DELIVERY only; ignored for TAKE_AWAY. */
  address: storedText(300).nullable().optional(),
  /** DELIVERY only; ignored for TAKE_AWAY. */
  location: latLng.nullable().optional(),
  /** When the order is wanted (ISO 8601 with offset); null or absent: as soon as possible. */
  preOrderAt: z.iso.datetime({ offset: true }).nullable().optional(),
  personCount: z.number().int().min(1).max(PERSON_COUNT_MAX).optional(),
  /**
   * Points the customer wants to spend, minor units of whole points (decision 55); absent or 0: none. More than
   * the balance, past the program's share, with a promo code the program does not mix, or signed out: a bonus.*
   * problem, and nothing is spent.
   */
  bonusToSpend: minorAmount.max(100_000_000_00).optional(),
  /** The dish picked among the reached gift's options (decision 56); absent or not an option: the first. */
  giftPositionId: id.nullable().optional(),
  /** The customer confirmed being 18+: adult dishes may then be offered as add-ons. */
  adultConfirmed: z.boolean().optional(),
});
export type PreflightRequest = z.infer<typeof preflightRequest>;
export type PreflightPosition = z.infer<typeof preflightPosition>;

export const personPreflightParams = z.object({ personId: idParam });

/** A problem of the cart: a docs/product.md §8 code, the words for the customer, and where it belongs. */
export const preflightProblem = z.object({
  code: z.string(),
  message: z.string(),
  /** Index into the request's positions when the problem is one line's. */
  line: z.number().int().nonnegative().optional(),
  /** The amount left to a minimum (delivery minimum or, for information, a promo code's minimum). */
  amountLeft: minorAmount.optional(),
  /** The limit the problem is about (a zone's minimum or maximum order). */
  limit: minorAmount.optional(),
  /** When the restaurant next takes orders (ISO 8601, UTC), for closed and day-off problems. */
  nextOpenAt: z.string().optional(),
});
export type PreflightProblem = z.infer<typeof preflightProblem>;

const amountLine = z.object({ code: z.string(), name: z.string(), amount: minorAmount });

export const pricedModifier = z.object({
  id,
  modifierId: id,
  count: z.number().int().positive(),
  /** The server's price of one item. */
  price: minorAmount,
});

/** docs/product.md §3 'Preflight response read', one per request position in the same order. */
export const pricedPosition = z.object({
  id,
  menu: z.object({ id }),
  count: z.number().int().positive(),
  /** The server's price of one portion without modifiers. */
  price: minorAmount,
  modifiers: z.array(pricedModifier),
  /** (price + Σ modifier count × price) × count; 0 for a line that cannot be ordered. */
  sum: minorAmount,
  /** Discounts other than a promo code's: the points spent on the line ({code: 'bonus'}, decision 55). */
  discounts: z.array(amountLine),
  /** The promo code's share of this line. */
  promoCodes: z.array(amountLine),
  specials: z.array(amountLine),
  /** sum − the line's promo share and points; the lines add up exactly to payable − deliveryPrice. */
  payableAmount: minorAmount,
  /** False when a problem keeps this line out of the order (not found, not sold now, bad modifiers). */
  available: z.boolean(),
});
export type PricedPosition = z.infer<typeof pricedPosition>;

export const appliedPromoCode = z.object({
  code: z.string(),
  /** False below the code's minimum order: kept, not applied ('add N ₽ more'). */
  active: z.boolean(),
  maxDiscountAmount: minorAmount.nullable(),
  minOrderAmount: minorAmount.nullable(),
  discount: minorAmount,
  /** What is left to the code's minimum order; 0 when active. */
  amountLeft: minorAmount,
});
export type AppliedPromoCode = z.infer<typeof appliedPromoCode>;

/** A delivery band of the zone: orders in [min, max) pay deliveryPrice. */
export const deliveryBand = deliveryRule;

export const preflightResponse = z.object({
  restoId: id,
  deliveryType: customerDeliveryMethod,
  payType: paymentMethod,
  currency: z.string().length(3),
  /** The moment the order is judged at (ISO 8601 UTC): preOrderAt, or the server's now. */
  orderAt: z.string(),
  preOrderAt: z.string().nullable(),
  positions: z.array(pricedPosition),
  /** The code as applied or kept; null when none was sent or it was refused. */
  promoCode: appliedPromoCode.nullable(),
  promoCodeMaxDiscountAmount: minorAmount.nullable(),
  promoCodeMinOrderAmount: minorAmount.nullable(),
  positionsCount: z.number().int().nonnegative(),
  /** Σ line sums of the available lines. */
  sum: minorAmount,
  discount: minorAmount,
  deliveryPrice: minorAmount,
  /** sum − discount − bonus.spent + deliveryPrice. */
  payable: minorAmount,
  /** Points: the balance, what this cart may spend, spends and would earn; null when the brand has no program. */
  bonus: preflightBonus.nullable(),
  /** DELIVERY: the zone holding the location; null for take-away or outside every zone. */
  deliveryZoneId: id.nullable(),
  /** The zone's bands, for the 'Условия доставки' table and the delivery alert. */
  deliveryRules: z.array(deliveryRule),
  /** The band holding sum − discount; null below the minimum, at/above the maximum, or no zone. */
  deliveryBand: deliveryBand.nullable(),
  nextDeliveryBand: deliveryBand.nullable(),
  /** Condiments the server adds at 0 ₽ by the person count (decision 56); never in `positions`. */
  freeLines: z.array(preflightFreeLine),
  /** The gift reached or next; null when no gift promotion runs here now. */
  gift: preflightGift.nullable(),
  /** 'Добавить к заказу': never in the cart, stopped, out of its time slot or 18+ unconfirmed. */
  addOns: z.array(preflightAddOn),
  /**
   * When the order would be ready (take-away) or delivered, as placement would promise it now (ISO 8601 UTC): the
   * pre-order time, or now + the cooking or delivery time + the restaurant's delay, moved to the first 15-minute
   * slot with room. Null when the order cannot be placed now.
   */
  readyAt: z.string().nullable(),
  /** Minutes the restaurant adds to promised times now (staff's +15/+30/+60 or the automatic delay); 0: none. */
  delayMinutes: z.number().int().nonnegative(),
  problems: z.array(preflightProblem),
  /** docs/product.md §8 clients read errors[0]: the first problem, or empty. */
  errors: z.array(z.object({ code: z.string(), message: z.string() })),
  /** A signed, short-lived token of this exact pricing; order placement compares against it. */
  quote: z.string(),
  quoteExpiresAt: z.string(),
});
export type PreflightResponse = z.infer<typeof preflightResponse>;
