import { deliveryPlaceTexts } from '@storefront/web/src/entities/location/delivery-place-wording.ts';
import { commonTexts } from '@storefront/web/src/shared/i18n/common-texts.ts';
import type { LoadLocaleTexts, LocaleTexts } from '@storefront/web/src/shared/i18n/i18n.ts';
import { photosTexts } from '../entities/photos/photos-texts.ts';
import { weekHoursTexts } from '../entities/week-hours/week-hours-texts.ts';
import { auditLogTexts } from '../features/audit-log/audit-log-texts.ts';
import { staffTexts } from '../features/board/staff-texts.ts';
import { bonusProgramTexts } from '../features/bonus-program/bonus-program-texts.ts';
import { brandPagesTexts } from '../features/brand-pages/brand-pages-texts.ts';
import { brandSettingsTexts } from '../features/brand-settings/brand-settings-texts.ts';
import { citiesTexts } from '../features/cities/cities-texts.ts';
import { deliveryZonesTexts } from '../features/delivery-zones/delivery-zones-texts.ts';
import { dishesTexts } from '../features/dishes/dishes-texts.ts';
import { menuFileTexts } from '../features/menu-file/menu-file-texts.ts';
import { menuGroupsTexts } from '../features/menu-groups/menu-groups-texts.ts';
import { menusTexts } from '../features/menus/menus-texts.ts';
import { modifierGroupsTexts } from '../features/modifier-groups/modifier-groups-texts.ts';
import { openingHoursTexts } from '../features/opening-hours/opening-hours-texts.ts';
import { posLinkTexts } from '../features/pos-link/pos-link-texts.ts';
import { promoCodesTexts } from '../features/promo-codes/promo-codes-texts.ts';
import { promotionsTexts } from '../features/promotions/promotions-texts.ts';
import { reportsTexts } from '../features/reports/reports-texts.ts';
import { restaurantsTexts } from '../features/restaurants/restaurants-texts.ts';
import { staffAccountsTexts } from '../features/staff-accounts/staff-accounts-texts.ts';
import { timeSlotsTexts } from '../features/time-slots/time-slots-texts.ts';
import { shellTexts } from './shell-texts.ts';

/**
 * The back office's Russian texts, one namespace per part. Unlike the storefront's, every part ships with
 * the app: staff open it on a tablet that stays signed in all day, and the whole app is a few dozen KB.
 */
export const TEXTS_RU: LocaleTexts = {
  common: commonTexts,
  dishes: dishesTexts,
  shell: shellTexts,
  modifierGroups: modifierGroupsTexts,
  openingHours: openingHoursTexts,
  weekHours: weekHoursTexts,
  timeSlots: timeSlotsTexts,
  audit: auditLogTexts,
  staffAccounts: staffAccountsTexts,
  staff: staffTexts,
  menuGroups: menuGroupsTexts,
  menus: menusTexts,
  photos: photosTexts,
  menuFile: menuFileTexts,
  restaurants: restaurantsTexts,
  cities: citiesTexts,
  brandSettings: brandSettingsTexts,
  brandPages: brandPagesTexts,
  deliveryZones: deliveryZonesTexts,
  promotions: promotionsTexts,
  promoCodes: promoCodesTexts,
  posLink: posLinkTexts,
  bonusProgram: bonusProgramTexts,
  reports: reportsTexts,
  // The board names a courier's place as the storefront does (DeliveryPlaceText reads 'location').
  location: deliveryPlaceTexts,
};

export const loadLocaleTexts: LoadLocaleTexts = async (locale) =>
  locale === 'en' ? (await import('./texts-en.ts')).TEXTS_EN : {};
