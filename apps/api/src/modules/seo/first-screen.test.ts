import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  citiesPath,
  FIRST_SCREEN_COOKIE,
  type FirstScreenChoice,
  formatFirstScreenCookie,
} from '@storefront/domain';
import {
  type BootAnswer,
  bootResponse,
  type FirstScreenInput,
  type FirstVisitInput,
} from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { catalogRevision } from '../../db/schema.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { firstScreenPage, firstVisitStyles } from './first-screen.ts';
import { publicCatalog } from './public-catalog.ts';
import type { PageMeta } from './site.ts';

// The clock is pinned: the boot's first answer is the clock, and the readable pages change as promotions run.
const NOW = Date.parse('2026-11-24T12:00:00Z');
const ORIGIN = 'https://shop.example.com';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const POPUP_CSS = '.location-popup{inset:0;position:fixed}';
const SHELL = [
  '<!doctype html>',
  '<html lang="ru">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <title>Storefront</title>',
  '    <script type="module" async src="/assets/head-prefetch-x.js" data-head-prefetch data-first-visit-chunks="/assets/popup-x.css /assets/popup-x.js"></script>',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '    <script type="module" src="/assets/index-abc.js"></script>',
  '  </body>',
  '</html>',
].join('\n');

/**
 * A stand-in for the storefront's server build (apps/web/dist-server/render-first-screen.js): markup that names
 * its version, every input recorded on globalThis, and the first screen's answer set by the test.
 */
const fakeBuild = (version: string) => `
const fake = (globalThis.__fakeServerBuild ??= { screens: [], popups: [], screen: 'draw' });
export async function renderFirstScreen(input) {
  fake.screens.push(input);
  if (fake.screen === 'null') return null;
  if (fake.screen === 'throw') throw new Error('the fake server build failed to draw');
  return '<main data-fake-first-screen="${version}">Home of restaurant ' + input.choice.restoId + '</main>';
}
export async function renderFirstVisitPopup(input) {
  fake.popups.push(input);
  const device = /Mobi|Android|iPhone/.test(input.userAgent) ? 'phone' : 'laptop';
  return '<dialog open data-drawn-by-server data-fake-popup="${version}" data-device="' + device + '">' +
    input.cities.length + ' cities</dialog>';
}
`;

interface FakeServerBuild {
  screens: FirstScreenInput[];
  popups: FirstVisitInput[];
  screen: 'draw' | 'null' | 'throw';
}
const fake = (): FakeServerBuild => {
  const record = (globalThis as { __fakeServerBuild?: FakeServerBuild }).__fakeServerBuild;
  if (!record) throw new Error('the fake server build has not been loaded');
  return record;
};

const CHOICE: FirstScreenChoice = {
  whiteLabel: 'demo',
  cityId: 1,
  restoId: 1,
  method: 'TAKE_AWAY',
  locale: 'en',
};
const cookieFor = (value: string) => `theme=dark; ${FIRST_SCREEN_COOKIE}=${value}; other=1`;

let dir: string;
let dist: string;
let serverBuild: string;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'storefront-first-screen-'));
  dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'assets', 'popup-x.css'), POPUP_CSS);
  writeFileSync(join(dist, 'assets', 'popup-x.js'), 'export const popup = 1;');
  mkdirSync(join(dir, 'dist-server'));
  serverBuild = join(dir, 'dist-server', 'render-first-screen.mjs');
  writeFileSync(serverBuild, fakeBuild('v1'));
  ({ app, database, close } = await createTestApp({
    now: () => NOW,
    env: { WEB_DIST_DIR: dist, WEB_SERVER_BUILD: serverBuild, PUBLIC_URL: `${ORIGIN}/` },
  }));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { __fakeServerBuild?: FakeServerBuild }).__fakeServerBuild;
});
beforeEach(() => {
  const record = (globalThis as { __fakeServerBuild?: FakeServerBuild }).__fakeServerBuild;
  if (record) Object.assign(record, { screens: [], popups: [], screen: 'draw' });
});

