/**
 * Every problem a preflight can report (docs/product.md §8 codes where the specification names one). Texts are in errors.ts
 * (ERROR_MESSAGES) under the same keys, except where `messageKey` picks a more precise text for a code.
 */
export const PROMO_CODE_PROBLEMS = [
  'promo-code.not-found',
  'promo-code.not-found-for-resto',
  'promo-code.limit-exceed',
  'promo-code.person-limit-exceed',
  /** Anonymous preflight of a code limited per person: applied, but signing in is needed to check it. */
  'promo-code.person-limit-unchecked',
  'promo-code.before-start',
  'promo-code.after-finish',
  'promo-code.invalid-delivery-method',
  /** The specification also spells it so; the API never sends it, the storefront treats both alike. */
  'promo-code.invalid-delivery-type',
  'promo-code.not-active',
  'promo-code.hour-not-active',
  /** Not on this weekday of the restaurant's wall clock (the code's daysOfWeek). */
  'promo-code.day-not-active',
  /** A first-order-only code, and the person has an earlier order that was not declined or cancelled. */
  'promo-code.first-order-only',
  /** Anonymous preflight of a first-order-only code: applied, but signing in is needed to check it. */
  'promo-code.first-order-unchecked',
  /** Too many unknown codes tried from this client this hour: codes are not looked up for a while. */
  'promo-code.too-many-attempts',
] as const;

/** docs/product.md §8 'Restaurant capability codes': the restaurant does not take this payment for this method. */
export const PAYMENT_METHOD_PROBLEMS = [
  'resto.doesnt-support-delivery-online-pay',
  'resto.doesnt-support-delivery-card-pay',
  'resto.doesnt-support-delivery-cash-pay',
  'resto.doesnt-support-takeaway-online',
  'resto.doesnt-support-takeaway-card-pay',
  'resto.doesnt-support-takeaway-cash-pay',
] as const;

export const CART_PROBLEMS = [
  /** A dish not in this restaurant's menus, or in a menu not offered for this method (line). */
  'person-order.position-not-found-in-resto',
  /** A modifier item or group the dish does not offer (line). */
  'person-order.modifier-not-found',
  /** Fewer or more items of a modifier group than it allows (line). */
  'person-order.modifier-count-invalid',
  /** A time-slotted dish outside its slot at the order's time (line). */
  'person-order.position-not-available-at-time',
  /** Nothing orderable: an empty cart or every line unavailable ('add something else'). */
  'person-order.empty',
  /** The restaurant does not offer this delivery method at all. */
  'person-order.delivery-method-not-supported',
  /** Closed or a day off at the order's time (as soon as possible, or the pre-order time); nextOpenAt. */
  'resto.not-accepting-orders',
  /** A pre-order time in the past or sooner than the restaurant's minimum lead time. */
  'person-order.pre-order-too-soon',
  /** A pre-order time further ahead than the restaurant takes them. */
  'person-order.pre-order-too-far',
  /** Pre-orders are switched off for this brand. */
  'person-order.pre-order-disabled',
  /** DELIVERY without an address point. */
  'delivery.address-required',
  /** The point is outside every zone of this restaurant. */
  'delivery.address-outside-zone',
  /** Below the zone's minimum order; amountLeft and limit. Shown only through the delivery alert. */
  'delivery.order-sum-not-enough.range',
  /**
   * At or above the zone's maximum order, or for take-away the restaurant's takeAwayMaxOrderSum ('split it into
   * several orders'); limit.
   */
  'delivery.order-sum-too-large',
  /** The restaurant put this dish on today's stop-list: it has run out (line; decision 23). */
  'person-order.position-stopped',
  /** The kitchen paused as-soon-as-possible orders ('busy'); a pre-order is still taken (decision 23). */
  'resto.busy',
  /** The pre-order's 15-minute slot holds its capacity already (decision 56); nextOpenAt: the next slot with room. */
  'slot.full',
  /** As soon as possible: no slot with room is left before closing (decision 56). */
  'resto.slots-full',
] as const;

/** The points a cart asks to spend (decision 55); each spends nothing. over-limit carries `limit`. */
export const BONUS_PROBLEMS = [
  'bonus.program-off',
  'bonus.sign-in-required',
  'bonus.not-whole',
  'bonus.not-with-promo-code',
  'bonus.more-than-balance',
  'bonus.over-limit',
] as const;

export type PromoCodeProblem = (typeof PROMO_CODE_PROBLEMS)[number];
export type BonusProblem = (typeof BONUS_PROBLEMS)[number];
export type PaymentMethodProblem = (typeof PAYMENT_METHOD_PROBLEMS)[number];
export type CartProblem = (typeof CART_PROBLEMS)[number];
export type PreflightProblemCode = PromoCodeProblem | PaymentMethodProblem | CartProblem | BonusProblem;

/** A problem before it has words: the API adds the message in the request's language. */
export interface PricingProblem {
  code: PreflightProblemCode;
  /** A text more precise than the code's own (e.g. 'cannot be delivered' for a menu not for delivery). */
  messageKey?: string;
  line?: number;
  amountLeft?: number;
  limit?: number;
  /** Epoch ms. */
  nextOpenAt?: number;
}
