import { escapeHtml } from '../../core/html.ts';
import { paths, type SiteContext } from './site.ts';

/** Every public page path of the storefront: home, lists, menus, dishes, promotions, restaurants, info pages. */
function publicPaths(ctx: SiteContext): string[] {
  const { catalog } = ctx;
  return [
    paths.home(),
    ...catalog.menus.map((menu) => paths.menu(menu.id)),
    ...catalog.menus.flatMap((menu) => menu.positions.map((p) => paths.position(menu.id, p.id))),
    paths.promotions(),
    ...catalog.promotions.map((p) => paths.promotion(p.id)),
    paths.restos(),
    ...catalog.restos.map((r) => paths.resto(r.id)),
    ...[...ctx.pages.keys()].map((slug) => paths.page(slug)),
  ];
}

/** The sitemap protocol's urlset (sitemaps.org), one <loc> per public page. */
export function sitemapXml(ctx: SiteContext): string {
  const urls = publicPaths(ctx).map(
    (path) => `  <url><loc>${escapeHtml(`${ctx.origin}${path}`)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
