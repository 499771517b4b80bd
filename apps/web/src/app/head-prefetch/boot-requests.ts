import {
  CUSTOMER_DELIVERY_METHODS,
  type CustomerDeliveryMethod,
  isLocale,
  menusFor,
} from '@storefront/domain';
import type { LocationResponse, PublicConfig } from '@storefront/domain/contracts';
import { STORAGE_KEYS, STORAGE_VERSION } from '../../shared/storage/keys.ts';
import { readStored } from '../../shared/storage/local-storage.ts';
import { isPositiveInt, isString, oneOf } from '../../shared/storage/stored-value-guards.ts';

/** What a returning customer saved (SPEC §3), read as the app's stores will read it at start. */
export interface SavedChoice {
  whiteLabel: string;
  locale: string;
  cityId: number;
  restoId: number;
  method: CustomerDeliveryMethod;
}

/**
 * The saved choice the app will keep, or null when the app will ask anew (first visit, another brand,
 * another storage version, no city or restaurant): then the head starts nothing but the config.
 */
export function savedChoice(
  config: Pick<PublicConfig, 'whiteLabel' | 'locales' | 'defaultLocale'>,
): SavedChoice | null {
  const raw = (key: string) => window.localStorage.getItem(key);
  if (raw(STORAGE_KEYS.whiteLabel) !== config.whiteLabel || raw(STORAGE_KEYS.version) !== STORAGE_VERSION)
    return null;
  const cityId = readStored(STORAGE_KEYS.cityId, isPositiveInt);
  const restoId = readStored(STORAGE_KEYS.restoId, isPositiveInt);
  const method = readStored(STORAGE_KEYS.deliveryMethod, oneOf(CUSTOMER_DELIVERY_METHODS));
  if (cityId === undefined || restoId === undefined || method === undefined) return null;
  const stored = readStored(STORAGE_KEYS.locale, isString);
  const locale = isLocale(stored) && config.locales.includes(stored) ? stored : config.defaultLocale;
  return { whiteLabel: config.whiteLabel, locale, cityId, restoId, method };
}

/**
 * SPEC §4 'Boot' as paths, in the app's own spelling (location-queries.ts, catalog-queries.ts): what can
 * start at once, given the saved choice. The clock (/1/now) is left to the app: it times its own request.
 */
export function firstBootPaths(
  choice: SavedChoice,
  preOrder: boolean,
): { location: string; others: string[] } {
  const label = encodeURIComponent(choice.whiteLabel);
  const resto = `/1/restos/${choice.restoId}`;
  return {
    location: `/1/p/location?cityId=${choice.cityId}&whiteLabel=${label}`,
    others: [
      `/1/p/cities?whiteLabel=${label}`,
      `${resto}/promotions`,
      `${resto}/positions/modifiers`,
      `${resto}/position-time-slots`,
      ...(preOrder ? [`${resto}/working-hours`] : []),
    ],
  };
}

/** What the city's location answer makes possible: the saved restaurant's menus for the saved method. */
export function menuPaths(choice: SavedChoice, location: Pick<LocationResponse, 'restos'>): string[] {
  const resto = location.restos.find((r) => r.id === choice.restoId) ?? null;
  return menusFor(resto, choice.method).flatMap((menu) => [
    `/1/p/menus/${menu.id}/position-groups`,
    `/1/p/menus/${menu.id}/positions`,
  ]);
}
