/**
 * The seo module's public face: crawler-readable pages, robots.txt and the sitemap (decision 28). Not in
 * modules/index.ts: it serves the storefront's pages, so app.ts registers it after the static files and
 * hands its page renderer to the not-found fallback.
 */
export { registerSeo, type SeoOptions } from './seo.routes.ts';
