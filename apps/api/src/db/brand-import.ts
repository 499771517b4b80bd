// npm run brand:import -- FILE [--brand id] [--dry-run]
// Imports a brand's menu file (docs/menu-file.md, decision 47), or a .zip of menu.json with its photos, through the
// back office's own import: every problem
// is printed with its JSON path and nothing changes (exit 1); otherwise the difference against today is printed and,
// unless --dry-run, applied in one transaction with one audit entry (login 'brand:import').
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MENU_ARCHIVE_MAX_BYTES, MENU_FILE_MAX_BYTES, type MenuFileDiff } from '@storefront/domain';
import { eq } from 'drizzle-orm';
import type { MediaStore } from '../integrations/media-store/media-store.ts';
import { importMenuArchive } from '../modules/admin/admin-menu-archive.ts';
import { importMenuFile, MenuFileInvalid } from '../modules/admin/admin-menu-file.ts';
import type { Database } from './client.ts';
import { whiteLabels } from './schema.ts';

const USAGE = `Usage:
  npm run brand:import -- menu.json                 the configured brand (BRAND), applied
  npm run brand:import -- menu.zip                  menu.json with its photos (their paths in the archive)
  npm run brand:import -- menu.json --dry-run       only checked, the difference printed
  npm run brand:import -- menu.json --brand demo    another brand of this database`;

/** A wrong argument, file or brand: the command prints the message (never a stack) and exits with 1. */
export class BrandImportError extends Error {}

export interface BrandImportDeps {
  db: Database;
  /** The configured brand, used without --brand. */
  whiteLabel: string;
  now: () => Date;
  /** Where the report goes, line by line. */
  print: (line: string) => void;
  /** Where an archive's photos are written (the API's own store: MEDIA_STORE). */
  mediaStore: MediaStore;
}

/** A .zip by its first bytes (a local file header), whatever its name. */
const isZip = (bytes: Buffer) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** The difference as lines a person reads: counts first, then each row. */
export function describeDiff(diff: MenuFileDiff): string[] {
  const lines = [
    `${diff.counts.added} added, ${diff.counts.changed} changed, ${diff.counts.hidden} hidden (left out of the file).`,
  ];
  for (const row of diff.added) lines.push(`+ ${row.kind} ${row.key}`);
  for (const row of diff.changed) {
    lines.push(`~ ${row.kind} ${row.key}`);
    for (const field of row.fields)
      lines.push(`    ${field.field}: ${show(field.before)} → ${show(field.after)}`);
  }
  for (const row of diff.hidden) lines.push(`- ${row.kind} ${row.key} (hidden)`);
  return lines;
}

/** Runs the command; answers whether it succeeded (exit code 0). */
export async function runBrandImport(argv: string[], deps: BrandImportDeps): Promise<boolean> {
  let args: ReturnType<typeof parseOptions>;
  try {
    args = parseOptions(argv);
  } catch (error) {
    throw new BrandImportError(`${(error as Error).message}\n${USAGE}`);
  }
  const [path, ...extra] = args.positionals;
  if (!path || extra.length > 0) throw new BrandImportError(`Name one menu file.\n${USAGE}`);
  const whiteLabel = args.values.brand ?? deps.whiteLabel;
  const [brand] = await deps.db
    .select({ id: whiteLabels.id })
    .from(whiteLabels)
    .where(eq(whiteLabels.id, whiteLabel));
  if (!brand) throw new BrandImportError(`No brand '${whiteLabel}' in this database.`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new BrandImportError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  const archive = isZip(bytes);
  const limit = archive ? MENU_ARCHIVE_MAX_BYTES : MENU_FILE_MAX_BYTES;
  if (bytes.length > limit) throw new BrandImportError(`${path} is larger than ${limit} bytes.`);
  let body: unknown = bytes;
  if (!archive) {
    try {
      body = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new BrandImportError(`${path} is not JSON: ${(error as Error).message}`);
    }
  }
  const dryRun = args.values['dry-run'] === true;
  try {
    const access = { whiteLabel, staffId: null, login: 'brand:import' };
    const options = { dryRun, locale: 'en' as const, at: deps.now() };
    const result = archive
      ? await importMenuArchive(deps.db, access, bytes, { ...options, mediaStore: deps.mediaStore })
      : await importMenuFile(deps.db, access, body, options);
    for (const line of describeDiff(result.diff)) deps.print(line);
    deps.print(
      result.applied
        ? `Applied to brand '${whiteLabel}'.`
        : `Dry run: nothing changed in brand '${whiteLabel}'.`,
    );
    return true;
  } catch (error) {
    if (!(error instanceof MenuFileInvalid)) throw error;
    deps.print(`${path} has ${error.errors.length} problem(s); nothing changed:`);
    for (const problem of error.errors) deps.print(`  ${problem.field}: ${problem.message}`);
    return false;
  }
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { brand: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  });
}

async function main() {
  // Imported here so that tests importing runBrandImport do not read the environment.
  const { loadConfig } = await import('../config.ts');
  const { openConfiguredDatabase, prepareDatabase } = await import('./prepare-database.ts');
  const { mediaStoreOf } = await import('../integrations/media-store/media-stores.ts');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, config);
    const ok = await runBrandImport(process.argv.slice(2), {
      db: database.db,
      whiteLabel: config.brand.whiteLabel,
      now: () => new Date(),
      print: (line) => process.stdout.write(`${line}\n`),
      mediaStore: mediaStoreOf(config),
    });
    if (!ok) process.exitCode = 1;
  } catch (error) {
    if (!(error instanceof BrandImportError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
