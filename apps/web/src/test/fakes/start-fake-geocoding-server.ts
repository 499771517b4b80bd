/**
 * Runs the fake geocoder as a process of its own, for Playwright's webServer list:
 * `FAKE_GEOCODER_PORT=4010 npx tsx apps/web/src/test/fakes/start-fake-geocoding-server.ts`.
 * The printed line tells the caller the address (port 0 picks a free one).
 */
import { startFakeGeocodingServer } from './fake-geocoding-server.ts';

const port = Number(process.env.FAKE_GEOCODER_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`FAKE_GEOCODER_PORT must be a port number, got '${process.env.FAKE_GEOCODER_PORT}'`);
  process.exit(1);
}

const server = await startFakeGeocodingServer({ port });
process.stdout.write(`fake geocoder on ${server.url}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
