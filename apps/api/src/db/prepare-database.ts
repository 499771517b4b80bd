import type { AppConfig } from '../config.ts';
import { ensureBrandContent } from '../modules/brand/index.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { loadBrandSeed } from './seed/load-brand-seed.ts';
import { isDatabaseEmpty, seedBrand } from './seed/seed-database.ts';
import { seedDemoStaff } from './seed/seed-demo-staff.ts';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const url = config.env.DATABASE_URL;
  return url
    ? openDatabase({ kind: 'postgres', url, poolSize: config.env.DATABASE_POOL_SIZE })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/**
 * Migrates, then seeds the configured brand when the database holds no brand yet, and the demo brand's
 * staff logins when it has none (outside production). Answers whether it seeded the brand. `step` is told
 * when each stage ends (server.ts logs where a start spends its time).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Pick<AppConfig, 'brandDir' | 'brand' | 'brandFile' | 'env'>,
  step: (name: 'migrated' | 'seedChecked') => void = () => {},
): Promise<boolean> {
  await handle.migrate();
  step('migrated');
  // Most starts find the brand already there: skip reading and validating its seed files then.
  // seedBrand checks again under the lock, for instances starting together on an empty database.
  const seeded =
    (await isDatabaseEmpty(handle.db)) &&
    (await seedBrand(handle.db, await loadBrandSeed(config.brandDir), { onlyIfEmpty: true }));
  // The brand's settings and pages (decision 50): from its files while the brand has no settings row.
  await ensureBrandContent(handle.db, config.brand.whiteLabel, config.brandFile, config.brandDir);
  // Checked on every start, not only the first: a database seeded before staff accounts existed gets them.
  await seedDemoStaff(handle.db, {
    whiteLabel: config.brand.whiteLabel,
    production: config.env.NODE_ENV === 'production',
  });
  step('seedChecked');
  return seeded;
}
