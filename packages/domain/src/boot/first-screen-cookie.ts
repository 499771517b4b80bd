import { isLocale, type Locale } from '../i18n/locale.ts';
import { CUSTOMER_DELIVERY_METHODS, type CustomerDeliveryMethod } from '../methods/methods.ts';
import type { BootChoice } from './boot-paths.ts';

/**
 * The cookie that tells the server a returning customer's saved choice and language, so that it can send their
 * first screen already drawn (decision 44). The storefront writes it from what it keeps in local storage
 * (docs/product.md §3); the server only reads it. It names ids and a method, nothing personal.
 */
export const FIRST_SCREEN_COOKIE = 'storefront_choice';

/** A year: as long as local storage keeps the choice it mirrors; written again at every visit. */
export const FIRST_SCREEN_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface FirstScreenChoice extends BootChoice {
  locale: Locale;
}

/** The cookie's value: a URL-encoded query (`w=demo&c=1&r=3&m=TAKE_AWAY&l=ru`). */
export function formatFirstScreenCookie(choice: FirstScreenChoice): string {
  const fields: [string, string][] = [
    ['w', choice.whiteLabel],
    ['c', String(choice.cityId)],
    ['r', String(choice.restoId)],
    ['m', choice.method],
    ['l', choice.locale],
  ];
  return encodeURIComponent(fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&'));
}

/** The fields of a `key=value&…` query; undefined when it cannot be decoded. */
function queryFields(query: string): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  try {
    for (const pair of query.split('&')) {
      const at = pair.indexOf('=');
      if (at > 0) fields.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    }
  } catch {
    return undefined;
  }
  return fields;
}

const positiveInt = (value: string | null): number | null =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

/** The choice a cookie value names, or null for anything malformed (it is the browser's to write). */
export function parseFirstScreenCookie(value: string | undefined): FirstScreenChoice | null {
  if (!value || value.length > 512) return null;
  let query: Map<string, string> | undefined;
  try {
    query = queryFields(decodeURIComponent(value));
  } catch {
    return null;
  }
  if (!query) return null;
  const whiteLabel = query.get('w') ?? null;
  const cityId = positiveInt(query.get('c') ?? null);
  const restoId = positiveInt(query.get('r') ?? null);
  const method = query.get('m') ?? null;
  const locale = query.get('l') ?? null;
  if (!whiteLabel || !/^[\w-]{1,64}$/.test(whiteLabel) || cityId === null || restoId === null) return null;
  if (!CUSTOMER_DELIVERY_METHODS.includes(method as CustomerDeliveryMethod) || !isLocale(locale)) return null;
  return { whiteLabel, cityId, restoId, method: method as CustomerDeliveryMethod, locale };
}

/** The value of one cookie in a Cookie header, undecoded; undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The attribute on `<html>` of a page whose first screen the server drew (decision 44). */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/**
 * The id of the `<script type="application/json">` after the drawn screen: `{choice, answers}`, the boot call's
 * answers the screen was drawn from, which the page head hands to the app instead of asking the call again.
 */
export const FIRST_SCREEN_BOOT_ID = 'storefront-boot';

/**
 * The viewport width a server drawing assumes (decision 44): a tablet's or a phone's for their user agents, a
 * laptop's otherwise. A wrong guess costs one redraw when the app starts, never a wrong page.
 */
export function guessViewportWidth(userAgent: string): 390 | 1024 | 1280 {
  if (/iPad|Tablet/i.test(userAgent)) return 1024;
  return userAgent === '' || /Mobi|Android|iPhone|iPod/i.test(userAgent) ? 390 : 1280;
}
