/**
 * Every local-storage key of the storefront (docs/product.md §3), and nothing else is written. The last five were
 * renamed from the older names on the right; they are moved once at start (storage-at-start.ts).
 */
export const STORAGE_KEYS = {
  locale: 'app_locale',
  version: 'app_version',
  whiteLabel: 'app_white_label',
  cartPositions: 'cart_positions',
  /** Not in the specification's list (docs/product.md §3): the points the cart spends survive a reload (decision 55). */
  cartBonusToSpend: 'cart_bonus_to_spend',
  personProfile: 'person_profile',
  personTokenSet: 'person_token_set',
  adulthoodConfirmed: 'person_adulthood_confirmed',
  cookiesConsentAccepted: 'person_cookies_consent_accepted',
  cityId: 'city_id',
  deliveryMethod: 'order_delivery_method',
  paymentMethod: 'order_payment_method',
  restoId: 'resto_id',
  /** Not in the specification's list (docs/product.md §3): the delivery address must survive a reload too (decision 7). */
  deliveryPlace: 'order_delivery_place',
  /** docs/product.md §3 'Order draft' (persisted locally): person count and promo code, later the contacts. */
  orderDraft: 'order_draft',
  /** Not in the specification's list (docs/product.md §3): the restaurant staff's own token set (decision 24), never the customer's. */
  staffSession: 'staff_session',
} as const;

/** Older key → current key, migrated once (docs/product.md §3 'renamed from older keys'; docs/product.md §3 'also adulthood confirmed'). */
export const RENAMED_KEYS: Readonly<Record<string, string>> = {
  adulthood_confirmed: STORAGE_KEYS.adulthoodConfirmed,
  cookies_consent_accepted: STORAGE_KEYS.cookiesConsentAccepted,
  selected_city_id: STORAGE_KEYS.cityId,
  delivery_method: STORAGE_KEYS.deliveryMethod,
  payment_method: STORAGE_KEYS.paymentMethod,
  selected_resto_id: STORAGE_KEYS.restoId,
};

/** Bumped when the shape of stored values changes; storage-at-start migrates from older versions. */
export const STORAGE_VERSION = '3';
