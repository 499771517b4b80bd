// npm run db:reset — drops every table of the configured database, migrates again and seeds the brand.
// Never with NODE_ENV=production; a PostgreSQL database only when named: npm run db:reset -- --confirm <name>
// (reset-database.ts, decision 39).
import { ConfigError, loadConfig } from '../config.ts';
import { openConfiguredDatabase } from './prepare-database.ts';
import { checkResetAllowed, confirmArgument, ResetRefused, resetDatabase } from './reset-database.ts';

try {
  const config = loadConfig();
  // Refused before the database is even opened when the mode alone says no.
  await checkResetAllowed(config, null, undefined);
  const database = await openConfiguredDatabase(config);
  try {
    await resetDatabase(database, config, confirmArgument(process.argv.slice(2)));
  } finally {
    await database.close();
  }
  console.error(`Database reset and seeded with brand '${config.brand.whiteLabel}' (${database.kind}).`);
} catch (error) {
  if (!(error instanceof ResetRefused || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
