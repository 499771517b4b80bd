// The reports bench's database: a year of a 100-restaurant chain on the PostgreSQL server at PG_ADMIN_URL, in a
// database of its own (reportsbench) kept between runs, since making it takes minutes. A run migrates it (new
// migrations, such as indexes, land on the kept data) and generates it only when its marker table says it is not
// complete or was made with other options. REPORTS_BENCH_REGENERATE=1 drops and makes it again.
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { generateOrderHistory, type HistoryOptions } from '../../apps/api/src/db/demo-history.ts';
import { loadBrandSeed } from '../../apps/api/src/db/seed/load-brand-seed.ts';
import { seedBrand } from '../../apps/api/src/db/seed/seed-database.ts';
import { catalogCounts, multiplyCatalog } from '../chain/multiply-catalog.ts';
import { ROOT } from '../shared/processes.ts';

export const BENCH_DATABASE = 'reportsbench';
export const WHITE_LABEL = 'demo';
export const RESTOS = 100;
/** A fixed year, so every run measures the same rows: 2025-10-01 … 2026-09-30, the brand's days. */
export const HISTORY: Omit<HistoryOptions, 'onProgress'> = {
  whiteLabel: WHITE_LABEL,
  firstDay: '2025-10-01',
  days: 365,
  ordersPerRestoDay: 100,
  persons: 400_000,
  phoneDigit: 8,
  chunkDays: 14,
};
/** Changes when the generator changes in a way that makes another history: a kept database is made again. */
const GENERATOR_VERSION = 1;
const MARKER = JSON.stringify({ version: GENERATOR_VERSION, restos: RESTOS, ...HISTORY });

const adminUrl = () => process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const benchDatabaseUrl = () => `${adminUrl().replace(/\/[^/]*$/, '')}/${BENCH_DATABASE}`;

async function isComplete(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('reports_bench_marker') is not null as present`);
    if (!rows[0].present) return false;
    const marker = await client.query('select options from reports_bench_marker');
    return marker.rows[0]?.options === MARKER;
  } finally {
    await client.end();
  }
}

/** Answers the database's URL, migrated and holding the year; null when PostgreSQL is unreachable. */
export async function prepareBenchDatabase(log: (message: string) => void): Promise<string | null> {
  const admin = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(`PostgreSQL at ${adminUrl()} skipped: unreachable (${(error as Error).message})`);
    await admin.end().catch(() => {});
    return null;
  }
  const url = benchDatabaseUrl();
  try {
    const exists =
      (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE])).rowCount === 1;
    if (exists && process.env.REPORTS_BENCH_REGENERATE !== '1' && (await isComplete(url))) {
      const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      log(`${BENCH_DATABASE}: kept (REPORTS_BENCH_REGENERATE=1 makes it again)`);
      return url;
    }
    if (exists) await admin.query(`drop database "${BENCH_DATABASE}" with (force)`);
    await admin.query(`create database "${BENCH_DATABASE}"`);
  } finally {
    await admin.end();
  }

  const started = performance.now();
  // One connection: the generator's temporary tables live in its session.
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await handle.migrate();
    await seedBrand(handle.db, await loadBrandSeed(join(ROOT, 'brands', WHITE_LABEL)));
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const demo = await catalogCounts(client);
    await multiplyCatalog(client, {
      cities: demo.cities * Math.ceil(RESTOS / demo.restos),
      restos: RESTOS,
      menus: demo.menus,
      dishesPerMenu: null,
      fullDishes: false,
    });
    log(`catalog: ${(await catalogCounts(client)).restos} restaurants`);
  } finally {
    await client.end();
  }
  const generator = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const orders = await generateOrderHistory(generator.db, {
      ...HISTORY,
      skipForeignKeyChecks: true,
      lastStatusOnly: true,
      onProgress: log,
    });
    log(`${orders} orders generated; vacuum analyze…`);
  } finally {
    await generator.close();
  }
  const marker = new pg.Client({ connectionString: url });
  await marker.connect();
  try {
    await marker.query('vacuum analyze');
    await marker.query('create table reports_bench_marker (options text not null)');
    await marker.query('insert into reports_bench_marker values ($1)', [MARKER]);
  } finally {
    await marker.end();
  }
  log(`${BENCH_DATABASE}: made in ${Math.round((performance.now() - started) / 1000)} s`);
  return url;
}
