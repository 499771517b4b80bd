import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brandConfig } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { loadBrandSeed } from '../db/seed/load-brand-seed.ts';
import { seedBrand } from '../db/seed/seed-database.ts';
import { ensureBrandContent } from '../modules/brand/index.ts';
import {
  createDatabaseFromTemplate,
  databaseUrlWithName,
  dropDatabase,
  dumpPglite,
  uniqueDatabaseName,
} from './test-database.ts';

/** The demo seed's gift promotions and menus' add-on lists, taken out of the template as the tests began without. */
async function sellingOffInTemplate(db: Database) {
  await db.execute(sql`delete from promotions where kind = 'gift'`);
  await db.execute(
    sql`update menus set add_on_position_ids = '{}' where cardinality(add_on_position_ids) > 0`,
  );
}

/**
 * Migrates and seeds one database per run, once: PGlite is dumped to a file that each test file
 * loads; on PostgreSQL (DATABASE_URL) a template database is made that each file copies.
 */
export default async function setup(project: TestProject) {
  const brandDir = join(REPO_ROOT, 'brands', 'demo');
  const loaded = await loadBrandSeed(brandDir);
  // Tests start with the bonus program off (the demo brand's seed has one): the tests of points turn it on.
  const seed = { ...loaded, whiteLabel: { ...loaded.whiteLabel, bonusProgram: undefined } };
  // The brand's settings and pages too (decision 50), as a start seeds them: no test's first app has to.
  // Selling (decision 56) starts off too: no free condiments here, no gift promotion nor add-on list below
  // (sellingOffInTemplate); the selling tests turn on what they test (test/selling-kit.ts).
  const brandFile = {
    ...brandConfig.parse(JSON.parse(readFileSync(join(brandDir, 'brand.json'), 'utf8'))),
    freeCondiments: [],
  };
  const url = process.env.DATABASE_URL;
  if (url) {
    const runDatabase = new URL(url).pathname.slice(1) || 'postgres';
    const template = uniqueDatabaseName(`${runDatabase}_tpl`);
    await createDatabaseFromTemplate(url, template, 'template0');
    const handle = await openDatabase({
      kind: 'postgres',
      url: databaseUrlWithName(url, template),
      poolSize: 1,
    });
    await handle.migrate();
    await seedBrand(handle.db, seed);
    await sellingOffInTemplate(handle.db);
    await ensureBrandContent(handle.db, 'demo', brandFile, brandDir);
    await handle.close();
    project.provide('databaseTemplate', { postgresAdminUrl: url, postgresTemplate: template });
    return async () => dropDatabase(url, template);
  }
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedBrand(handle.db, seed);
  await sellingOffInTemplate(handle.db);
  await ensureBrandContent(handle.db, 'demo', brandFile, brandDir);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const dump = join(dir, 'seeded.tar');
  writeFileSync(dump, Buffer.from(await (await dumpPglite(handle)).arrayBuffer()));
  await handle.close();
  project.provide('databaseTemplate', { pgliteDump: dump });
  return () => rmSync(dir, { recursive: true, force: true });
}