const home = (on: StorefrontApp, headers: Record<string, string> = {}) =>
  on.inject({ method: 'GET', url: '/', headers: { 'user-agent': LAPTOP, ...headers } });

/** What the storefront's `<div id="root">` holds before the app mounts. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*<script type="module" src="\/assets\/index-/.exec(html)?.[1] ?? '';

const varyOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

/** The `{choice, answers}` a drawn page carries for the page head, parsed. */
function embeddedBoot(html: string): { choice: FirstScreenChoice; answers: BootAnswer[] } {
  const scripts = [
    ...html.matchAll(/<script type="application\/json" id="storefront-boot">([\s\S]*?)<\/script>/g),
  ];
  expect(scripts, 'one embedded boot').toHaveLength(1);
  return JSON.parse(scripts[0]?.[1] ?? 'null');
}

/** What the boot call itself answers for a choice, in the choice's language. */
async function bootAnswersFor(choice: FirstScreenChoice): Promise<BootAnswer[]> {
  const query = new URLSearchParams({
    cityId: String(choice.cityId),
    restoId: String(choice.restoId),
    method: choice.method,
    whiteLabel: choice.whiteLabel,
  });
  const response = await app.inject({
    method: 'GET',
    url: `/1/p/boot?${query}`,
    headers: { 'accept-language': choice.locale },
  });
  expect(response.statusCode).toBe(200);
  return bootResponse.parse(response.json()).answers;
}

/** The crawler-readable home as seo.test.ts knows it: the brand's title, a link to each restaurant. */
function expectReadableHome(html: string) {
  expect(html).toContain('<title>Нори-Нори</title>');
  expect(html).not.toContain('<title>Storefront</title>');
  const resto = publicCatalog(app.catalog.snapshot, 'demo', NOW).restos[0];
  expect(resto).toBeDefined();
  expect(rootOf(html)).toContain(`href="/restos/${resto?.id}"`);
  expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  expect(html).not.toContain('data-first-screen');
  expect(html).not.toContain('id="storefront-boot"');
}

/** The first-visit page: the readable home with the location popup drawn over it, its styles inlined. */
function expectFirstVisitPage(html: string) {
  expectReadableHome(html);
  expect(rootOf(html)).toMatch(
    /<style>\.location-popup\{inset:0;position:fixed\}<\/style><dialog open data-drawn-by-server data-fake-popup="v1" data-device="\w+">\d+ cities<\/dialog>$/,
  );
}

/** The readable home alone, as every page was sent before the server drew anything. */
function expectReadableHomeOnly(html: string) {
  expectReadableHome(html);
  expect(html).not.toContain('<dialog');
  expect(html).not.toContain('<style>');
}

/** Moves the catalog to a new revision, as any catalog write does. */
async function nextCatalogRevision() {
  await database.db.update(catalogRevision).set({ revision: sql`${catalogRevision.revision} + 1` });
  expect(await app.catalog.refresh()).toBe(true);
}

