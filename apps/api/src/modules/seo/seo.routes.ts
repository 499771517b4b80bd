import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  citiesPath,
  cookieValue,
  FIRST_SCREEN_COOKIE,
  type FirstScreenChoice,
  guessViewportWidth,
  isLocale,
  type Locale,
  parseFirstScreenCookie,
} from '@storefront/domain';
import type {
  BootAnswer,
  BootResponse,
  CityListItem,
  FirstScreenDrawings,
} from '@storefront/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { pickEncoding, sendFreshlyCompressed } from '../../plugins/catalog-reply.ts';
import type { BrandState, BrandStore } from '../brand/index.ts';
import type { CatalogSnapshot, CatalogStore } from '../catalog/index.ts';
import { renderShell } from './crawler-html.ts';
import { firstScreenDrawer, firstScreenPage, firstVisitStyles } from './first-screen.ts';
import { pageMetaFor } from './pages.ts';
import { publicCatalog } from './public-catalog.ts';
import { robotsTxt } from './robots.ts';
import type { InfoPage, SiteContext } from './site.ts';
import { sitemapXml } from './sitemap.ts';

export interface SeoOptions {
  config: AppConfig;
  catalog: CatalogStore;
  now: () => number;
  /** The storefront build's index.html, or null when this instance serves no storefront. */
  indexHtml: string | null;
  /**
   * The brand as served now (decision 50): its name and logo in the pages' tags, its colours and /config.json in
   * the drawn first screens, its published pages.
   */
  brand: BrandStore;
  /** The storefront's server build (decision 44); a missing file means pages drawn by the browser only. */
  serverRenderFile: string | null;
}

