import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { loadBrandSeed } from './seed/load-brand-seed.ts';
import { isDatabaseEmpty, seedBrand } from './seed/seed-database.ts';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const url = config.env.DATABASE_URL;
  return url
    ? openDatabase({ kind: 'postgres', url, poolSize: config.env.DATABASE_POOL_SIZE })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/** Migrates, then seeds the configured brand when the database holds no brand yet. Answers whether it seeded. */
export async function prepareDatabase(handle: DatabaseHandle, brandDir: string): Promise<boolean> {
  await handle.migrate();
  // Most starts find the brand already there: skip reading and validating its seed files then.
  // seedBrand checks again under the lock, for instances starting together on an empty database.
  if (!(await isDatabaseEmpty(handle.db))) return false;
  return seedBrand(handle.db, await loadBrandSeed(brandDir), { onlyIfEmpty: true });
}
