import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from './client.ts';
import { prepareDatabase } from './prepare-database.ts';

/** `npm run db:reset` would not: the message says why and what to do instead. */
export class ResetRefused extends Error {}

/**
 * Whether `db:reset` may drop this database (decision 39). Never under NODE_ENV=production, whatever the
 * database. A PGlite folder (DATA_DIR) is this machine's own: reset outside production. A PostgreSQL
 * database could be anyone's, production's included, reached from a laptop with NODE_ENV unset: only when
 * the command names it (`--confirm <database>`, compared with the server's current_database()).
 */
export async function checkResetAllowed(
  config: Pick<AppConfig, 'env'>,
  handle: Pick<DatabaseHandle, 'db' | 'kind'> | null,
  confirm: string | undefined,
): Promise<void> {
  if (config.env.NODE_ENV === 'production')
    throw new ResetRefused(
      'db:reset refuses to run with NODE_ENV=production: it drops every table. A production database is never reset.',
    );
  if (handle?.kind !== 'postgres') return;
  const name = await currentDatabase(handle);
  if (confirm !== name)
    throw new ResetRefused(
      `db:reset drops every table of the PostgreSQL database '${name}'. If it is a development database, name it: npm run db:reset -- --confirm ${name}`,
    );
}

/** The name the server gives the database connected to (both drivers answer `{ rows }`). */
export async function currentDatabase(handle: Pick<DatabaseHandle, 'db'>): Promise<string> {
  const result = (await handle.db.execute(sql`select current_database() as name`)) as {
    rows: { name?: unknown }[];
  };
  return String(result.rows[0]?.name ?? '');
}

/** The value of `--confirm <name>` or `--confirm=<name>` among the command's arguments. */
export function confirmArgument(args: string[]): string | undefined {
  for (const [index, arg] of args.entries()) {
    if (arg.startsWith('--confirm=')) return arg.slice('--confirm='.length);
    if (arg === '--confirm') return args[index + 1];
  }
  return undefined;
}

/** Drops every table (after checkResetAllowed), migrates again and seeds the brand. */
export async function resetDatabase(
  handle: DatabaseHandle,
  config: Pick<AppConfig, 'brandDir' | 'brand' | 'brandFile' | 'env'>,
  confirm: string | undefined,
): Promise<void> {
  await checkResetAllowed(config, handle, confirm);
  await handle.db.execute(sql`drop schema if exists drizzle cascade`);
  await handle.db.execute(sql`drop schema public cascade`);
  await handle.db.execute(sql`create schema public`);
  await prepareDatabase(handle, config);
}
