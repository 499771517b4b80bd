import { createHmac } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../app.ts';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { codeOf } from '../test/orders-kit.ts';
import { addTestStaff } from '../test/staff-kit.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { AccessTokens } from './access-tokens.ts';
import { readAuthSettings } from './auth-settings.ts';
import { SECRETS_FILE } from './development-secrets.ts';
import { StaffTokens } from './staff-tokens.ts';

/** The secret every start without AUTH_TOKEN_SECRET used to sign with, as it was published here. */
const FORMERLY_PUBLISHED = 'development-only-auth-token-secret-do-not-deploy';

/** Every quoted value of at least 32 characters given to a *_SECRET key anywhere in the repository. */
function secretsInTheRepository(): string[] {
  const found = new Set([FORMERLY_PUBLISHED]);
  const skip = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        /\.(ts|tsx|mts|mjs|js|json|md|yml|yaml|env|conf|sh)$/.test(entry.name) ||
        entry.name === 'run'
      ) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(/SECRET['"]?\s*[:=]\s*['"`]([^'"`\s]{32,})['"`]/g))
          found.add(match[1] as string);
      }
    }
  };
  for (const dir of ['apps', 'packages', 'bench', 'chaos', 'deploy', 'e2e', 'scripts', 'docs', '.ci'])
    walk(join(REPO_ROOT, dir));
  return [...found];
}

const derive = (secret: string, purpose: string) =>
  new Uint8Array(createHmac('sha256', secret).update(purpose).digest());

const dataDirs: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-secrets-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A start as `npm start` makes it on a machine without secrets: development, nothing but DATA_DIR. */
const defaultStart = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent-web-dist', PAYMENT_SWEEP_MS: '0' });

describe('a start without configured secrets', () => {
  it('makes random secrets, keeps them in DATA_DIR readable by its own user only, and reuses them', () => {
    const dataDir = freshDataDir();
    const first = defaultStart(dataDir);
    const file = join(dataDir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.env.AUTH_TOKEN_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(first.env.QUOTE_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(first.env.QUOTE_SECRET).not.toBe(first.env.AUTH_TOKEN_SECRET);
    // The next start on the same folder signs with the same secrets: sessions survive a restart.
    const second = defaultStart(dataDir);
    expect(second.env.AUTH_TOKEN_SECRET).toBe(first.env.AUTH_TOKEN_SECRET);
    expect(second.env.QUOTE_SECRET).toBe(first.env.QUOTE_SECRET);
    // A fresh folder gets secrets of its own.
    const elsewhere = defaultStart(freshDataDir());
    expect(elsewhere.env.AUTH_TOKEN_SECRET).not.toBe(first.env.AUTH_TOKEN_SECRET);
    expect(elsewhere.env.QUOTE_SECRET).not.toBe(first.env.QUOTE_SECRET);
    // None of them is anything the repository holds.
    for (const published of secretsInTheRepository())
      expect([first.env.AUTH_TOKEN_SECRET, elsewhere.env.AUTH_TOKEN_SECRET]).not.toContain(published);
  });

  it('leaves configured secrets alone and writes nothing then', () => {
    const dataDir = freshDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_TOKEN_SECRET: 's'.repeat(40) });
    expect(config.env.AUTH_TOKEN_SECRET).toBe('s'.repeat(40));
    expect(config.env.QUOTE_SECRET).toBeUndefined();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('narrows a secrets file with wider permissions, and refuses one it did not write', () => {
    const dataDir = freshDataDir();
    const secret = defaultStart(dataDir).env.AUTH_TOKEN_SECRET;
    const file = join(dataDir, SECRETS_FILE);
    chmodSync(file, 0o644);
    expect(defaultStart(dataDir).env.AUTH_TOKEN_SECRET).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileSync(file, '{"authToken":"short"}');
    expect(() => defaultStart(dataDir)).toThrow(/AUTH_TOKEN_SECRET: .*secrets\.json.*delete it/);
  });

  it('is refused in production, with nothing written', () => {
    const dataDir = freshDataDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(
      /AUTH_TOKEN_SECRET: required in production[\s\S]*QUOTE_SECRET: required in production/,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('tokens signed with a secret the repository holds, on a default start', () => {
  let database: TestDatabase;
  let app: StorefrontApp;
  let managerId: number;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = freshDataDir();
    app = await buildApp({ config: defaultStart(dataDir), db: database.db });
    managerId = await addTestStaff(database.db, { login: 'forged-manager', role: 'manager' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const staffMe = (token: string) =>
    app.inject({ url: '/api/v1/staff/me', headers: { authorization: `Bearer ${token}` } });

  it("refuse a manager's token forged with any of them, and open with the start's own", async () => {
    const published = secretsInTheRepository();
    expect(published.length).toBeGreaterThan(1);
    for (const secret of published) {
      // Forged as the server signs: the key derived from the secret, and the raw secret as a key.
      for (const key of [derive(secret, 'staff-access-token'), new TextEncoder().encode(secret)]) {
        const forged = await new StaffTokens(key, 'storefront/demo', 'demo', Date.now).sign(managerId);
        const response = await staffMe(forged);
        expect(response.statusCode, secret).toBe(401);
        expect(codeOf(response)).toBe('auth.token-invalid');
      }
      const customer = await new AccessTokens(
        derive(secret, 'access-token'),
        'storefront/demo',
        'demo',
        Date.now,
      ).sign(1);
      await expect(app.authentication.tokens.verify(customer)).rejects.toMatchObject({
        code: 'auth.token-invalid',
      });
    }
    // The same token signed with the secret this start made opens the manager's calls.
    const own = readAuthSettings(defaultStart(dataDir));
    const genuine = await new StaffTokens(own.staffTokenKey, own.issuer, 'demo', Date.now).sign(managerId);
    expect((await staffMe(genuine)).statusCode).toBe(200);
  });
});
