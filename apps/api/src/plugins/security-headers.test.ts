import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../app.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../test/test-app.ts';
import {
  contentSecurityPolicy,
  formatPolicy,
  HSTS,
  PERMISSIONS_POLICY,
  tileSource,
} from './security-headers.ts';

let dist: string;
let database: TestDatabase;
let app: StorefrontApp;
let https: StorefrontApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig({
      WEB_DIST_DIR: dist,
      TRUST_PROXY: '1',
      MAP_TILE_URL: 'http://127.0.0.1:4174/tiles/{z}/{x}/{y}.png',
    }),
    db: database.db,
  });
  https = await buildApp({
    config: testConfig({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://shop.example.com' }),
    db: database.db,
  });
});
afterAll(async () => {
  await app?.close();
  await https?.close();
  await database?.dispose();
  rmSync(dist, { recursive: true, force: true });
});

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin-allow-popups');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
}

describe('security headers on every answer', () => {
  it('the storefront shell, a catalog call, a hashed asset, a brand picture and a page', async () => {
    const answers = {
      shell: await app.inject('/'),
      'a page path (the shell)': await app.inject('/restos/1'),
      catalog: await app.inject('/1/p/cities?whiteLabel=demo'),
      asset: await app.inject('/assets/index-abc123.js'),
      media: await app.inject('/media/brand/logo.svg'),
      'brand page': await app.inject('/content/pages/ru/dostavka.md'),
      'config.json': await app.inject('/config.json'),
      'API docs': await app.inject('/api/docs/static/index.html'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBeLessThan(400);
      expectSecurityHeaders(response, what);
    }
  });

  it('errors too: a 404 (API path and missing asset), a 400, a 401, a refused body', async () => {
    const answers = {
      'unknown API path': await app.inject('/1/no-such-thing'),
      'missing asset': await app.inject('/assets/missing-000.js'),
      'bad input': await app.inject('/1/p/restos/abc'),
      'undecodable URL': await app.inject('/1/p/restos/%E0%A4%A'),
      'no token': await app.inject('/api/v1/me'),
      'bad JSON': await app.inject({
        method: 'POST',
        url: '/1/persons/orders/preflight',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(response, what);
    }
  });

  it('HSTS only over https: the request’s own protocol through the proxy, or an https PUBLIC_URL', async () => {
    expect((await app.inject('/1/now')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await app.inject({ url: '/1/now', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe(HSTS);
    expect((await https.inject('/1/now')).headers['strict-transport-security']).toBe(HSTS);
    expect((await https.inject('/')).headers['content-security-policy']).toContain(
      'upgrade-insecure-requests',
    );
    expect((await app.inject('/')).headers['content-security-policy']).not.toContain(
      'upgrade-insecure-requests',
    );
  });

  it('the demo brand’s policy: its tiles, no outside service it has not switched on', async () => {
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4174;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    for (const stranger of ['google', 'yandex', 'apple', 'vk.com', 'unsafe-eval', '*'])
      expect(csp).not.toContain(stranger);
  });
});

describe('contentSecurityPolicy', () => {
  const base = testConfig();
  const withBrand = (
    clients: Partial<typeof base.brand.clients>,
    maps: Partial<typeof base.brand.maps> = {},
  ) => ({
    env: base.env,
    brand: {
      ...base.brand,
      clients: { ...base.brand.clients, ...clients },
      maps: { ...base.brand.maps, ...maps },
    },
  });

  it('adds each service the brand switches on, where that service loads from', () => {
    const policy = contentSecurityPolicy(
      withBrand(
        {
          captchaClientKey: 'ysc1_client',
          googleClientId: 'client.apps.googleusercontent.com',
          appleClientId: 'com.example.web',
          vkAppId: '51234567',
          metrikaId: '98765432',
        },
        { googleMapsKey: 'AIza-key', geocoderUrl: 'https://geocoder.example.com/search' },
      ),
    );
    expect(policy['script-src']).toEqual(
      expect.arrayContaining([
        'https://smartcaptcha.yandexcloud.net',
        'https://accounts.google.com',
        'https://appleid.cdn-apple.com',
        'https://mc.yandex.ru',
        'https://*.googleapis.com',
      ]),
    );
    expect(policy['frame-src']).toEqual(
      expect.arrayContaining(['https://smartcaptcha.yandexcloud.net', 'https://accounts.google.com']),
    );
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining([
        'https://id.vk.com',
        'https://geocoder.example.com',
        'https://mc.yandex.ru',
        // Metrika's session recording (webvisor, switched on by the storefront's loader).
        'wss://mc.yandex.ru',
        'https://mc.webvisor.org',
      ]),
    );
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
  });

  it('a sign-in whose client id is set but whose method is off adds nothing', () => {
    const brand = withBrand({ googleClientId: 'client', vkAppId: '51234567' });
    brand.brand.features = { ...brand.brand.features, auth: ['PHONE'] };
    const policy = formatPolicy(contentSecurityPolicy(brand));
    expect(policy).not.toContain('google');
    expect(policy).not.toContain('vk.com');
  });

  it('the API on its own origin: calls and pictures may go there; its storefront may take the demo page’s redirect', () => {
    const config = testConfig({
      PUBLIC_URL: 'https://shop.example.com',
      PUBLIC_API_BASE: 'https://api.example.com/',
    });
    const policy = contentSecurityPolicy(config);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(policy['img-src']).toContain('https://api.example.com');
    expect(policy['form-action']).toEqual(["'self'", 'https://shop.example.com']);
  });

  it('tile templates become one source, subdomain placeholders a wildcard label', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('http://127.0.0.1:4174/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4174');
    expect(tileSource('https://tiles{s}.example.org/{z}.png')).toBeNull();
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource("https://tiles.example.org; script-src 'unsafe-inline'/{z}.png")).toBeNull();
  });
});
