import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { SECRETS_FILE } from '../core/development-secrets.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every committed migration; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined keeps the database in memory; loadDataDir starts from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// Beside this module: src/db/migrations, and dist/migrations in the compiled server (apps/api/build.mjs copies it).
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * Only beside the compiled server (apps/api/build.mjs): an empty cluster, migrated, that a new PGlite data dir
 * is unpacked from instead of being created (decision 26: seconds off a first start).
 */
const PGLITE_TEMPLATE = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

/**
 * The template for a data dir that holds no database yet (a new one), when the compiled server has one. The
 * development secrets (core/development-secrets.ts) are written there before the database is opened: they
 * are not a database.
 */
function pgliteTemplate(dataDir: string | undefined): Blob | undefined {
  if (!dataDir || !existsSync(PGLITE_TEMPLATE)) return undefined;
  if (readdirSync(dataDir).some((name) => name !== SECRETS_FILE)) return undefined;
  return new Blob([readFileSync(PGLITE_TEMPLATE)]);
}
/** Any constant shared by all instances: it names the lock that serialises migrations and seeding. */
export const MIGRATION_LOCK_KEY = 4_720_119;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // Loaded only for PGlite: a start on PostgreSQL does not pay for the WebAssembly build's modules.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const open = async (loadDataDir: Blob | undefined) => {
    const client = new PGlite({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
    return client;
  };
  const fromTemplate = target.loadDataDir ? undefined : pgliteTemplate(target.dataDir);
  let client: PGlite;
  try {
    client = await open(target.loadDataDir ?? fromTemplate);
  } catch (error) {
    if (!fromTemplate || !target.dataDir) throw error;
    // A template this PGlite cannot read: the dir held no database, so it is emptied again (the secrets
    // stay) and created the slow way.
    for (const name of readdirSync(target.dataDir))
      if (name !== SECRETS_FILE) rmSync(join(target.dataDir, name), { recursive: true, force: true });
    client = await open(undefined);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is one in-process connection: nobody else can migrate at the same time.
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
