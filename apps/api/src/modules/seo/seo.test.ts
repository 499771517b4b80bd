import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { positions } from '../../db/schema.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { publicCatalog } from './public-catalog.ts';

const ORIGIN = 'https://shop.example.com';
const SHELL = [
  '<!doctype html>',
  '<html lang="ru">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>Storefront</title>',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '    <script type="module" src="/assets/index-abc.js"></script>',
  '  </body>',
  '</html>',
].join('\n');

let dist: string;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefront-seo-'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  ({ app, database, close } = await createTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: `${ORIGIN}/` } }));
});
afterAll(async () => {
  await close();
  rmSync(dist, { recursive: true, force: true });
});

const view = () => publicCatalog(app.catalog.snapshot, 'demo', Date.now());

/** The JSON-LD block of a page, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null');
}

/** What the storefront's `<div id="root">` holds before the app mounts. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1] ?? '';

it('answers robots.txt as text: private paths disallowed, the sitemap named by its absolute URL', async () => {
  const response = await app.inject('/robots.txt');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  for (const path of ['/cart', '/orders', '/auth', '/staff', '/api/']) {
    expect(response.body).toContain(`Disallow: ${path}\n`);
  }
  expect(response.body).toMatch(/^User-agent: \*$/m);
  expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  expect(response.body).not.toContain('Disallow: /\n');
});

it('lists every public menu, dish, promotion, restaurant and information page in the sitemap', async () => {
  const response = await app.inject('/sitemap.xml');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(
    response.body.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ),
  ).toBe(true);
  expect(response.body.trimEnd().endsWith('</urlset>')).toBe(true);
  const locs = [...response.body.matchAll(/<url><loc>([^<]*)<\/loc><\/url>/g)].map((m) => m[1]);
  // Well-formed: every line is the declaration, the urlset or one url; no unescaped ampersand.
  expect(
    response.body.split('\n').filter((l) => l && !/^(<\?xml|<urlset|<\/urlset>| {2}<url><loc>)/.test(l)),
  ).toEqual([]);
  expect(response.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);

  const catalog = view();
  const expected = [
    '/',
    '/promotions',
    '/restos',
    ...catalog.menus.map((m) => `/menus/${m.id}`),
    ...catalog.menus.flatMap((m) => m.positions.map((p) => `/menus/${m.id}/positions/${p.id}`)),
    ...catalog.promotions.map((p) => `/promotions/${p.id}`),
    ...catalog.restos.map((r) => `/restos/${r.id}`),
    '/informaciya-dlya-klientov',
    '/dostavka',
    '/pravila-prodazhi',
    '/terms-of-sale',
  ];
  for (const path of expected) expect(locs).toContain(`${ORIGIN}${path}`);
  // Every dish the catalog answers for the brand's menus, and nothing else.
  const dishCount = locs.filter((loc) => /\/positions\/\d+$/.test(loc ?? '')).length;
  let served = 0;
  for (const menu of catalog.menus) {
    const answer = await app.inject(`/1/p/menus/${menu.id}/positions`);
    served += (answer.json() as unknown[]).length;
  }
  expect(dishCount).toBe(served);
  expect(dishCount).toBeGreaterThan(10);
  expect(catalog.promotions.length).toBeGreaterThan(0);
  expect(catalog.restos.length).toBeGreaterThan(1);
  expect(new Set(locs).size).toBe(locs.length);
});

it("gives a dish URL the dish's title, description, Open Graph tags, text, price and MenuItem JSON-LD", async () => {
  const { menu, position } = [...view().positions.values()][0] ?? {};
  if (!menu || !position) throw new Error('the demo brand has dishes');
  const path = `/menus/${menu.id}/positions/${position.id}`;
  const response = await app.inject(path);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  const html = response.body;
  const name = position.name.ru;
  const roubles = position.price / 100;
  expect(html).toContain(`<title>${name} — Нори-Нори</title>`);
  expect(html).not.toContain('<title>Storefront</title>');
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
  expect(html).toContain(`<meta property="og:title" content="${name} — Нори-Нори" />`);
  expect(html).toContain(`<meta property="og:url" content="${ORIGIN}${path}" />`);
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}" />`);
  expect(html).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\.com\/media\/[^"]+" \/>/);
  expect(html).toMatch(/<meta property="og:description" content="[^"]+" \/>/);
  expect(html).toContain('<meta property="og:type" content="restaurant.menu_item" />');
  // The text a customer sees, as static markup the app replaces on mount; the app's script is still there.
  const root = rootOf(html);
  expect(root).toContain(`<h1>${name}</h1>`);
  expect(root).toContain(position.description.ru);
  expect(root).toMatch(new RegExp(`${roubles}\\s₽`));
  expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');

  const item = jsonLd(html);
  expect(item).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'MenuItem',
    name,
    description: position.description.ru,
    url: `${ORIGIN}${path}`,
    offers: { '@type': 'Offer', price: String(roubles), priceCurrency: 'RUB' },
  });
});

it('gives a menu URL its Menu JSON-LD with every dish priced in roubles', async () => {
  const menu = view().menus[0];
  if (!menu) throw new Error('the demo brand has menus');
  const response = await app.inject(`/menus/${menu.id}`);
  expect(response.statusCode).toBe(200);
  const data = jsonLd(response.body) as {
    '@type': string;
    hasMenuSection: { hasMenuItem: { offers: { price: string } }[] }[];
  };
  expect(data['@type']).toBe('Menu');
  const items = data.hasMenuSection.flatMap((s) => s.hasMenuItem);
  expect(items).toHaveLength(menu.positions.length);
  expect(items[0]?.offers.price).toBe(
    String((menu.positions.find((p) => p.positionGroup?.id === menu.groups[0]?.id)?.price ?? 0) / 100),
  );
  expect(response.body).toContain(`<title>${menu.name.ru} — Нори-Нори</title>`);
});

it('gives a restaurant URL its Restaurant JSON-LD with address, geo and opening hours, and the hours as text', async () => {
  const resto = view().restos[0];
  if (!resto) throw new Error('the demo brand has restaurants');
  const response = await app.inject(`/restos/${resto.id}`);
  expect(response.statusCode).toBe(200);
  const data = jsonLd(response.body);
  expect(data).toMatchObject({
    '@type': 'Restaurant',
    name: resto.name.ru,
    address: { '@type': 'PostalAddress', streetAddress: resto.street.ru },
    geo: { '@type': 'GeoCoordinates', latitude: resto.location.lat, longitude: resto.location.lng },
  });
  const hours = data.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
  expect(hours.length).toBe(resto.openingHours.filter((d) => d.active).length);
  expect(hours[0]).toMatchObject({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: 'https://schema.org/Monday',
  });
  expect(hours[0]?.opens).toMatch(/^\d\d:\d\d$/);
  const root = rootOf(response.body);
  expect(root).toContain(resto.address.ru);
  expect(root).toContain('Часы работы');
  expect(root).toMatch(/Пн: (\d\d:\d\d–\d\d:\d\d|круглосуточно|выходной)/);
});

it('gives promotions and information pages their title and text', async () => {
  const promotion = view().promotions[0];
  if (!promotion) throw new Error('the demo brand has promotions running');
  const promo = await app.inject(`/promotions/${promotion.id}`);
  expect(promo.body).toContain(`<title>${promotion.title.ru} — Нори-Нори</title>`);
  expect(rootOf(promo.body)).toContain(`<h1>${promotion.title.ru}</h1>`);

  const page = await app.inject('/dostavka');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<title>Доставка — Нори-Нори</title>');
  expect(rootOf(page.body)).toContain('<h2>Стоимость и время</h2>');
  expect(rootOf(page.body)).toContain('<li>до 1000 ₽ — от 200 до 300 ₽;</li>');

  const home = await app.inject('/');
  expect(home.body).toContain('<title>Нори-Нори</title>');
  expect(rootOf(home.body)).toContain(`href="/restos/${view().restos[0]?.id}"`);
  // The brand's pages, as the storefront's navigation links them: in the brand's order, the owner's titles.
  expect(rootOf(home.body)).toContain('<h2>Информация</h2>');
  const linked = [...rootOf(home.body).matchAll(/href="\/([a-z0-9-]+)">([^<]+)</g)].map((m) => m[1]);
  expect(linked.filter((slug) => slug !== 'promotions' && slug !== 'restos')).toEqual([
    'informaciya-dlya-klientov',
    'unikalnye-preimushchestva',
    'pravila-prodazhi',
    'postavshchikam',
    'postavshchikam-uslug-i-produkcii',
    'sovmestnye-promo-akcii',
    'podarki-ot-partnerov',
    'dostavka',
    'terms-of-sale',
  ]);
});

it('answers an unknown or hidden dish, menu, promotion or restaurant with 404 and the plain shell', async () => {
  for (const path of ['/menus/1/positions/999999', '/menus/999999', '/promotions/999999', '/restos/999999']) {
    const response = await app.inject(path);
    expect(response.statusCode, path).toBe(404);
    expect(response.body, path).toBe(SHELL);
  }
  // Other paths (the cart, the SPA's own redirects) get the plain shell as before.
  const cart = await app.inject('/cart');
  expect(cart.statusCode).toBe(200);
  expect(cart.body).toBe(SHELL);
});

it('escapes a script-like dish name everywhere, and drops a hidden dish from the sitemap', async () => {
  const [first, second] = [...view().positions.values()];
  if (!first || !second) throw new Error('the demo brand has dishes');
  const evil = '</script><script>alert("x")</script> & <b>';
  await database.db
    .update(positions)
    .set({ name: { ru: evil, en: evil } })
    .where(eq(positions.id, first.position.id));
  await database.db.update(positions).set({ isPublished: false }).where(eq(positions.id, second.position.id));
  expect(await app.catalog.refresh()).toBe(true);

  const html = (await app.inject(`/menus/${first.menu.id}/positions/${first.position.id}`)).body;
  expect(html).not.toContain('<script>alert');
  expect(html).not.toContain('<b>');
  expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
  // The only script elements are the JSON-LD block and the app's own.
  expect(html.match(/<script/g)).toHaveLength(2);
  expect(jsonLd(html).name).toBe(evil);

  const sitemap = (await app.inject('/sitemap.xml')).body;
  expect(sitemap).not.toContain(`/positions/${second.position.id}<`);
  expect(sitemap).toContain(`/positions/${first.position.id}<`);
  const hidden = await app.inject(`/menus/${second.menu.id}/positions/${second.position.id}`);
  expect(hidden.statusCode).toBe(404);
});

it('reads a rebuilt index.html without a restart', async () => {
  const rebuilt = SHELL.replace('/assets/index-abc.js', '/assets/index-rebuilt-0001.js');
  writeFileSync(join(dist, 'index.html'), rebuilt);
  const response = await app.inject('/restos');
  expect(response.body).toContain('/assets/index-rebuilt-0001.js');
  expect(response.body).toContain('<title>Рестораны — Нори-Нори</title>');
  writeFileSync(join(dist, 'index.html'), SHELL);
});
