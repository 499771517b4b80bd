/** Bounds of a cart the storefront and the API agree on (the API refuses more as a malformed request). */

/** Portions of one line, and items of one modifier. */
export const POSITION_COUNT_MAX = 99;
/** Lines in one cart. */
export const PREFLIGHT_LINES_MAX = 100;
/** Persons an order is set for (cutlery); the stepper stops here. */
export const PERSON_COUNT_MAX = 20;
export const PERSON_COUNT_MIN = 1;
export const PROMO_CODE_MAX_LENGTH = 32;
/** How long a preflight's quote stays valid for placing the order. */
export const QUOTE_TTL_MINUTES = 10;
