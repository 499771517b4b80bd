import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase, prepareDatabase } from './db/prepare-database.ts';
import { BrandSeedError } from './db/seed/load-brand-seed.ts';
import { serverClock } from './modules/time/server-clock.ts';

async function main() {
  const config = loadConfig();
  const logger = { level: config.env.LOG_LEVEL };
  const database = await openConfiguredDatabase(config);
  const seeded = await prepareDatabase(database, config);
  const now = serverClock(config.env.CLOCK_NOW);
  const app = await buildApp({ config, db: database.db, logger, now });
  app.log.info(
    { database: database.kind, brand: config.brand.whiteLabel, seeded },
    seeded ? 'database migrated and seeded with the brand' : 'database migrated',
  );
  if (config.env.CLOCK_NOW)
    app.log.warn(
      { clockNow: config.env.CLOCK_NOW },
      'test clock: the server runs from CLOCK_NOW, not the real time',
    );
  app.catalog.startPolling(config.env.CATALOG_REFRESH_MS);
  // The stop-lists and pauses other instances' staff set reach this one's preflight within the same interval.
  app.availability.startPolling(config.env.CATALOG_REFRESH_MS);

  // Slow or stuck clients must not hold sockets forever.
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 15_000;
  app.server.keepAliveTimeout = 65_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.catalog.stopPolling();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.env.HOST, port: config.env.PORT });
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof BrandSeedError) {
    console.error(error.message);
  } else {
    console.error('The storefront could not start:', error);
  }
  process.exit(1);
});
