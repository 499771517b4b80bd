import { type OpeningHoursDay, pickText } from '@storefront/domain';
import type { Position, Resto } from '@storefront/domain/contracts';
import type { PublicMenu } from './public-catalog.ts';
import { absolute, paths, type SiteContext } from './site.ts';

/** The schema.org structured data (JSON-LD) of the crawler-readable pages. */

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Roubles as schema.org wants a price: a plain number with a dot, '690' or '690.5'. */
export function majorAmount(amountMinor: number): string {
  return String(amountMinor / 100);
}

/**
 * The active days only; a day closing at midnight closes at 23:59, as schema.org reads a closing time. A day with a
 * break is two intervals, before and after it.
 */
export function openingHoursSpecification(hours: readonly OpeningHoursDay[]) {
  return hours
    .filter((day) => day.active)
    .flatMap((day) => {
      const spec = (opens: string, closes: string) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day.dayOfWeek - 1]}`,
        opens,
        closes: closes === '00:00' ? '23:59' : closes,
      });
      return day.breakFrom && day.breakTo
        ? [spec(day.open, day.breakFrom), spec(day.breakTo, day.close)]
        : [spec(day.open, day.close)];
    });
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

/** The home page: the brand as an Organization. */
export function organizationJsonLd(ctx: SiteContext) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: ctx.brandName,
    url: `${ctx.origin}/`,
    ...(ctx.brandImage ? { logo: absolute(ctx.origin, ctx.brandImage) } : {}),
  };
}

/** A dish page: one MenuItem with its Offer. */
export function positionJsonLd(ctx: SiteContext, position: Position, menu: PublicMenu) {
  return { '@context': 'https://schema.org', ...menuItem(ctx, position, menu) };
}

/** A menu page: the Menu, a MenuSection per group that has dishes. */
export function menuJsonLd(ctx: SiteContext, menu: PublicMenu) {
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

/** A restaurant page: the Restaurant with its address, geo, opening hours and first menu. */
export function restoJsonLd(ctx: SiteContext, resto: Resto) {
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

/** The restaurants page: every restaurant in one graph. */
export function restosJsonLd(ctx: SiteContext, restos: readonly Resto[]) {
  return { '@context': 'https://schema.org', '@graph': restos.map((r) => restoJsonLd(ctx, r)) };
}
