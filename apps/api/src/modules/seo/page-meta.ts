import {
  formatMoney,
  isRoundTheClock,
  type Locale,
  type LocalizedText,
  minor,
  type OpeningHoursDay,
  pickText,
} from '@storefront/domain';
import type { Position, Promotion, Resto } from '@storefront/domain/contracts';
import { escapeHtml, markdownToHtml } from './crawler-html.ts';
import type { PublicCatalog, PublicMenu } from './public-catalog.ts';

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

const TEXTS = {
  ru: {
    home: 'Доставка суши и роллов',
    menus: 'Меню',
    promotions: 'Акции',
    restos: 'Рестораны',
    hours: 'Часы работы',
    dayOff: 'выходной',
    roundTheClock: 'круглосуточно',
    days: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
    homeDescription: (brand: string) => `${brand}: меню, акции и рестораны. Доставка и самовывоз.`,
  },
  en: {
    home: 'Sushi and rolls delivery',
    menus: 'Menus',
    promotions: 'Promotions',
    restos: 'Restaurants',
    hours: 'Opening hours',
    dayOff: 'day off',
    roundTheClock: 'round the clock',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    homeDescription: (brand: string) =>
      `${brand}: menus, promotions and restaurants. Delivery and take-away.`,
  },
} as const;

const UNITS = {
  ru: { g: 'г', pc: 'шт.', ml: 'мл', cm: 'см' },
  en: { g: 'g', pc: 'pc', ml: 'ml', cm: 'cm' },
} as const;

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

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

