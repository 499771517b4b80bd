import { FIRST_SCREEN_COOKIE, formatFirstScreenCookie, parseFirstScreenCookie } from '@storefront/domain';
import type { i18n } from 'i18next';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { selectionsStore } from '../../entities/location/selections-store.ts';
import { createI18n } from '../../shared/i18n/i18n.ts';
import { loadLocaleTexts, TEXTS_RU } from '../texts.ts';
import { firstScreenCookieLine, mirrorChoiceToCookie } from './first-screen-cookie.ts';

const A_YEAR_S = 365 * 24 * 60 * 60;
const kazanTakeAway = {
  whiteLabel: 'demo',
  cityId: 1,
  restoId: 3,
  method: 'TAKE_AWAY',
  locale: 'ru',
} as const;

/** Every line written to document.cookie (jsdom's getter gives back names and values only, no attributes). */
let written: string[] = [];
let instance: i18n;
let stop: (() => void) | null = null;

function save(choice: {
  cityId: number | null;
  restoId: number | null;
  deliveryMethod: 'TAKE_AWAY' | 'DELIVERY' | null;
}) {
  selectionsStore.getState().save({ ...choice, paymentMethod: null, deliveryPlace: null });
}

/** The cookie's value as the browser now holds it, undefined when it holds none. */
function cookieNow(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${FIRST_SCREEN_COOKIE}=`))
    ?.slice(FIRST_SCREEN_COOKIE.length + 1);
}

beforeEach(async () => {
  written = [];
  const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')?.set;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((line: string) => {
    written.push(line);
    setter?.call(document, line);
  });
  instance = await createI18n(TEXTS_RU, 'ru', loadLocaleTexts);
  save({ cityId: 1, restoId: 3, deliveryMethod: 'TAKE_AWAY' });
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.restoreAllMocks();
  selectionsStore.getState().reset();
  // biome-ignore lint/suspicious/noDocumentCookie: the test's own clean-up of the one cookie it wrote.
  document.cookie = `${FIRST_SCREEN_COOKIE}=; path=/; max-age=0`;
});

it('names the saved city, restaurant, method and language for the server, for a year', () => {
  stop = mirrorChoiceToCookie('demo', instance);
  expect(written).toEqual([
    `storefront_choice=${formatFirstScreenCookie(kazanTakeAway)}; path=/; max-age=${A_YEAR_S}; samesite=lax`,
  ]);
  // What the API reads back from the Cookie header (seo.routes.ts sendFirstScreen) is the same choice.
  expect(parseFirstScreenCookie(cookieNow())).toEqual(kazanTakeAway);
});

it('is written again when the customer saves another choice or switches the language, and only then', async () => {
  stop = mirrorChoiceToCookie('demo', instance);
  save({ cityId: 1, restoId: 4, deliveryMethod: 'DELIVERY' });
  expect(written).toHaveLength(2);
  expect(parseFirstScreenCookie(cookieNow())).toEqual({ ...kazanTakeAway, restoId: 4, method: 'DELIVERY' });

  // Nothing the cookie names changed (a payment method): not written again.
  selectionsStore.getState().save({ ...selectionsStore.getState(), paymentMethod: 'CASH_UPON_RECEIPT' });
  expect(written).toHaveLength(2);

  await instance.changeLanguage('en');
  expect(written).toHaveLength(3);
  expect(parseFirstScreenCookie(cookieNow())).toEqual({
    ...kazanTakeAway,
    restoId: 4,
    method: 'DELIVERY',
    locale: 'en',
  });
});

it('is dropped when the choice is reset or incomplete, so the server draws no menu the app would not show', () => {
  stop = mirrorChoiceToCookie('demo', instance);
  expect(cookieNow()).toBeDefined();
  selectionsStore.getState().reset();
  expect(written.at(-1)).toBe('storefront_choice=; path=/; max-age=0; samesite=lax');
  expect(cookieNow()).toBeUndefined();

  // A city without a restaurant yet (the brand's defaults): still nothing to draw.
  save({ cityId: 1, restoId: null, deliveryMethod: 'TAKE_AWAY' });
  expect(written.at(-1)).toContain('max-age=0');
  expect(cookieNow()).toBeUndefined();
});

it('follows nothing once stopped', async () => {
  stop = mirrorChoiceToCookie('demo', instance);
  stop();
  stop = null;
  save({ cityId: 2, restoId: 9, deliveryMethod: 'DELIVERY' });
  await instance.changeLanguage('en');
  expect(written).toHaveLength(1);
});

it('is secure on https only', () => {
  const line = firstScreenCookieLine(kazanTakeAway, true);
  expect(line).toBe(
    `storefront_choice=${formatFirstScreenCookie(kazanTakeAway)}; path=/; max-age=${A_YEAR_S}; samesite=lax; secure`,
  );
  expect(firstScreenCookieLine(kazanTakeAway, false)).not.toContain('secure');
  expect(firstScreenCookieLine(null, true)).toBe(
    'storefront_choice=; path=/; max-age=0; samesite=lax; secure',
  );
  // The page here is http (jsdom's localhost): the app writes no secure flag, or the browser would drop it.
  expect(window.location.protocol).toBe('http:');
  stop = mirrorChoiceToCookie('demo', instance);
  expect(written[0]).not.toContain('secure');
});
