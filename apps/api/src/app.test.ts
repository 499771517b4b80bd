import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from './app.ts';
import { openTestDatabase, type TestDatabase, testConfig } from './test/test-app.ts';

let dist: string;
let database: TestDatabase;
let app: StorefrontApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
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
    expect(response.body).toContain('<title>shell</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  }
});

it('serves hashed assets as immutable', async () => {
  const response = await app.inject('/assets/index-abc123.js');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
