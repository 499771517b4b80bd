/**
 * What a chain sells with an order (decision 56): add-ons offered in the cart, condiments given free by the
 * number of persons, and gifts above an order sum.
 */

/** A promotion is a slide of the home carousel ('banner') or, as well, a gift above a sum ('gift'). */
export const PROMOTION_KINDS = ['banner', 'gift'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** An order line is a dish the customer chose, a condiment given free by persons, or a gift. */
export const ORDER_LINE_KINDS = ['dish', 'free', 'gift'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

/** The brand's free condiments: at most this many kinds, each at most this many per person. */
export const FREE_CONDIMENTS_MAX = 10;
export const FREE_CONDIMENT_PER_PERSON_MAX = 5;

/** A menu's own add-on list (sauces, ginger, drinks) holds at most this many dishes. */
export const MENU_ADD_ONS_MAX = 30;
/** A gift promotion offers a choice of at most this many dishes. */
export const GIFT_OPTIONS_MAX = 6;

/** The cart shows at most this many add-ons of the menus' lists, then at most this many 'often ordered with'. */
export const ADD_ONS_LISTED_MAX = 8;
export const ADD_ONS_OFTEN_MAX = 6;
/** 'Often ordered with' counts the restaurant's orders of this many days back. */
export const CO_OCCURRENCE_DAYS = 90;
/** A pair is 'often' only when at least this many orders held both. */
export const CO_OCCURRENCE_MIN_ORDERS = 3;
