import { authTexts } from '../features/auth/auth-texts.ts';
import { cartTexts } from '../features/cart/cart-texts.ts';
import { catalogTexts } from '../features/catalog/catalog-texts.ts';
import { consentTexts } from '../features/consent/consent-texts.ts';
import { infoPagesTexts } from '../features/info-pages/info-pages-texts.ts';
import { locationTexts } from '../features/location/location-texts.ts';
import { promotionsTexts } from '../features/promotions/promotions-texts.ts';
import { restosTexts } from '../features/restos/restos-texts.ts';
import { commonTexts } from '../shared/i18n/common-texts.ts';
import type { Texts } from '../shared/i18n/i18n.ts';
import { appBannerTexts } from './app-banner.tsx';
import { bootTexts } from './boot/boot-texts.ts';
import { headerTexts } from './header/header-texts.ts';
import { notFoundTexts } from './not-found-page.tsx';

/** Every namespace of texts: each feature owns its own, app/ puts them together. */
export const TEXTS: Record<string, Texts> = {
  common: commonTexts,
  boot: bootTexts,
  header: headerTexts,
  'not-found': notFoundTexts,
  location: locationTexts,
  catalog: catalogTexts,
  promotions: promotionsTexts,
  restos: restosTexts,
  cart: cartTexts,
  auth: authTexts,
  'info-pages': infoPagesTexts,
  consent: consentTexts,
  'app-banner': appBannerTexts,
};
