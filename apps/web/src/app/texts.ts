import { catalogTexts } from '../features/catalog/catalog-texts.ts';
import { consentTexts } from '../features/consent/consent-texts.ts';
import { deliveryTermsTexts } from '../features/location/delivery-terms-texts.ts';
import { locationTexts } from '../features/location/location-texts.ts';
import { promotionsTexts } from '../features/promotions/promotions-texts.ts';
import { restosTexts } from '../features/restos/restos-texts.ts';
import { commonTexts } from '../shared/i18n/common-texts.ts';
import type { LoadLocaleTexts, LocaleTexts } from '../shared/i18n/i18n.ts';
import { appBannerTexts } from './app-banner-texts.ts';
import { bootTexts } from './boot/boot-texts.ts';
import { headerTexts } from './header/header-texts.ts';
import { notFoundTexts } from './not-found-texts.ts';

/**
 * The registry of text sets (one namespace each, declared the one way: `<name>-texts.ts` in Russian,
 * `satisfies NamespaceTexts`, and its twin `<name>-texts.en.ts`, `satisfies EnglishTexts<typeof …>`).
 * texts.test.ts finds every such module and fails for one in neither list below.
 *
 * Sets shipped with the app: every namespace in Russian, the default language, here; English in
 * texts-en.ts, loaded when a customer chooses it.
 */
export const TEXTS_RU: LocaleTexts = {
  common: commonTexts,
  boot: bootTexts,
  header: headerTexts,
  'not-found': notFoundTexts,
  'app-banner': appBannerTexts,
  location: locationTexts,
  'delivery-terms': deliveryTermsTexts,
  catalog: catalogTexts,
  promotions: promotionsTexts,
  restos: restosTexts,
  consent: consentTexts,
};

/** Other languages load when a customer chooses them, keeping them off the first visit. */
export const loadLocaleTexts: LoadLocaleTexts = async (locale) =>
  locale === 'en' ? (await import('./texts-en.ts')).TEXTS_EN : {};

/**
 * Sets that travel in both languages with the lazy part that shows them (useLazyNamespace), by their
 * Russian module under src/ (the English twin beside it). Named, not imported: an import here would pull
 * them into the first screen's bundle. texts.test.ts loads them by these paths.
 */
export const LAZY_TEXTS = {
  auth: 'features/auth/auth-texts.ts',
  cart: 'features/cart/cart-texts.ts',
  checkout: 'features/checkout/checkout-texts.ts',
  orders: 'features/orders/orders-texts.ts',
  rating: 'features/rating/rating-texts.ts',
  'location-map': 'features/location/map-popup-texts.ts',
  map: 'shared/map/map-texts.ts',
  search: 'features/search/search-texts.ts',
  'info-pages': 'features/info-pages/info-pages-texts.ts',
} as const satisfies Record<string, `${string}-texts.ts`>;
