import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { loadBrandSeed } from '../db/seed/load-brand-seed.ts';
import { seedBrand } from '../db/seed/seed-database.ts';
import {
  createDatabaseFromTemplate,
  databaseUrlWithName,
  dropDatabase,
  dumpPglite,
  uniqueDatabaseName,
} from './test-database.ts';

/**
 * Migrates and seeds one database per run, once: PGlite is dumped to a file that each test file
 * loads; on PostgreSQL (DATABASE_URL) a template database is made that each file copies.
 */
export default async function setup(project: TestProject) {
  const seed = await loadBrandSeed(join(REPO_ROOT, 'brands', 'demo'));
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
    await handle.close();
    project.provide('databaseTemplate', { postgresAdminUrl: url, postgresTemplate: template });
    return async () => dropDatabase(url, template);
  }
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedBrand(handle.db, seed);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const dump = join(dir, 'seeded.tar');
  writeFileSync(dump, Buffer.from(await (await dumpPglite(handle)).arrayBuffer()));
  await handle.close();
  project.provide('databaseTemplate', { pgliteDump: dump });
  return () => rmSync(dir, { recursive: true, force: true });
}
