import { catalogTextsEn } from '../features/catalog/catalog-texts.en.ts';
import { consentTextsEn } from '../features/consent/consent-texts.en.ts';
import { deliveryTermsTextsEn } from '../features/location/delivery-terms-texts.en.ts';
import { locationTextsEn } from '../features/location/location-texts.en.ts';
import { promotionsTextsEn } from '../features/promotions/promotions-texts.en.ts';
import { restosTextsEn } from '../features/restos/restos-texts.en.ts';
import { commonTextsEn } from '../shared/i18n/common-texts.en.ts';
import type { LocaleTexts } from '../shared/i18n/i18n.ts';
import { appBannerTextsEn } from './app-banner-texts.en.ts';
import { bootTextsEn } from './boot/boot-texts.en.ts';
import { headerTextsEn } from './header/header-texts.en.ts';
import { notFoundTextsEn } from './not-found-texts.en.ts';

/** Every namespace in English; the same keys as TEXTS_RU (texts.test.ts checks). */
export const TEXTS_EN: LocaleTexts = {
  common: commonTextsEn,
  boot: bootTextsEn,
  header: headerTextsEn,
  'not-found': notFoundTextsEn,
  'app-banner': appBannerTextsEn,
  location: locationTextsEn,
  'delivery-terms': deliveryTermsTextsEn,
  catalog: catalogTextsEn,
  promotions: promotionsTextsEn,
  restos: restosTextsEn,
  consent: consentTextsEn,
};
