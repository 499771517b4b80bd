import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startWarnings } from './config.ts';
import { openConfiguredDatabase, prepareDatabase } from './db/prepare-database.ts';
import { BrandSeedError } from './db/seed/load-brand-seed.ts';
import { serverClock } from './modules/time/index.ts';

/** Milliseconds since this process began (node's own start included): where a start spends its time. */
const sinceProcessStart = () => Math.round(performance.now());

async function main() {
  const startup: Record<string, number> = { modulesLoaded: sinceProcessStart() };
  const step = (name: string) => {
    startup[name] = sinceProcessStart();
  };
  const config = loadConfig();
  const logger = { level: config.env.LOG_LEVEL };
  const database = await openConfiguredDatabase(config);
  step('databaseOpen');
  const seeded = await prepareDatabase(database, config, step);
  const now = serverClock(config.env.CLOCK_NOW);
  const app = await buildApp({ config, db: database.db, logger, now });
  step('appBuilt');
  for (const warning of startWarnings(config)) app.log.warn(warning);
  if (config.env.CLOCK_NOW)
    app.log.warn(
      { clockNow: config.env.CLOCK_NOW },
      'test clock: the server runs from CLOCK_NOW, not the real time',
    );
  app.catalog.startPolling(config.env.CATALOG_REFRESH_MS);
  // The stop-lists and pauses other instances' staff set reach this one's preflight within the same interval.
  app.availability.startPolling(config.env.CATALOG_REFRESH_MS);
  // Slot counts and delays likewise; each round also sets or clears the automatic delays (decision 56).
  app.capacity.startPolling(config.env.CATALOG_REFRESH_MS);

  // Slow or stuck clients must not hold sockets forever.
  app.server.requestTimeout = 30_000;
  app.server.headersTimeout = 15_000;
  app.server.keepAliveTimeout = 65_000;

  // Graceful stop (docs/operations.md, 'Stopping'): Fastify's close stops listening, closes idle keep-alive sockets, answers 503
  // to requests arriving on busy ones and waits for the requests in flight (an order being placed
  // completes); the event streams end in their preClose hook; the pollers and the sweeper stop in onClose
  // hooks; the database closes last. A stop that takes longer than SHUTDOWN_TIMEOUT_MS exits anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, timeoutMs: config.env.SHUTDOWN_TIMEOUT_MS },
        'shutdown took too long: exiting with requests unfinished',
      );
      process.exit(1);
    }, config.env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    // Fastify closes the sockets idle when the stop begins; a keep-alive socket whose request finishes
    // later would stay open for keepAliveTimeout and hold the close: closed as soon as it is idle too.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    try {
      app.catalog.stopPolling();
      await app.close();
      clearInterval(closeIdle);
      await database.close();
      app.log.info({ signal, ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.env.HOST, port: config.env.PORT });
  step('listening');
  app.log.info(
    { database: database.kind, brand: config.brand.whiteLabel, seeded, startupMs: startup },
    `${seeded ? 'database migrated and seeded with the brand' : 'database migrated'}; ready in ${startup.listening} ms`,
  );
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof BrandSeedError) {
    console.error(error.message);
  } else {
    console.error('The storefront could not start:', error);
  }
  process.exit(1);
});
