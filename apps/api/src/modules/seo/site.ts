import { formatMoney, type Locale, type LocalizedText, minor } from '@storefront/domain';
import type { PublicCatalog } from './public-catalog.ts';

/** One information page of the brand (brands/<brand>/pages/<locale>/<slug>.md). */
export interface InfoPage {
  slug: string;
  title: string;
  markdown: string;
}

export interface SiteContext {
  /** The storefront's public origin, without a trailing slash (PUBLIC_URL). */
  origin: string;
  locale: Locale;
  brandName: string;
  /** An absolute or site-relative picture of the brand (its logo). */
  brandImage: string | null;
  catalog: PublicCatalog;
  cityNames: Map<number, LocalizedText>;
  /** The brand's published pages in its order, as the storefront's secondary navigation links them. */
  pages: Map<string, InfoPage>;
}

/** What one storefront URL tells a crawler: head tags and the visible text. */
export interface PageMeta {
  lang: Locale;
  title: string;
  description: string;
  url: string;
  /** Open Graph types: website, article, and Facebook's restaurant.* types. */
  type: 'website' | 'article' | 'restaurant.restaurant' | 'restaurant.menu' | 'restaurant.menu_item';
  image: string | null;
  siteName: string;
  ogLocale: string;
  jsonLd: unknown;
  /** Static markup (already escaped) for `<div id="root">`, replaced by the app on mount. */
  bodyHtml: string;
}

/** The words of the crawler-readable pages, in each locale the storefront speaks. */
export const TEXTS = {
  ru: {
    home: 'Доставка суши и роллов',
    menus: 'Меню',
    promotions: 'Акции',
    restos: 'Рестораны',
    pages: 'Информация',
    hours: 'Часы работы',
    dayOff: 'выходной',
    breakWord: 'перерыв',
    roundTheClock: 'круглосуточно',
    days: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
    homeDescription: (brand: string) => `${brand}: меню, акции и рестораны. Доставка и самовывоз.`,
  },
  en: {
    home: 'Sushi and rolls delivery',
    menus: 'Menus',
    promotions: 'Promotions',
    restos: 'Restaurants',
    pages: 'Information',
    hours: 'Opening hours',
    dayOff: 'day off',
    breakWord: 'break',
    roundTheClock: 'round the clock',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    homeDescription: (brand: string) =>
      `${brand}: menus, promotions and restaurants. Delivery and take-away.`,
  },
} as const;

export const UNITS = {
  ru: { g: 'г', pc: 'шт.', ml: 'мл', cm: 'см' },
  en: { g: 'g', pc: 'pc', ml: 'ml', cm: 'cm' },
} as const;

/** URL shapes of the storefront router (apps/web/src/app/router.tsx). */
export const paths = {
  home: () => '/',
  menu: (menuId: number) => `/menus/${menuId}`,
  position: (menuId: number, positionId: number) => `/menus/${menuId}/positions/${positionId}`,
  promotions: () => '/promotions',
  promotion: (promotionId: number) => `/promotions/${promotionId}`,
  restos: () => '/restos',
  resto: (restoId: number) => `/restos/${restoId}`,
  page: (slug: string) => `/${slug}`,
};

/** A picture's or page's absolute URL on the storefront's origin; null when there is none or it is no URL. */
export function absolute(origin: string, path: string | null | undefined): string | null {
  if (!path) return null;
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return null;
  }
}

/** A price as the storefront shows it, in the page's locale. */
export function price(ctx: SiteContext, amountMinor: number, currency: string): string {
  return formatMoney(minor(amountMinor), currency, ctx.locale);
}
