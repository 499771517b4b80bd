import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from './app.ts';
import { openTestDatabase, type TestDatabase, testConfig } from './test/test-app.ts';

const BIG_SCRIPT = `export const dishes = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Ролл ${i}`))};`;
let dist: string;
let database: TestDatabase;
let app: StorefrontApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build's compression step writes beside a large asset and the shell.
  writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync('<!doctype html><title>shell</title>'));
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig({ WEB_DIST_DIR: dist }), db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
  rmSync(dist, { recursive: true, force: true });
});

it('serves the storefront shell for every page path, revalidated each time', async () => {
  for (const path of [
    '/',
    '/menus/1/positions/5',
    '/restos/3',
    '/informaciya-dlya-klientov',
    '/no/such/page',
  ]) {
    const response = await app.inject(path);
    expect(response.statusCode, path).toBe(200);
    expect(response.body).toMatch(/^<!doctype html>/);
    // A public page's shell carries its own title (modules/seo, decision 28); any other path the file's.
    if (path === '/no/such/page') expect(response.body).toContain('<title>shell</title>');
    else expect(response.body).toMatch(/<title>[^<]+ — Нори-Нори<\/title>|<title>Нори-Нори<\/title>/);
    expect(response.headers['cache-control']).toBe('no-cache');
  }
});

it('serves hashed assets as immutable', async () => {
  const response = await app.inject('/assets/index-abc123.js');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it("sends the build's brotli or gzip copy to a browser that takes it, the plain file otherwise", async () => {
  const asked = (encoding?: string) =>
    app.inject({ url: '/assets/big-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
  const br = await asked('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
  expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 3);
  const gzip = await asked('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
  const plain = await asked();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(BIG_SCRIPT);
  for (const answer of [br, gzip, plain]) {
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }

  const shell = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'br' } });
  expect(shell.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<title>shell</title>');
  expect(shell.headers['cache-control']).toBe('no-cache');
  expect(shell.headers.vary).toBe('accept-encoding');
  // A menu page's shell is built from the catalog, and compressed once.
  const menu = await app.inject({ url: '/menus/1', headers: { 'accept-encoding': 'br' } });
  expect(menu.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(menu.rawPayload).toString()).toContain('application/ld+json');
  expect(shell.headers['cache-control']).toBe('no-cache');
  expect(shell.headers.vary).toBe('accept-encoding');
});

it('serves a file added after start, and answers a missing asset with 404, not the shell', async () => {
  writeFileSync(join(dist, 'assets', 'index-new456.js'), 'console.log(2)');
  expect((await app.inject('/assets/index-new456.js')).body).toBe('console.log(2)');
  const missing = await app.inject('/assets/index-gone.js');
  expect(missing.statusCode).toBe(404);
  expect(missing.body).not.toContain('<title>shell</title>');
});

it('keeps API misses as JSON 404s even with the storefront present', async () => {
  const response = await app.inject('/1/p/unknown');
  expect(response.statusCode).toBe(404);
  expect(response.json().errors[0].code).toBe('route.not-found');
  const post = await app.inject({ method: 'POST', url: '/restos/1' });
  expect(post.statusCode).toBe(404);
});