/** A description fits a search result: one line of text, at most about 160 characters. */
function summary(text: string, max = 160): string {
  const flat = text
    .replace(/[#*_`>[\]()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function absolute(origin: string, path: string | null | undefined): string | null {
  if (!path) return null;
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return null;
  }
}

/** Roubles as schema.org wants a price: a plain number with a dot, '690' or '690.5'. */
export function majorAmount(amountMinor: number): string {
  return String(amountMinor / 100);
}

function price(ctx: SiteContext, amountMinor: number, currency: string): string {
  return formatMoney(minor(amountMinor), currency, ctx.locale);
}

function hoursLines(ctx: SiteContext, hours: readonly OpeningHoursDay[]): string[] {
  const t = TEXTS[ctx.locale];
  return [...hours]
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
    .map((day) => {
      const name = t.days[day.dayOfWeek - 1];
      if (!day.active) return `${name}: ${t.dayOff}`;
      if (isRoundTheClock(day)) return `${name}: ${t.roundTheClock}`;
      const close = day.close === '00:00' || day.close === '23:59' ? '24:00' : day.close;
      return `${name}: ${day.open}–${close}`;
    });
}

function openingHoursSpecification(hours: readonly OpeningHoursDay[]) {
  return hours
    .filter((day) => day.active)
    .map((day) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day.dayOfWeek - 1]}`,
      opens: day.open,
      closes: day.close === '00:00' ? '23:59' : day.close,
    }));
}

function menuItem(ctx: SiteContext, position: Position, menu: PublicMenu) {
  return {
    '@type': 'MenuItem',
    name: pickText(position.name, ctx.locale),
    description: pickText(position.description, ctx.locale),
    url: `${ctx.origin}${paths.position(menu.id, position.id)}`,
    ...(position.photos[0] ? { image: absolute(ctx.origin, position.photos[0]) } : {}),
    offers: {
      '@type': 'Offer',
      price: majorAmount(position.price),
      priceCurrency: menu.currency,
    },
  };
}

function menuJsonLd(ctx: SiteContext, menu: PublicMenu) {
  const sections = menu.groups
    .map((group) => ({
      '@type': 'MenuSection',
      name: pickText(group.name, ctx.locale),
      hasMenuItem: menu.positions
        .filter((p) => (p.positionGroup?.id ?? 0) === group.id)
        .map((p) => menuItem(ctx, p, menu)),
    }))
    .filter((section) => section.hasMenuItem.length > 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: pickText(menu.name, ctx.locale),
    url: `${ctx.origin}${paths.menu(menu.id)}`,
    inLanguage: ctx.locale,
    hasMenuSection: sections,
  };
}

function restoJsonLd(ctx: SiteContext, resto: Resto) {
  const city = resto.cityIds.map((id) => ctx.cityNames.get(id)).find((name) => name !== undefined);
  const image = absolute(ctx.origin, resto.photos[0]);
  const menu = resto.menus[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: pickText(resto.name, ctx.locale),
    description: pickText(resto.description, ctx.locale),
    url: `${ctx.origin}${paths.resto(resto.id)}`,
    ...(image ? { image } : {}),
    ...(resto.phones[0] ? { telephone: resto.phones[0].value } : {}),
    ...(resto.emails[0] ? { email: resto.emails[0].value } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: pickText(resto.street, ctx.locale),
      ...(city ? { addressLocality: pickText(city, ctx.locale) } : {}),
    },
    geo: { '@type': 'GeoCoordinates', latitude: resto.location.lat, longitude: resto.location.lng },
    openingHoursSpecification: openingHoursSpecification(resto.openingHours),
    ...(menu ? { hasMenu: `${ctx.origin}${paths.menu(menu.id)}` } : {}),
    currenciesAccepted: resto.currency,
    ...(resto.links.length > 0 ? { sameAs: resto.links.map((l) => l.value) } : {}),
  };
}

function link(path: string, text: string): string {
  return `<a href="${escapeHtml(path)}">${escapeHtml(text)}</a>`;
}

function list(items: string[]): string {
  return items.length === 0 ? '' : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function positionLine(ctx: SiteContext, position: Position, menu: PublicMenu): string {
  return `${link(paths.position(menu.id, position.id), pickText(position.name, ctx.locale))} — ${escapeHtml(
    price(ctx, position.price, menu.currency),
  )}`;
}

function menuBody(ctx: SiteContext, menu: PublicMenu): string {
  const sections = menu.groups.map((group) => {
    const items = menu.positions.filter((p) => (p.positionGroup?.id ?? 0) === group.id);
    if (items.length === 0) return '';
    return `<h2>${escapeHtml(pickText(group.name, ctx.locale))}</h2>${list(
      items.map((p) => positionLine(ctx, p, menu)),
    )}`;
  });
  return `<h1>${escapeHtml(pickText(menu.name, ctx.locale))}</h1>${sections.join('')}`;
}

function page(
  ctx: SiteContext,
  path: string,
  fields: Pick<PageMeta, 'description' | 'bodyHtml'> &
    Partial<Pick<PageMeta, 'type' | 'image' | 'jsonLd'>> & { heading: string | null },
): PageMeta {
  return {
    lang: ctx.locale,
    title: fields.heading ? `${fields.heading} — ${ctx.brandName}` : ctx.brandName,
    description: fields.description,
    url: `${ctx.origin}${path}`,
    type: fields.type ?? 'website',
    image: fields.image ?? absolute(ctx.origin, ctx.brandImage),
    siteName: ctx.brandName,
    ogLocale: ctx.locale === 'ru' ? 'ru_RU' : 'en_US',
    jsonLd: fields.jsonLd ?? null,
    // The app replaces it on mount; until then it is the page, laid out by theme.css ([data-prerendered]).
    bodyHtml: `<main data-prerendered>${fields.bodyHtml}</main>`,
  };
}

function homePage(ctx: SiteContext): PageMeta {
  const t = TEXTS[ctx.locale];
  const { menus, restos, promotions } = ctx.catalog;
  return page(ctx, paths.home(), {
    heading: null,
    description: t.homeDescription(ctx.brandName),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: ctx.brandName,
      url: `${ctx.origin}/`,
      ...(ctx.brandImage ? { logo: absolute(ctx.origin, ctx.brandImage) } : {}),
    },
    bodyHtml: [
      `<h1>${escapeHtml(`${ctx.brandName} — ${t.home}`)}</h1>`,
      promotions.length > 0
        ? `<h2>${escapeHtml(t.promotions)}</h2>${list(promotions.map((p) => link(paths.promotion(p.id), pickText(p.title, ctx.locale))))}`
        : '',
      `<h2>${escapeHtml(t.menus)}</h2>${list(menus.map((m) => link(paths.menu(m.id), pickText(m.name, ctx.locale))))}`,
      `<h2>${escapeHtml(t.restos)}</h2>${list(restos.map((r) => `${link(paths.resto(r.id), pickText(r.name, ctx.locale))}, ${escapeHtml(pickText(r.address, ctx.locale))}`))}`,
    ].join(''),
  });
}

function menuPage(ctx: SiteContext, menu: PublicMenu): PageMeta {
  const name = pickText(menu.name, ctx.locale);
  const dishes = menu.positions.slice(0, 8).map((p) => pickText(p.name, ctx.locale));
  return page(ctx, paths.menu(menu.id), {
    heading: name,
    description: summary(`${name}: ${dishes.join(', ')}`),
    type: 'restaurant.menu',
    jsonLd: menuJsonLd(ctx, menu),
    bodyHtml: menuBody(ctx, menu),
  });
}

function positionPage(ctx: SiteContext, position: Position, menu: PublicMenu): PageMeta {
  const name = pickText(position.name, ctx.locale);
  const description = pickText(position.description, ctx.locale);
  const cost = price(ctx, position.price, menu.currency);
  const measure = position.measure
    ? `${position.measure.value} ${UNITS[ctx.locale][position.measure.unit]}`
    : null;
  return page(ctx, paths.position(menu.id, position.id), {
    heading: name,
    description: summary(`${description} ${cost}`),
    type: 'restaurant.menu_item',
    image: absolute(ctx.origin, position.photos[0]) ?? absolute(ctx.origin, ctx.brandImage),
    jsonLd: { '@context': 'https://schema.org', ...menuItem(ctx, position, menu) },
    bodyHtml: [
      `<article><h1>${escapeHtml(name)}</h1>`,
      `<p>${escapeHtml(description)}</p>`,
      `<p>${escapeHtml(cost)}${measure ? ` · ${escapeHtml(measure)}` : ''}</p>`,
      `<p>${link(paths.menu(menu.id), pickText(menu.name, ctx.locale))}</p></article>`,
    ].join(''),
  });
}

function promotionsPage(ctx: SiteContext): PageMeta {
  const t = TEXTS[ctx.locale];
  const titles = ctx.catalog.promotions.map((p) => pickText(p.title, ctx.locale));
  return page(ctx, paths.promotions(), {
    heading: t.promotions,
    description: summary(`${t.promotions} ${ctx.brandName}: ${titles.join(', ')}`),
    bodyHtml: `<h1>${escapeHtml(t.promotions)}</h1>${list(
      ctx.catalog.promotions.map((p) => link(paths.promotion(p.id), pickText(p.title, ctx.locale))),
    )}`,
  });
}

function promotionPage(ctx: SiteContext, promotion: Promotion): PageMeta {
  const title = pickText(promotion.title, ctx.locale);
  const text = pickText(promotion.text, ctx.locale);
  return page(ctx, paths.promotion(promotion.id), {
    heading: title,
    description: summary(text),
    type: 'article',
    image: absolute(ctx.origin, promotion.image) ?? absolute(ctx.origin, ctx.brandImage),
    bodyHtml: `<article><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></article>`,
  });
}

function restosPage(ctx: SiteContext): PageMeta {
  const t = TEXTS[ctx.locale];
  const { restos } = ctx.catalog;
  return page(ctx, paths.restos(), {
    heading: t.restos,
    description: summary(
      `${t.restos} ${ctx.brandName}: ${restos.map((r) => pickText(r.address, ctx.locale)).join('; ')}`,
    ),
    jsonLd: { '@context': 'https://schema.org', '@graph': restos.map((r) => restoJsonLd(ctx, r)) },
    bodyHtml: `<h1>${escapeHtml(t.restos)}</h1>${list(
      restos.map(
        (r) =>
          `${link(paths.resto(r.id), pickText(r.name, ctx.locale))}, ${escapeHtml(pickText(r.address, ctx.locale))}`,
      ),
    )}`,
  });
}

function restoPage(ctx: SiteContext, resto: Resto): PageMeta {
  const t = TEXTS[ctx.locale];
  const name = pickText(resto.name, ctx.locale);
  const address = pickText(resto.address, ctx.locale);
  const description = pickText(resto.description, ctx.locale);
  return page(ctx, paths.resto(resto.id), {
    heading: name,
    description: summary(`${address}. ${description}`),
    type: 'restaurant.restaurant',
    image: absolute(ctx.origin, resto.photos[0]) ?? absolute(ctx.origin, ctx.brandImage),
    jsonLd: restoJsonLd(ctx, resto),
    bodyHtml: [
      `<article><h1>${escapeHtml(name)}</h1>`,
      `<p>${escapeHtml(address)}</p>`,
      `<p>${escapeHtml(description)}</p>`,
      resto.phones.length > 0 ? `<p>${resto.phones.map((p) => escapeHtml(p.value)).join(', ')}</p>` : '',
      `<h2>${escapeHtml(t.hours)}</h2>${list(hoursLines(ctx, resto.openingHours).map(escapeHtml))}`,
      resto.menus.length > 0
        ? `<h2>${escapeHtml(t.menus)}</h2>${list(resto.menus.map((m) => link(paths.menu(m.id), pickText(m.name, ctx.locale))))}`
        : '',
      '</article>',
    ].join(''),
  });
}

function infoPage(ctx: SiteContext, info: InfoPage): PageMeta {
  return page(ctx, paths.page(info.slug), {
    heading: info.title,
    description: summary(info.markdown.replace(/^#\s+.*$/m, '')),
    type: 'article',
    bodyHtml: `<article>${markdownToHtml(info.markdown)}</article>`,
  });
}

const whole = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/**
 * The page a storefront path shows, for a crawler; 'missing' when the path has the shape of a menu, dish,
 * promotion or restaurant page but names none a customer can see; null when it is no public page at all.
 */
export function pageMetaFor(ctx: SiteContext, path: string): PageMeta | 'missing' | null {
  const parts = path.split('/').slice(1);
  if (path === '/') return homePage(ctx);
  if (parts.length === 1 && parts[0] === 'promotions') return promotionsPage(ctx);
  if (parts.length === 1 && parts[0] === 'restos') return restosPage(ctx);
  if (parts.length === 2 && parts[0] === 'promotions') {
    const promotion = ctx.catalog.promotions.find((p) => p.id === whole(parts[1]));
    return promotion ? promotionPage(ctx, promotion) : 'missing';
  }
  if (parts.length === 2 && parts[0] === 'restos') {
    const resto = ctx.catalog.restos.find((r) => r.id === whole(parts[1]));
    return resto ? restoPage(ctx, resto) : 'missing';
  }
  if (parts[0] === 'menus' && (parts.length === 2 || (parts.length === 4 && parts[2] === 'positions'))) {
    const menu = ctx.catalog.menus.find((m) => m.id === whole(parts[1]));
    if (!menu) return 'missing';
    if (parts.length === 2) return menuPage(ctx, menu);
    const entry = ctx.catalog.positions.get(whole(parts[3]) ?? 0);
    return entry && entry.menu.id === menu.id ? positionPage(ctx, entry.position, menu) : 'missing';
  }
  const info = parts.length === 1 ? ctx.pages.get(parts[0] ?? '') : undefined;
  return info ? infoPage(ctx, info) : null;
}
