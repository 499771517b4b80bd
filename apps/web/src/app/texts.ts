import { cartTexts } from '../features/cart/cart-texts.ts';
import { catalogTexts } from '../features/catalog/catalog-texts.ts';
import { consentTexts } from '../features/consent/consent-texts.ts';
import { infoPagesTexts } from '../features/info-pages/info-pages-texts.ts';
import { deliveryTermsTexts } from '../features/location/delivery-terms-texts.ts';
import { locationTexts } from '../features/location/location-texts.ts';
import { promotionsTexts } from '../features/promotions/promotions-texts.ts';
import { restosTexts } from '../features/restos/restos-texts.ts';
import { searchTexts } from '../features/search/search-texts.ts';
import { commonTexts } from '../shared/i18n/common-texts.ts';
import type { LoadLocaleTexts, LocaleTexts } from '../shared/i18n/i18n.ts';
import { bootTexts } from './boot/boot-texts.ts';
import { appBannerTexts, notFoundTexts } from './chrome-texts.ts';
import { headerTexts } from './header/header-texts.ts';

/** Every namespace in Russian, the default language, shipped with the app. */
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
  cart: cartTexts,
  'info-pages': infoPagesTexts,
  consent: consentTexts,
  search: searchTexts,
};

/** Other languages load when a customer chooses them, keeping them off the first visit. */
export const loadLocaleTexts: LoadLocaleTexts = async (locale) =>
  locale === 'en' ? (await import('./texts-en.ts')).TEXTS_EN : {};
