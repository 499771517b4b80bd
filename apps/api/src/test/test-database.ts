import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

/** Names of the values global-setup hands to every test file. */
export interface TestDatabaseTemplate {
  /** PGlite: path of a dump of the migrated, seeded database. */
  pgliteDump?: string;
  /** PostgreSQL: URL of the server's maintenance database and the template database's name. */
  postgresAdminUrl?: string;
  postgresTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TestDatabaseTemplate;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function uniqueDatabaseName(base: string): string {
  return `${base}_${randomBytes(5).toString('hex')}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 60);
}

/**
 * CREATE DATABASE … TEMPLATE refuses while another session is copying the same template, so
 * parallel test files retry for a while instead of failing.
 */
export async function createDatabaseFromTemplate(
  adminUrl: string,
  name: string,
  template: string,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Dumps an in-memory PGlite database so test files start many copies from one migrated, seeded state. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
