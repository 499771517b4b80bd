import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../app.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../test/test-app.ts';

const STOREFRONT = '<!doctype html><title>storefront</title>';
const BACK_OFFICE = '<!doctype html><title>back office</title>';

let root: string;
let database: TestDatabase;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'back-office-dist-'));
  for (const [folder, page] of [
    ['web', STOREFRONT],
    ['backoffice', BACK_OFFICE],
  ] as const) {
    mkdirSync(join(root, folder, 'assets'), { recursive: true });
    writeFileSync(join(root, folder, 'index.html'), page);
  }
  writeFileSync(join(root, 'backoffice', 'assets', 'index-abc123.js'), 'console.log("back office")');
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  rmSync(root, { recursive: true, force: true });
});

async function appWith(env: Record<string, string>): Promise<StorefrontApp> {
  return buildApp({ config: testConfig(env), db: database.db });
}

describe('the back office at /admin', () => {
  let app: StorefrontApp;
  beforeAll(async () => {
    app = await appWith({
      WEB_DIST_DIR: join(root, 'web'),
      BACKOFFICE_DIST_DIR: join(root, 'backoffice'),
    });
  });
  afterAll(() => app.close());

  it('answers its own page, never cached, for every path under /admin', async () => {
    for (const path of ['/admin', '/admin/', '/admin/board', '/admin/menu/dishes/12', '/admin/no/such']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toBe(BACK_OFFICE);
      expect(response.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('serves its hashed assets as immutable, and a missing one as a 404, not the page', async () => {
    const asset = await app.inject('/admin/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("back office")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject('/admin/assets/gone-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
  });

  it("keeps the storefront's pages the storefront's", async () => {
    const response = await app.inject('/no/such/page');
    expect(response.body).toBe(STOREFRONT);
  });

  it("redirects the board's old address to the board, for good", async () => {
    for (const path of ['/staff', '/staff/anything']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(301);
      expect(response.headers.location, path).toBe('/admin/board');
    }
  });

  it('leaves the admin API its JSON answers', async () => {
    const response = await app.inject('/api/v1/admin/dishes');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('errors');
  });
});

it('serves no back office without its build, and still redirects /staff', async () => {
  const app = await appWith({ WEB_DIST_DIR: join(root, 'web'), BACKOFFICE_DIST_DIR: join(root, 'nothing') });
  try {
    // Without its build /admin is one of the storefront's unknown paths.
    expect((await app.inject('/admin/board')).body).toBe(STOREFRONT);
    expect((await app.inject('/staff')).statusCode).toBe(301);
  } finally {
    await app.close();
  }
});
