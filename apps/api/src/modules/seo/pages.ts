import { pickText } from '@storefront/domain';
import type { Position, Promotion, Resto } from '@storefront/domain/contracts';
import { menuJsonLd, organizationJsonLd, positionJsonLd, restoJsonLd, restosJsonLd } from './json-ld.ts';
import {
  homeHtml,
  infoHtml,
  menuHtml,
  positionHtml,
  promotionHtml,
  promotionsHtml,
  restoHtml,
  restosHtml,
} from './page-html.ts';
import type { PublicMenu } from './public-catalog.ts';
import { absolute, type InfoPage, type PageMeta, paths, price, type SiteContext, TEXTS } from './site.ts';

/** A description fits a search result: one line of text, at most about 160 characters. */
function summary(text: string, max = 160): string {
  const flat = text
    .replace(/[#*_`>[\]()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
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
  return page(ctx, paths.home(), {
    heading: null,
    description: TEXTS[ctx.locale].homeDescription(ctx.brandName),
    jsonLd: organizationJsonLd(ctx),
    bodyHtml: homeHtml(ctx),
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
    bodyHtml: menuHtml(ctx, menu),
  });
}

function positionPage(ctx: SiteContext, position: Position, menu: PublicMenu): PageMeta {
  const description = pickText(position.description, ctx.locale);
  const cost = price(ctx, position.price, menu.currency);
  return page(ctx, paths.position(menu.id, position.id), {
    heading: pickText(position.name, ctx.locale),
    description: summary(`${description} ${cost}`),
    type: 'restaurant.menu_item',
    image: absolute(ctx.origin, position.photos[0]) ?? absolute(ctx.origin, ctx.brandImage),
    jsonLd: positionJsonLd(ctx, position, menu),
    bodyHtml: positionHtml(ctx, position, menu),
  });
}

function promotionsPage(ctx: SiteContext): PageMeta {
  const t = TEXTS[ctx.locale];
  const titles = ctx.catalog.promotions.map((p) => pickText(p.title, ctx.locale));
  return page(ctx, paths.promotions(), {
    heading: t.promotions,
    description: summary(`${t.promotions} ${ctx.brandName}: ${titles.join(', ')}`),
    bodyHtml: promotionsHtml(ctx),
  });
}

function promotionPage(ctx: SiteContext, promotion: Promotion): PageMeta {
  return page(ctx, paths.promotion(promotion.id), {
    heading: pickText(promotion.title, ctx.locale),
    description: summary(pickText(promotion.text, ctx.locale)),
    type: 'article',
    image: absolute(ctx.origin, promotion.image) ?? absolute(ctx.origin, ctx.brandImage),
    bodyHtml: promotionHtml(ctx, promotion),
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
    jsonLd: restosJsonLd(ctx, restos),
    bodyHtml: restosHtml(ctx),
  });
}

function restoPage(ctx: SiteContext, resto: Resto): PageMeta {
  const address = pickText(resto.address, ctx.locale);
  const description = pickText(resto.description, ctx.locale);
  return page(ctx, paths.resto(resto.id), {
    heading: pickText(resto.name, ctx.locale),
    description: summary(`${address}. ${description}`),
    type: 'restaurant.restaurant',
    image: absolute(ctx.origin, resto.photos[0]) ?? absolute(ctx.origin, ctx.brandImage),
    jsonLd: restoJsonLd(ctx, resto),
    bodyHtml: restoHtml(ctx, resto),
  });
}

function infoPage(ctx: SiteContext, info: InfoPage): PageMeta {
  return page(ctx, paths.page(info.slug), {
    heading: info.title,
    description: summary(info.markdown.replace(/^#\s+.*$/m, '')),
    type: 'article',
    bodyHtml: infoHtml(info),
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
