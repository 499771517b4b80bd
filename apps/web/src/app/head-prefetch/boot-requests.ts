import {
  CUSTOMER_DELIVERY_METHODS,
  type CustomerDeliveryMethod,
  isLocale,
  menusFor,
} from '@storefront/domain';
import type { LocationResponse, PublicConfig } from '@storefront/domain/contracts';
import { CLOCK_PATH } from '../../shared/clock-path.ts';
import { STORAGE_KEYS, STORAGE_VERSION } from '../../shared/storage/keys.ts';
import { readStored } from '../../shared/storage/local-storage.ts';
import { isPositiveInt, isString, oneOf } from '../../shared/storage/stored-value-guards.ts';

/** What a returning customer saved (SPEC §3), read as the app's stores will read it at start. */
export interface SavedChoice {
  whiteLabel: string;
  cityId: number;
  restoId: number;
  method: CustomerDeliveryMethod;
}

/**
 * The saved choice, or null when the app will ask anew (first visit, another storage version, no city,
 * restaurant or method). Read from storage alone, before the config arrives, so the head can promise
 * its answers at once; the config then confirms the brand (bootOptions).
 */
export function savedChoice(): SavedChoice | null {
  const whiteLabel = window.localStorage.getItem(STORAGE_KEYS.whiteLabel);
  if (!whiteLabel || window.localStorage.getItem(STORAGE_KEYS.version) !== STORAGE_VERSION) return null;
  const cityId = readStored(STORAGE_KEYS.cityId, isPositiveInt);
  const restoId = readStored(STORAGE_KEYS.restoId, isPositiveInt);
  const method = readStored(STORAGE_KEYS.deliveryMethod, oneOf(CUSTOMER_DELIVERY_METHODS));
  if (cityId === undefined || restoId === undefined || method === undefined) return null;
  return { whiteLabel, cityId, restoId, method };
}

/** Where and in which language the app will ask (api-base.ts, i18n.ts's initialLocale); null for another brand. */
export function bootOptions(
  choice: SavedChoice,
  config: Pick<PublicConfig, 'whiteLabel' | 'locales' | 'defaultLocale' | 'apiBase'>,
): { base: string; locale: string } | null {
  if (config.whiteLabel !== choice.whiteLabel) return null;
  const stored = readStored(STORAGE_KEYS.locale, isString);
  const locale = isLocale(stored) && config.locales.includes(stored) ? stored : config.defaultLocale;
  return { base: (config.apiBase ?? '').trim().replace(/\/+$/, ''), locale };
}

/**
 * SPEC §4 'Boot' as paths, in the app's own spelling (location-queries.ts, catalog-queries.ts): what can
 * start at once. The clock's answer carries the head's send and receive times (the sync halves the
 * round trip). Working hours are asked only when the brand takes pre-orders (the config says).
 */
export function firstBootPaths(choice: SavedChoice): {
  clock: string;
  promotions: string;
  location: string;
  others: string[];
  workingHours: string;
} {
  const label = encodeURIComponent(choice.whiteLabel);
  const resto = `/1/restos/${choice.restoId}`;
  return {
    clock: CLOCK_PATH,
    promotions: `${resto}/promotions`,
    location: `/1/p/location?cityId=${choice.cityId}&whiteLabel=${label}`,
    others: [
      `/1/p/cities?whiteLabel=${label}`,
      `${resto}/positions/modifiers`,
      `${resto}/position-time-slots`,
    ],
    workingHours: `${resto}/working-hours`,
  };
}

/** The prefix of the paths the location answer makes possible. */
export const MENU_PATHS = '/1/p/menus/';

/** What the city's location answer makes possible: the saved restaurant's menus for the saved method. */
export function menuPaths(choice: SavedChoice, location: Pick<LocationResponse, 'restos'>): string[] {
  const resto = location.restos.find((r) => r.id === choice.restoId) ?? null;
  return menusFor(resto, choice.method).flatMap((menu) => [
    `${MENU_PATHS}${menu.id}/position-groups`,
    `${MENU_PATHS}${menu.id}/positions`,
  ]);
}

/**
 * The picture of home's first promotion slide (the carousel shows the server's order), the first screen's
 * largest picture on a phone; null off home or without one.
 */
export function firstSlidePicture(
  pathname: string,
  promotions: readonly { image: string | null }[],
): string | null {
  if (pathname !== '/') return null;
  const image = promotions[0]?.image?.trim();
  return image ? image : null;
}