/** One prepared answer: its bytes, compressed once on first demand. */
interface Prepared {
  body: Buffer;
  compressed: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** What is built once per catalog snapshot (and shell file), until a promotion starts or ends. */
interface SiteState {
  snapshot: CatalogSnapshot;
  brand: BrandState;
  shellVersion: string;
  expiresAt: number;
  ctx: SiteContext;
  sitemap: Prepared | null;
  pages: Map<string, Prepared>;
}

/** Prepared page shells kept per catalog revision; past this, a page is rendered per request. */
const MAX_SEO_PAGES = 5000;

/** The storefront's public origin: PUBLIC_URL, else the address the API listens on (as the payments module). */
function publicOrigin(env: AppConfig['env']): string {
  return (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, '');
}

/** The brand's published pages in its language, as the owner titled them. */
function infoPagesOf(brand: BrandState, locale: Locale): Map<string, InfoPage> {
  const lang = locale === 'en' ? 'en' : 'ru';
  return new Map(
    brand.pages.map((page) => [
      page.slug,
      { slug: page.slug, title: page.title[lang], markdown: page.body[lang] },
    ]),
  );
}

const prepare = (text: string): Prepared => ({ body: Buffer.from(text, 'utf8'), compressed: {} });

function send(request: FastifyRequest, reply: FastifyReply, prepared: Prepared, type: string, cache: string) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  // A caller's own Vary (the first screens') names accept-encoding already.
  reply
    .header('cache-control', cache)
    .header('vary', reply.getHeader('vary') ?? 'accept-encoding')
    .type(type);
  if (encoding === 'identity') return reply.send(prepared.body);
  let bytes = prepared.compressed[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(prepared.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(prepared.body, { level: 9 });
    prepared.compressed[encoding] = bytes;
  }
  return reply.header('content-encoding', encoding).send(bytes);
}

export interface Seo {
  /**
   * Sends the storefront shell for a page path with that page's title, description, Open Graph tags,
   * JSON-LD and text (decision 28); false when the path is no public page (the caller sends the plain
   * shell). A menu, dish, promotion or restaurant path naming none a customer can see answers 404 with
   * the plain shell, so the storefront still shows its own not-found handling.
   */
  sendPage(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply | false;
  /**
   * Sends a returning customer's home already drawn (decision 44), from the choice their cookie names; false
   * when there is no such cookie, no server build, or anything the drawing needs failed (the caller then sends
   * the page as for anyone). Never throws.
   */
  sendFirstScreen(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean>;
}

/**
 * GET /robots.txt and /sitemap.xml for the brand this instance serves, and the crawler-readable shell of each
 * public page. Everything is built from the catalog snapshot in memory, once per revision.
 */
export function registerSeo(
  app: FastifyInstance,
  { config, catalog, now, indexHtml, brand: brandStore, serverRenderFile }: SeoOptions,
): Seo {
  const origin = publicOrigin(config.env);
  // What only the brand file sets (its id, languages); what an owner changes is read from brandStore.
  const brand = config.brand;
  const firstLocale = brand.locales[0];
  const locale: Locale = isLocale(firstLocale) ? firstLocale : 'ru';
  const robots = prepare(robotsTxt(origin));
  let state: SiteState | null = null;
  let shell = { version: '', html: '' };

  /** index.html is looked up per request (a rebuilt storefront needs no restart): re-read when it changed. */
  const currentShell = () => {
    if (!indexHtml) return shell;
    const stat = statSync(indexHtml, { throwIfNoEntry: false });
    const version = stat ? `${stat.mtimeMs}:${stat.size}` : '';
    if (version !== shell.version) shell = { version, html: stat ? readFileSync(indexHtml, 'utf8') : '' };
    return shell;
  };

  const site = (): SiteState => {
    const snapshot = catalog.snapshot;
    const served = brandStore.current;
    const { version } = currentShell();
    const at = now();
    if (
      state &&
      state.snapshot === snapshot &&
      state.brand === served &&
      state.shellVersion === version &&
      at < state.expiresAt
    ) {
      return state;
    }
    const view = publicCatalog(snapshot, brand.whiteLabel, at);
    const cityNames = new Map(
      [...snapshot.cities.values()]
        .filter((c) => c.whiteLabelId === brand.whiteLabel)
        .map((c) => [c.id, c.name]),
    );
    state = {
      snapshot,
      brand: served,
      shellVersion: version,
      expiresAt: view.expiresAt,
      ctx: {
        origin,
        locale,
        brandName: served.settings.name[locale] ?? served.settings.name.ru,
        brandImage: served.settings.logo ?? null,
        catalog: view,
        cityNames,
        pages: infoPagesOf(served, locale),
      },
      sitemap: null,
      pages: new Map(),
    };
    return state;
  };

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    send(request, reply, robots, 'text/plain; charset=utf-8', 'public, max-age=3600'),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    const current = site();
    current.sitemap ??= prepare(sitemapXml(current.ctx));
    return send(request, reply, current.sitemap, 'application/xml; charset=utf-8', 'public, max-age=600');
  });

  const drawer = serverRenderFile ? firstScreenDrawer(serverRenderFile, app.log) : null;

  /** The boot call's answers for this choice, asked of the call itself (the same answers the page head gets). */
  const bootAnswers = async (choice: FirstScreenChoice): Promise<BootAnswer[] | null> => {
    const query = new URLSearchParams({
      cityId: String(choice.cityId),
      restoId: String(choice.restoId),
      method: choice.method,
      whiteLabel: choice.whiteLabel,
    });
    const response = await app.inject({
      method: 'GET',
      url: `/1/p/boot?${query}`,
      headers: { accept: 'application/json', 'accept-language': choice.locale },
    });
    if (response.statusCode !== 200) return null;
    const answers = (JSON.parse(response.body) as BootResponse).answers;
    // A failed answer is the browser's to show (the boot's error screen), not the server's to draw.
    return answers.every((answer) => answer.status === 200) ? answers : null;
  };

