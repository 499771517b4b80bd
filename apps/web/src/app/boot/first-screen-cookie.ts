import {
  FIRST_SCREEN_COOKIE,
  FIRST_SCREEN_COOKIE_MAX_AGE_S,
  type FirstScreenChoice,
  formatFirstScreenCookie,
} from '@storefront/domain';
import type { i18n } from 'i18next';
import { selectionsStore } from '../../entities/location/selections-store.ts';
import { localeOf } from '../../shared/i18n/use-locale.ts';

/** The choice the cookie should name now, or null when there is none to draw a first screen from. */
export function currentFirstScreenChoice(whiteLabel: string, language: string): FirstScreenChoice | null {
  const { cityId, restoId, deliveryMethod } = selectionsStore.getState();
  if (cityId === null || restoId === null || deliveryMethod === null) return null;
  return { whiteLabel, cityId, restoId, method: deliveryMethod, locale: localeOf(language) };
}

/** The Set-Cookie line the browser keeps (or drops, for no choice). */
export function firstScreenCookieLine(choice: FirstScreenChoice | null, secure: boolean): string {
  const value = choice ? formatFirstScreenCookie(choice) : '';
  const maxAge = choice ? FIRST_SCREEN_COOKIE_MAX_AGE_S : 0;
  return `${FIRST_SCREEN_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax${secure ? '; secure' : ''}`;
}

/**
 * Keeps the first screen's cookie (docs/product.md §3, decision 44) naming what local storage holds: now, and
 * whenever the customer saves another choice or switches the language. Without a saved choice it is dropped,
 * so the server never draws a menu the app would not show.
 */
export function mirrorChoiceToCookie(whiteLabel: string, instance: i18n): () => void {
  let written: string | null = null;
  const write = () => {
    const line = firstScreenCookieLine(
      currentFirstScreenChoice(whiteLabel, instance.language),
      window.location.protocol === 'https:',
    );
    if (line === written) return;
    written = line;
    // biome-ignore lint/suspicious/noDocumentCookie: one first-party cookie, written whole; the Cookie Store API is not in every browser the storefront serves.
    document.cookie = line;
  };
  write();
  const stopSelections = selectionsStore.subscribe(write);
  instance.on('languageChanged', write);
  return () => {
    stopSelections();
    instance.off('languageChanged', write);
  };
}
