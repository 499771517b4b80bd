import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../test/test-app.ts';
import {
  checkResetAllowed,
  confirmArgument,
  currentDatabase,
  ResetRefused,
  resetDatabase,
} from './reset-database.ts';
import { restos } from './schema.ts';

/** A production start that passes every rule of the environment. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_TOKEN_SECRET: 'r'.repeat(40),
  QUOTE_SECRET: 'q'.repeat(40),
  SMS_SENDER: 'smsru',
  SMSRU_API_ID: 'id',
  SMARTCAPTCHA_SERVER_KEY: 'captcha-key',
  PUBLIC_URL: 'https://shop.example',
};

describe('db:reset', () => {
  let database: TestDatabase;
  const restoCount = async () => (await database.db.select({ id: restos.id }).from(restos)).length;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('refuses NODE_ENV=production and leaves every table as it was', async () => {
    const before = await restoCount();
    expect(before).toBeGreaterThan(0);
    await expect(resetDatabase(database, testConfig(PRODUCTION), undefined)).rejects.toThrow(ResetRefused);
    await expect(checkResetAllowed(testConfig(PRODUCTION), null, 'anything')).rejects.toThrow(
      /NODE_ENV=production/,
    );
    expect(await restoCount()).toBe(before);
  });

  it('drops a PostgreSQL database only when the command names it', async () => {
    // The PGlite copy answers current_database() as a server would; only the kind is PostgreSQL's here.
    const server = { db: database.db, kind: 'postgres' as const };
    const name = await currentDatabase(database);
    const config = testConfig();
    await expect(checkResetAllowed(config, server, undefined)).rejects.toThrow(
      new RegExp(`npm run db:reset -- --confirm ${name}`),
    );
    await expect(checkResetAllowed(config, server, `${name}_prod`)).rejects.toThrow(ResetRefused);
    await expect(checkResetAllowed(config, server, name)).resolves.toBeUndefined();
  });

  it('outside production drops every table, then migrates and seeds again', async () => {
    const config = testConfig();
    await database.db.execute(sql`create table left_behind (id integer)`);
    const name = await currentDatabase(database);
    // A PGlite folder needs no name; a PostgreSQL run of the tests names its copy.
    await resetDatabase(database, config, database.kind === 'postgres' ? name : undefined);
    const left = (await database.db.execute(sql`select to_regclass('public.left_behind') as id`)) as {
      rows: { id: unknown }[];
    };
    expect(left.rows[0]?.id).toBeNull();
    expect(await restoCount()).toBeGreaterThan(0);
  }, 60_000);

  it('reads --confirm in both spellings', () => {
    expect(confirmArgument(['--confirm', 'shop_dev'])).toBe('shop_dev');
    expect(confirmArgument(['--confirm=shop_dev'])).toBe('shop_dev');
    expect(confirmArgument([])).toBeUndefined();
  });

  it('as a command, stops with 1 under NODE_ENV=production before it opens the database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-reset-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/reset.ts'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...PRODUCTION, DATA_DIR: dataDir },
      });
      expect(run.stderr).toMatch(/db:reset refuses to run with NODE_ENV=production/);
      expect(run.status).toBe(1);
      // Not even created: PGlite was never opened on it.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
