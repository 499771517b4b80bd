import { displayClosingTime, isRoundTheClock, type OpeningHoursDay, pickText } from '@storefront/domain';
import type { Position, Promotion, Resto } from '@storefront/domain/contracts';
import { escapeHtml } from '../../core/html.ts';
import { markdownToHtml } from './crawler-html.ts';
import type { PublicMenu } from './public-catalog.ts';
import { type InfoPage, paths, price, type SiteContext, TEXTS, UNITS } from './site.ts';

/**
 * The visible text of each crawler-readable page, as static markup for `<div id="root">`: what a customer
 * sees there, with links a crawler follows. Every catalog text is escaped here.
 */

function link(path: string, text: string): string {
  return `<a href="${escapeHtml(path)}">${escapeHtml(text)}</a>`;
}

function list(items: string[]): string {
  return items.length === 0 ? '' : `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/** One line per day, Monday first; a day closing at midnight closes at 24:00 (not escaped). */
export function hoursLines(ctx: SiteContext, hours: readonly OpeningHoursDay[]): string[] {
  const t = TEXTS[ctx.locale];
  return [...hours]
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
    .map((day) => {
      const name = t.days[day.dayOfWeek - 1];
      if (!day.active) return `${name}: ${t.dayOff}`;
      if (isRoundTheClock(day)) return `${name}: ${t.roundTheClock}`;
      const pause = day.breakFrom && day.breakTo ? ` (${t.breakWord} ${day.breakFrom}–${day.breakTo})` : '';
      return `${name}: ${day.open}–${displayClosingTime(day.close)}${pause}`;
    });
}

function positionLine(ctx: SiteContext, position: Position, menu: PublicMenu): string {
  return `${link(paths.position(menu.id, position.id), pickText(position.name, ctx.locale))} — ${escapeHtml(
    price(ctx, position.price, menu.currency),
  )}`;
}

function restoLine(ctx: SiteContext, resto: Resto): string {
  return `${link(paths.resto(resto.id), pickText(resto.name, ctx.locale))}, ${escapeHtml(pickText(resto.address, ctx.locale))}`;
}

function promotionLinks(ctx: SiteContext): string {
  return list(ctx.catalog.promotions.map((p) => link(paths.promotion(p.id), pickText(p.title, ctx.locale))));
}

export function homeHtml(ctx: SiteContext): string {
  const t = TEXTS[ctx.locale];
  const { menus, restos, promotions } = ctx.catalog;
  return [
    `<h1>${escapeHtml(`${ctx.brandName} — ${t.home}`)}</h1>`,
    promotions.length > 0 ? `<h2>${escapeHtml(t.promotions)}</h2>${promotionLinks(ctx)}` : '',
    `<h2>${escapeHtml(t.menus)}</h2>${list(menus.map((m) => link(paths.menu(m.id), pickText(m.name, ctx.locale))))}`,
    `<h2>${escapeHtml(t.restos)}</h2>${list(restos.map((r) => restoLine(ctx, r)))}`,
    ctx.pages.size > 0
      ? `<h2>${escapeHtml(t.pages)}</h2>${list([...ctx.pages.values()].map((p) => link(paths.page(p.slug), p.title)))}`
      : '',
  ].join('');
}

export function menuHtml(ctx: SiteContext, menu: PublicMenu): string {
  const sections = menu.groups.map((group) => {
    const items = menu.positions.filter((p) => (p.positionGroup?.id ?? 0) === group.id);
    if (items.length === 0) return '';
    return `<h2>${escapeHtml(pickText(group.name, ctx.locale))}</h2>${list(
      items.map((p) => positionLine(ctx, p, menu)),
    )}`;
  });
  return `<h1>${escapeHtml(pickText(menu.name, ctx.locale))}</h1>${sections.join('')}`;
}

export function positionHtml(ctx: SiteContext, position: Position, menu: PublicMenu): string {
  const cost = price(ctx, position.price, menu.currency);
  const measure = position.measure
    ? `${position.measure.value} ${UNITS[ctx.locale][position.measure.unit]}`
    : null;
  return [
    `<article><h1>${escapeHtml(pickText(position.name, ctx.locale))}</h1>`,
    `<p>${escapeHtml(pickText(position.description, ctx.locale))}</p>`,
    `<p>${escapeHtml(cost)}${measure ? ` · ${escapeHtml(measure)}` : ''}</p>`,
    `<p>${link(paths.menu(menu.id), pickText(menu.name, ctx.locale))}</p></article>`,
  ].join('');
}

export function promotionsHtml(ctx: SiteContext): string {
  return `<h1>${escapeHtml(TEXTS[ctx.locale].promotions)}</h1>${promotionLinks(ctx)}`;
}

export function promotionHtml(ctx: SiteContext, promotion: Promotion): string {
  const title = pickText(promotion.title, ctx.locale);
  const text = pickText(promotion.text, ctx.locale);
  return `<article><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></article>`;
}

export function restosHtml(ctx: SiteContext): string {
  const t = TEXTS[ctx.locale];
  return `<h1>${escapeHtml(t.restos)}</h1>${list(ctx.catalog.restos.map((r) => restoLine(ctx, r)))}`;
}

export function restoHtml(ctx: SiteContext, resto: Resto): string {
  const t = TEXTS[ctx.locale];
  return [
    `<article><h1>${escapeHtml(pickText(resto.name, ctx.locale))}</h1>`,
    `<p>${escapeHtml(pickText(resto.address, ctx.locale))}</p>`,
    `<p>${escapeHtml(pickText(resto.description, ctx.locale))}</p>`,
    resto.phones.length > 0 ? `<p>${resto.phones.map((p) => escapeHtml(p.value)).join(', ')}</p>` : '',
    `<h2>${escapeHtml(t.hours)}</h2>${list(hoursLines(ctx, resto.openingHours).map(escapeHtml))}`,
    resto.menus.length > 0
      ? `<h2>${escapeHtml(t.menus)}</h2>${list(resto.menus.map((m) => link(paths.menu(m.id), pickText(m.name, ctx.locale))))}`
      : '',
    '</article>',
  ].join('');
}

export function infoHtml(info: InfoPage): string {
  return `<article>${markdownToHtml(info.markdown)}</article>`;
}
