import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp, type StorefrontApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import {
  createDatabaseFromTemplate,
  databaseUrlWithName,
  dropDatabase,
  uniqueDatabaseName,
} from './test-database.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Closes and, on PostgreSQL, drops the copy. */
  dispose(): Promise<void>;
  /** URL of the copy on PostgreSQL, for a second instance in the same test. */
  url?: string;
}

/** A private copy of the migrated, seeded demo database for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.postgresAdminUrl && template.postgresTemplate) {
    const admin = template.postgresAdminUrl;
    const name = uniqueDatabaseName(template.postgresTemplate.replace(/_tpl_.*/, '_t'));
    await createDatabaseFromTemplate(admin, name, template.postgresTemplate);
    const url = databaseUrlWithName(admin, name);
    const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    return {
      ...handle,
      url,
      async dispose() {
        await handle.close();
        await dropDatabase(admin, name);
      },
    };
  }
  if (!template.pgliteDump) throw new Error('global-setup provided no database template');
  const handle = await openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([readFileSync(template.pgliteDump)]),
  });
  return { ...handle, dispose: () => handle.close() };
}

/** The test configuration: the demo brand, no storefront build, defaults otherwise. */
export function testConfig(env: Record<string, string> = {}) {
  // The payments and bonus sweepers', the pairs job's and the report roll-up's timers are off: tests run them by hand on their pinned clock.
  return loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    WEB_SERVER_BUILD: '/nonexistent-web-server-build.js',
    BACKOFFICE_DIST_DIR: '/nonexistent-backoffice-dist',
    PAYMENT_SWEEP_MS: '0',
    BONUS_SWEEP_MS: '0',
    POSITION_PAIRS_RECOMPUTE_MS: '0',
    POSITION_PAIRS_RELOAD_MS: '0',
    REPORT_ROLLUP_MS: '0',
    // Tests write the program's row themselves and read it at once.
    BONUS_PROGRAM_CACHE_MS: '0',
    ...env,
  });
}

/** Limits no test meets by accident (REQUEST_LIMITS are for customers, not for a suite on one clock). */
export const ROOMY_LIMITS = {
  placementsPerPerson: 10_000,
  placementsPerClient: 10_000,
  attemptsPerOrder: 10_000,
  streamsPerReader: 10_000,
  streamsPerClient: 10_000,
};

export async function createTestApp(
  options: {
    now?: () => number;
    db?: TestDatabase;
    /** Environment beside the test defaults (e.g. NODE_ENV=production, PUBLIC_URL). */
    env?: Record<string, string>;
    /** Payment engines in place of the built ones (a scripted gateway). */
    paymentGateways?: BuildAppOptions['paymentGateways'];
    logger?: BuildAppOptions['logger'];
    /** Limits on orders, attempts and streams; by default ROOMY_LIMITS, far above what a test does. */
    limits?: BuildAppOptions['limits'];
  } = {},
): Promise<{ app: StorefrontApp; database: TestDatabase; close(): Promise<void> }> {
  const database = options.db ?? (await openTestDatabase());
  const app = await buildApp({
    config: testConfig(options.env),
    db: database.db,
    // Tests place many orders for one person on a pinned clock: the real limits are tested where they are.
    limits: options.limits ?? ROOMY_LIMITS,
    ...(options.now ? { now: options.now } : {}),
    ...(options.paymentGateways ? { paymentGateways: options.paymentGateways } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!options.db) await database.dispose();
    },
  };
}

/**
 * A second API instance on the same test database: on PostgreSQL with a pool of its own, as another process
 * would have; on PGlite (one process) the same handle. `closeDatabase` closes only what it opened: close the
 * app itself first.
 */
export async function secondInstance(
  database: TestDatabase,
  options: Omit<BuildAppOptions, 'db'>,
): Promise<{ app: StorefrontApp; closeDatabase(): Promise<void> }> {
  if (database.url) {
    const own = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    return { app: await buildApp({ ...options, db: own.db }), closeDatabase: () => own.close() };
  }
  return { app: await buildApp({ ...options, db: database.db }), closeDatabase: async () => {} };
}
