// npm run db:reset — drops every table of the configured database, migrates again and seeds the brand.
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase, prepareDatabase } from './prepare-database.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.db.execute(sql`drop schema if exists drizzle cascade`);
await database.db.execute(sql`drop schema public cascade`);
await database.db.execute(sql`create schema public`);
await prepareDatabase(database, config);
await database.close();
console.error(`Database reset and seeded with brand '${config.brand.whiteLabel}' (${database.kind}).`);
