import { deliveryPlaceTextsEn } from '@storefront/web/src/entities/location/delivery-place-wording.ts';
import { commonTextsEn } from '@storefront/web/src/shared/i18n/common-texts.en.ts';
import type { LocaleTexts } from '@storefront/web/src/shared/i18n/i18n.ts';
import { photosTextsEn } from '../entities/photos/photos-texts.en.ts';
import { weekHoursTextsEn } from '../entities/week-hours/week-hours-texts.en.ts';
import { auditLogTextsEn } from '../features/audit-log/audit-log-texts.en.ts';
import { staffTextsEn } from '../features/board/staff-texts.en.ts';
import { bonusProgramTextsEn } from '../features/bonus-program/bonus-program-texts.en.ts';
import { brandPagesTextsEn } from '../features/brand-pages/brand-pages-texts.en.ts';
import { brandSettingsTextsEn } from '../features/brand-settings/brand-settings-texts.en.ts';
import { citiesTextsEn } from '../features/cities/cities-texts.en.ts';
import { deliveryZonesTextsEn } from '../features/delivery-zones/delivery-zones-texts.en.ts';
import { dishesTextsEn } from '../features/dishes/dishes-texts.en.ts';
import { menuFileTextsEn } from '../features/menu-file/menu-file-texts.en.ts';
import { menuGroupsTextsEn } from '../features/menu-groups/menu-groups-texts.en.ts';
import { menusTextsEn } from '../features/menus/menus-texts.en.ts';
import { modifierGroupsTextsEn } from '../features/modifier-groups/modifier-groups-texts.en.ts';
import { openingHoursTextsEn } from '../features/opening-hours/opening-hours-texts.en.ts';
import { posLinkTextsEn } from '../features/pos-link/pos-link-texts.en.ts';
import { promoCodesTextsEn } from '../features/promo-codes/promo-codes-texts.en.ts';
import { promotionsTextsEn } from '../features/promotions/promotions-texts.en.ts';
import { reportsTextsEn } from '../features/reports/reports-texts.en.ts';
import { restaurantsTextsEn } from '../features/restaurants/restaurants-texts.en.ts';
import { staffAccountsTextsEn } from '../features/staff-accounts/staff-accounts-texts.en.ts';
import { timeSlotsTextsEn } from '../features/time-slots/time-slots-texts.en.ts';
import { shellTextsEn } from './shell-texts.en.ts';

export const TEXTS_EN: LocaleTexts = {
  common: commonTextsEn,
  dishes: dishesTextsEn,
  shell: shellTextsEn,
  modifierGroups: modifierGroupsTextsEn,
  openingHours: openingHoursTextsEn,
  weekHours: weekHoursTextsEn,
  timeSlots: timeSlotsTextsEn,
  audit: auditLogTextsEn,
  staffAccounts: staffAccountsTextsEn,
  staff: staffTextsEn,
  menuGroups: menuGroupsTextsEn,
  menus: menusTextsEn,
  photos: photosTextsEn,
  menuFile: menuFileTextsEn,
  restaurants: restaurantsTextsEn,
  cities: citiesTextsEn,
  brandSettings: brandSettingsTextsEn,
  brandPages: brandPagesTextsEn,
  deliveryZones: deliveryZonesTextsEn,
  promotions: promotionsTextsEn,
  promoCodes: promoCodesTextsEn,
  posLink: posLinkTextsEn,
  bonusProgram: bonusProgramTextsEn,
  reports: reportsTextsEn,
  location: deliveryPlaceTextsEn,
};