it("draws a returning customer's home from the boot call's answers for the choice their cookie names", async () => {
  const response = await home(app, {
    cookie: cookieFor(formatFirstScreenCookie(CHOICE)),
    'user-agent': PHONE,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(varyOf(response.headers.vary)).toContain('cookie');
  const html = response.body;
  // The brand's colours and the mark the app hydrates by, on <html>; the cookie's language.
  expect(html).toMatch(
    /<html data-first-screen data-theme="dark" style="--color-primary:#5bd0a4" lang="en">/,
  );
  expect(rootOf(html)).toBe('<main data-fake-first-screen="v1">Home of restaurant 1</main>');
  // Not the crawler's text, nor a first visit's popup: the customer's own screen.
  expect(html).not.toContain('<dialog');

  const answers = await bootAnswersFor(CHOICE);
  expect(answers.length).toBeGreaterThan(5);
  expect(answers.some((a) => a.path.startsWith('/1/p/menus/'))).toBe(true);
  const embedded = embeddedBoot(html);
  expect(embedded.choice).toEqual(CHOICE);
  expect(embedded.answers.map((a) => a.path)).toEqual(answers.map((a) => a.path));
  for (const answer of embedded.answers) expect(answer.status, answer.path).toBe(200);
  expect(embedded.answers).toEqual(answers);
  // After the app's markup, before </body>: the head reads it when the page is parsed.
  expect(html).toMatch(/<\/script><\/body>/);

  expect(fake().screens).toHaveLength(1);
  const input = fake().screens[0];
  expect(input?.path).toBe('/');
  expect(input?.choice).toEqual(CHOICE);
  expect(input?.locale).toBe('en');
  expect(input?.userAgent).toBe(PHONE);
  expect(input?.answers).toEqual(answers);
  expect(input?.config).toEqual((await app.inject('/config.json')).json());
  expect(fake().popups).toHaveLength(0);
});

it('sends the first-visit page for a cookie it cannot use: malformed, or naming another brand', async () => {
  const refused = [
    'garbage',
    formatFirstScreenCookie({ ...CHOICE, whiteLabel: 'ghost' }),
    encodeURIComponent('w=demo&c=1&r=1&m=DRONE&l=en'),
    encodeURIComponent('w=demo&c=0&r=1&m=TAKE_AWAY&l=en'),
    encodeURIComponent('w=demo&c=1&r=1&m=TAKE_AWAY&l=de'),
    '%E0%A4%A',
  ];
  for (const value of refused) {
    const response = await home(app, { cookie: cookieFor(value) });
    expect(response.statusCode, value).toBe(200);
    expect(response.headers['cache-control'], value).toBe('no-cache');
    expectFirstVisitPage(response.body);
  }
  // Refused before anything is drawn or asked for the customer.
  expect(fake().screens).toHaveLength(0);
});

it("sends the first-visit page for a language the brand does not offer, without drawing the customer's home", async () => {
  // The demo brand offers every language the storefront speaks: a copy of it offers Russian only.
  const brands = join(dir, 'brands');
  cpSync(join(import.meta.dirname, '../../../../../brands/demo'), join(brands, 'demo'), { recursive: true });
  const brandFile = join(brands, 'demo', 'brand.json');
  writeFileSync(
    brandFile,
    JSON.stringify({ ...JSON.parse(readFileSync(brandFile, 'utf8')), locales: ['ru'] }),
  );
  const russianOnly = await createTestApp({
    db: database,
    now: () => NOW,
    env: { WEB_DIST_DIR: dist, WEB_SERVER_BUILD: serverBuild, PUBLIC_URL: `${ORIGIN}/`, BRANDS_DIR: brands },
  });
  try {
    const english = await home(russianOnly.app, { cookie: cookieFor(formatFirstScreenCookie(CHOICE)) });
    expect(english.statusCode).toBe(200);
    expectFirstVisitPage(english.body);
    expect(fake().screens).toHaveLength(0);
    // The same choice in the brand's language is drawn: only the language was refused.
    const russian = await home(russianOnly.app, {
      cookie: cookieFor(formatFirstScreenCookie({ ...CHOICE, locale: 'ru' })),
    });
    expect(russian.body).toMatch(/<html data-first-screen [^>]*lang="ru">/);
    expect(fake().screens).toHaveLength(1);
  } finally {
    await russianOnly.close();
  }
});

it("sends the readable home, not a drawing, when the choice's boot answers are not all 200", async () => {
  // A restaurant that does not exist: its calls answer 404, which is the browser's boot to show.
  const ghost = { ...CHOICE, restoId: 999_999 };
  const answers = await bootAnswersFor(ghost);
  expect(answers.some((a) => a.status !== 200)).toBe(true);
  const response = await home(app, { cookie: cookieFor(formatFirstScreenCookie(ghost)) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  // A returning customer's app opens no popup: the page is the readable home alone, as before decision 44.
  expectReadableHomeOnly(response.body);
  expect(fake().screens).toHaveLength(0);
  expect(fake().popups).toHaveLength(0);
});

it('sends the readable home when the server build draws nothing or throws, never a 500', async () => {
  const cookie = cookieFor(formatFirstScreenCookie(CHOICE));
  for (const screen of ['null', 'throw'] as const) {
    fake().screen = screen;
    const response = await home(app, { cookie });
    expect(response.statusCode, screen).toBe(200);
    expect(response.headers['cache-control'], screen).toBe('no-cache');
    expectReadableHomeOnly(response.body);
  }
  // Each was asked to draw, with the boot's answers in hand.
  expect(fake().screens).toHaveLength(2);
});

it('sends anyone without the cookie the readable home with the location popup drawn, its styles inlined', async () => {
  // A new catalog revision: nothing drawn yet for it.
  await nextCatalogRevision();
  const response = await home(app, { 'user-agent': PHONE });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  expectFirstVisitPage(response.body);
  expect(response.body.match(/<style>/g)).toHaveLength(1);
  expect(rootOf(response.body)).toContain(`<style>${POPUP_CSS}</style>`);
  // The popup is drawn from the cities the app would ask for, in the brand's first language.
  const cities = (await app.inject(citiesPath('demo'))).json() as unknown[];
  expect(cities.length).toBeGreaterThan(0);
  expect(rootOf(response.body)).toContain(`>${cities.length} cities</dialog>`);
  expect(fake().popups).toHaveLength(1);
  const input = fake().popups[0];
  expect(input?.locale).toBe('ru');
  expect(input?.userAgent).toBe(PHONE);
  expect(input?.cities).toEqual(cities);
  expect(input?.config).toEqual((await app.inject('/config.json')).json());
});

it('makes the first-visit page vary on the user agent and the cookie, as well as the encoding', async () => {
  // Fastify's reply.header replaces a value: the page's own Vary must survive the sending of prepared bytes.
  const asked: Record<string, string>[] = [
    { 'user-agent': PHONE },
    { 'user-agent': LAPTOP, 'accept-encoding': 'br' },
  ];
  for (const headers of asked) {
    const response = await home(app, headers);
    expect(varyOf(response.headers.vary)).toEqual(
      expect.arrayContaining(['user-agent', 'cookie', 'accept-encoding']),
    );
  }
});

it('draws the first-visit popup once per guessed viewport and catalog revision', async () => {
  await nextCatalogRevision();
  const phone = await home(app, { 'user-agent': PHONE });
  const laptop = await home(app, { 'user-agent': LAPTOP });
  expect(phone.body).toContain('data-device="phone"');
  expect(laptop.body).toContain('data-device="laptop"');
  expect(fake().popups.map((p) => p.userAgent)).toEqual([PHONE, LAPTOP]);
  // Asked again, and by another phone: the pages already drawn for that width.
  expect((await home(app, { 'user-agent': PHONE })).body).toBe(phone.body);
  expect((await home(app, { 'user-agent': ANDROID })).body).toBe(phone.body);
  expect((await home(app, { 'user-agent': LAPTOP })).body).toBe(laptop.body);
  expect(fake().popups).toHaveLength(2);
  // A compressed copy is the same page.
  const gzip = await home(app, { 'user-agent': PHONE, 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(fake().popups).toHaveLength(2);
  // A new catalog revision draws again.
  await nextCatalogRevision();
  await home(app, { 'user-agent': ANDROID });
  expect(fake().popups.map((p) => p.userAgent)).toEqual([PHONE, LAPTOP, ANDROID]);
});

it('answers / exactly as before when there is no server build', async () => {
  const unbuilt = await createTestApp({
    db: database,
    now: () => NOW,
    env: {
      WEB_DIST_DIR: dist,
      WEB_SERVER_BUILD: join(dir, 'dist-server', 'missing.mjs'),
      PUBLIC_URL: `${ORIGIN}/`,
    },
  });
  try {
    // What the built app answers when it does not draw (sendShell → the readable home), for the same catalog.
    fake().screen = 'null';
    const before = (await home(app, { cookie: cookieFor(formatFirstScreenCookie(CHOICE)) })).body;
    const asked: Record<string, string>[] = [
      {},
      { cookie: cookieFor(formatFirstScreenCookie(CHOICE)) },
      { 'user-agent': PHONE },
    ];
    for (const headers of asked) {
      const response = await home(unbuilt.app, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('accept-encoding');
      expectReadableHomeOnly(response.body);
      expect(response.body).toBe(before);
    }
    expect(fake().popups).toHaveLength(0);
  } finally {
    await unbuilt.close();
  }
});

it('picks up a rebuilt server build without a restart', async () => {
  const cookie = cookieFor(formatFirstScreenCookie(CHOICE));
  expect(rootOf((await home(app, { cookie })).body)).toContain('data-fake-first-screen="v1"');
  try {
    // A rebuild writes the server build and index.html again (new content, new modification time).
    writeFileSync(serverBuild, fakeBuild('v2-rebuilt'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(serverBuild, later, later);
    const rebuiltShell = SHELL.replace('/assets/index-abc.js', '/assets/index-rebuilt.js');
    writeFileSync(join(dist, 'index.html'), rebuiltShell);
    const returning = await home(app, { cookie });
    expect(rootOf(returning.body)).toBe(
      '<main data-fake-first-screen="v2-rebuilt">Home of restaurant 1</main>',
    );
    const firstVisit = await home(app, { 'user-agent': PHONE });
    expect(firstVisit.body).toContain('data-fake-popup="v2-rebuilt"');
    expect(firstVisit.body).toContain('/assets/index-rebuilt.js');
  } finally {
    writeFileSync(serverBuild, fakeBuild('v1'));
    const latest = new Date(Date.now() + 120_000);
    utimesSync(serverBuild, latest, latest);
    writeFileSync(join(dist, 'index.html'), SHELL);
  }
});

const META: PageMeta = {
  lang: 'ru',
  title: 'Brand',
  description: 'Sushi',
  url: `${ORIGIN}/`,
  type: 'website',
  image: null,
  siteName: 'Brand',
  ogLocale: 'ru_RU',
  jsonLd: null,
  bodyHtml: '<p>readable</p>',
};

it("writes the embedded boot answers so that no answer's text can close the script", () => {
  const evil = '</script><script>alert(1)</script><!-- \u2028';
  const embedded = { choice: CHOICE, answers: [{ path: '/1/now', status: 200, body: { note: evil } }] };
  const html = firstScreenPage(SHELL, META, {
    markup: '<main>drawn</main>',
    theme: { mode: 'light', primary: '#000' },
    embedded,
  });
  expect(html).not.toContain('<script>alert');
  expect(html).not.toContain('<!--');
  // Two scripts of the shell and the embedded one: nothing else opened or closed.
  expect(html.match(/<script\b/g)).toHaveLength(3);
  expect(html.match(/<\/script>/g)).toHaveLength(3);
  expect(embeddedBoot(html)).toEqual(embedded);
  expect(html).toMatch(/<html data-first-screen data-theme="light" style="--color-primary:#000" lang="ru">/);
  expect(rootOf(html)).toBe('<main>drawn</main>');
});

it("inlines only the popup chunk's own CSS files that exist under /assets, closing no <style> early", () => {
  const assets = join(dir, 'styles', 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(assets, 'a.css'), '.a{}');
  writeFileSync(join(assets, 'b.css'), '.b::after{content:"</style><script>"}');
  writeFileSync(join(assets, 'c.js'), 'alert(1)');
  writeFileSync(join(dir, 'styles', 'outside.css'), '.outside{}');
  const shellListing = (files: string) => SHELL.replace('/assets/popup-x.css /assets/popup-x.js', files);

  const styles = firstVisitStyles(
    shellListing(
      '/assets/a.css /assets/c.js /assets/missing.css /outside.css /assets/../outside.css https://cdn.example/assets/a.css /assets/b.css',
    ),
    join(dir, 'styles'),
  );
  expect(styles).toBe('<style>.a{}.b::after{content:"<\\/style><script>"}</style>');
  expect(firstVisitStyles(shellListing('/assets/missing.css /assets/c.js'), join(dir, 'styles'))).toBe('');
  expect(firstVisitStyles(SHELL.replace(/ data-first-visit-chunks="[^"]*"/, ''), join(dir, 'styles'))).toBe(
    '',
  );
});
