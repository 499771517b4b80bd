import {
  CUSTOMER_DELIVERY_METHODS,
  type CustomerDeliveryMethod,
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_BOOT_ID,
  isLocale,
} from '@storefront/domain';
import type { BootResponse, PublicConfig } from '@storefront/domain/contracts';
import type { PrefetchedAnswer } from '../../shared/prefetch/prefetched-answers.ts';
import { STORAGE_KEYS, STORAGE_VERSION } from '../../shared/storage/keys.ts';
import { readStored } from '../../shared/storage/local-storage.ts';
import { isPositiveInt, isString, oneOf } from '../../shared/storage/stored-value-guards.ts';

/** What a returning customer saved (docs/product.md §3), read as the app's stores will read it at start. */
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

type RequestConfig = Pick<PublicConfig, 'whiteLabel' | 'locales' | 'defaultLocale' | 'apiBase'>;

/** Where and in which language the app will ask (api-base.ts, i18n.ts's initialLocale). */
export function requestOptions(config: RequestConfig): { base: string; locale: string } {
  const stored = readStored(STORAGE_KEYS.locale, isString);
  const locale = isLocale(stored) && config.locales.includes(stored) ? stored : config.defaultLocale;
  return { base: (config.apiBase ?? '').trim().replace(/\/+$/, ''), locale };
}

/** As requestOptions, for a returning customer's saved choice; null for another brand. */
export function bootOptions(
  choice: SavedChoice,
  config: RequestConfig,
): { base: string; locale: string } | null {
  return config.whiteLabel === choice.whiteLabel ? requestOptions(config) : null;
}

/** The boot call (decision 33): every request of this customer's boot, answered in one. */
export function bootCallPath(choice: SavedChoice): string {
  const query = new URLSearchParams({
    cityId: String(choice.cityId),
    restoId: String(choice.restoId),
    method: choice.method,
    whiteLabel: choice.whiteLabel,
  });
  return `/1/p/boot?${query}`;
}

/**
 * The boot call's answers as the app will claim them: each its parsed body and its own Response, as if asked
 * alone, timed by the boot call (the clock's sync halves that round trip). An answer no Response can carry
 * (a status out of range) is left out, and the app asks that one itself.
 */
export function claimableAnswers(
  boot: BootResponse,
  locale: string,
  sentAt: number,
  receivedAt: number,
): Map<string, PrefetchedAnswer> {
  const answers = new Map<string, PrefetchedAnswer>();
  for (const { path, status, body } of boot.answers) {
    // What a Response can carry (its constructor refuses other statuses, and a body on 204 or 205).
    if (!Number.isInteger(status) || status < 200 || status > 599) continue;
    if (body !== undefined && (status === 204 || status === 205)) continue;
    let response: Response | undefined;
    answers.set(path, {
      locale,
      sentAt,
      receivedAt,
      body,
      status,
      // Made when a claimer reads it: the seeded boot (seed-boot-queries.ts) takes the body and never does.
      get response() {
        response ??= new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
        return response;
      },
    });
  }
  return answers;
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

/** Settles once the parser has read the whole page (the embedded answers come after the drawn screen). */
function pageParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((done) => document.addEventListener('DOMContentLoaded', () => done(), { once: true }));
}

/**
 * The boot call's answers the server put in the page with the first screen it drew for this customer
 * (decision 44), timed by the page's own request (the clock's sync halves it); null when the server drew none,
 * or drew it for another choice or language (the cookie and local storage disagree): the head then asks.
 */
export async function embeddedBoot(
  choice: SavedChoice,
  locale: string,
): Promise<{ boot: BootResponse; sentAt: number; receivedAt: number } | null> {
  if (!document.documentElement.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) return null;
  await pageParsed();
  const text = document.getElementById(FIRST_SCREEN_BOOT_ID)?.textContent;
  if (!text) return null;
  const embedded = JSON.parse(text) as { choice?: Partial<SavedChoice & { locale: string }> } & BootResponse;
  const drawnFor = embedded.choice ?? {};
  const same =
    drawnFor.whiteLabel === choice.whiteLabel &&
    drawnFor.cityId === choice.cityId &&
    drawnFor.restoId === choice.restoId &&
    drawnFor.method === choice.method &&
    drawnFor.locale === locale;
  if (!same || !Array.isArray(embedded.answers)) return null;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const at = (offset: number | undefined) => Math.round(performance.timeOrigin + (offset ?? 0));
  return {
    boot: { answers: embedded.answers },
    sentAt: at(navigation?.requestStart),
    receivedAt: navigation ? at(navigation.responseStart) : Date.now(),
  };
}