  /** A returning customer's home, drawn from the boot call's answers for the choice their cookie names. */
  const sendReturning = async (
    request: FastifyRequest,
    reply: FastifyReply,
    drawings: FirstScreenDrawings,
    choice: FirstScreenChoice,
  ): Promise<boolean> => {
    const answers = await bootAnswers(choice);
    if (!answers) return false;
    const markup = await drawings.renderFirstScreen({
      path: '/',
      config: brandStore.current.publicConfig,
      locale: choice.locale,
      choice,
      userAgent: request.headers['user-agent'] ?? '',
      answers,
    });
    const meta = pageMetaFor(site().ctx, '/');
    if (markup === null || meta === null || meta === 'missing') return false;
    const page = firstScreenPage(
      shell.html,
      { ...meta, lang: choice.locale },
      { markup, theme: brandStore.current.settings.theme, embedded: { choice, answers } },
    );
    // The customer's own page: never stored by a shared cache, and another cookie is another page.
    reply.header('vary', 'cookie, accept-encoding');
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    sendFreshlyCompressed(request.headers['accept-encoding'], reply, page);
    // A boolean, not the reply: a reply is a thenable, and awaiting it would wait for the answer to go out.
    return true;
  };

  /**
   * Anyone else's home (a first visit, a crawler): the crawler-readable text with the location popup the app
   * opens at once drawn over it. One page per catalog revision and guessed viewport, as the readable pages are.
   */
  const sendFirstVisit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    drawings: FirstScreenDrawings & { version: string },
  ): Promise<boolean> => {
    const agent = request.headers['user-agent'] ?? '';
    const current = site();
    // A server build rebuilt alone (its index.html unchanged) draws anew too.
    const key = `/#first-visit@${guessViewportWidth(agent)}@${drawings.version}`;
    let prepared = current.pages.get(key);
    if (!prepared) {
      const cities = await app.inject({
        method: 'GET',
        url: citiesPath(brand.whiteLabel),
        headers: { accept: 'application/json', 'accept-language': brand.defaultLocale },
      });
      const meta = pageMetaFor(current.ctx, '/');
      if (cities.statusCode !== 200 || meta === null || meta === 'missing') return false;
      const popup = await drawings.renderFirstVisitPopup({
        config: current.brand.publicConfig,
        locale: brand.defaultLocale,
        cities: JSON.parse(cities.body) as CityListItem[],
        userAgent: agent,
      });
      const styles = firstVisitStyles(shell.html, config.webDistDir);
      prepared = prepare(renderShell(shell.html, { ...meta, bodyHtml: `${meta.bodyHtml}${styles}${popup}` }));
      // The catalog may have moved on while drawing: kept only for the revision it was drawn from.
      if (site() === current) current.pages.set(key, prepared);
    }
    // Whether the popup is a phone's or a laptop's depends on the user agent.
    reply.header('vary', 'user-agent, cookie, accept-encoding');
    send(request, reply, prepared, 'text/html; charset=utf-8', 'no-cache');
    return true;
  };

  return {
    async sendFirstScreen(request, reply, path) {
      if (!indexHtml || !drawer || path !== '/') return false;
      const choice = parseFirstScreenCookie(cookieValue(request.headers.cookie, FIRST_SCREEN_COOKIE));
      const returning =
        choice !== null && choice.whiteLabel === brand.whiteLabel && brand.locales.includes(choice.locale);
      try {
        const drawings = await drawer();
        if (!drawings) return false;
        // Whatever goes out now, the cookie decided it (a refused drawing too): a shared cache must key on it.
        reply.header('vary', 'cookie, accept-encoding');
        const sent = returning
          ? await sendReturning(request, reply, drawings, choice)
          : await sendFirstVisit(request, reply, drawings);
        return sent;
      } catch (error) {
        request.log.warn({ err: error }, 'the first screen could not be drawn; the browser draws it');
        return false;
      }
    },

    sendPage(request, reply, rawPath) {
      if (!indexHtml) return false;
      const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
      const current = site();
      let prepared = current.pages.get(path);
      if (!prepared) {
        const meta = pageMetaFor(current.ctx, path);
        if (meta === null) return false;
        if (meta === 'missing') {
          reply.code(404);
          return false;
        }
        prepared = prepare(renderShell(shell.html, meta));
        // Bounded: only paths of pages that exist are kept, and at most MAX_SEO_PAGES of them.
        if (current.pages.size < MAX_SEO_PAGES) current.pages.set(path, prepared);
      }
      return send(request, reply, prepared, 'text/html; charset=utf-8', 'no-cache');
    },
  };
}
