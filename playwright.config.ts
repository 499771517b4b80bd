import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys (e2e/) in Debian's Chromium, against the storefront started as `npm start` would
 * start it (e2e/start-server.mjs): a fresh build, a fresh PGlite data dir, a free port.
 *
 * Port: E2E_PORT when set; otherwise 4173 when free, else any free port the OS hands out. The choice
 * is written back to process.env, so the worker processes (which load this file again and inherit the
 * environment) agree with the runner on the base URL.
 */
function pickPort(variable: string, preferred: number): string {
  const chosen = process.env[variable];
  if (chosen) return chosen;
  // Binding is asynchronous; a child node answers synchronously with the first port it could bind.
  const probe = `
    const net = require('node:net');
    const tryPort = (port) => {
      const server = net.createServer();
      server.once('error', () => tryPort(0));
      server.listen(port, '127.0.0.1', () => {
        const bound = server.address().port;
        server.close(() => process.stdout.write(String(bound)));
      });
    };
    tryPort(${preferred});`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

const port = pickPort('E2E_PORT', 4173);
process.env.E2E_PORT = port;
const baseURL = `http://127.0.0.1:${port}`;

/**
 * The storefront's maps talk to a fake geocoder on 127.0.0.1 (Nominatim format) that also serves plain
 * grey tiles: no journey depends on a map service or any host beyond this machine.
 */
const geocoderPort = pickPort('E2E_GEOCODER_PORT', 4174);
process.env.E2E_GEOCODER_PORT = geocoderPort;
const geocoderURL = `http://127.0.0.1:${geocoderPort}`;

/** The storefront server's log: the journeys read sign-in codes from it (the `log` SMS sender). */
const serverLog = resolve('test-results/e2e-server.log');
process.env.E2E_SERVER_LOG = serverLog;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL,
    launchOptions,
    screenshot: 'on',
    trace: 'retain-on-failure',
    locale: 'ru-RU',
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: false,
      },
    },
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/web/src/test/fakes/start-fake-geocoding-server.ts',
      url: `${geocoderURL}/search?q=test&format=jsonv2`,
      env: { FAKE_GEOCODER_PORT: geocoderPort },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npm run build && node e2e/start-server.mjs',
      url: `${baseURL}/1/now`,
      env: {
        E2E_PORT: port,
        GEOCODER_URL: geocoderURL,
        MAP_TILE_URL: `${geocoderURL}/tiles/{z}/{x}/{y}.png`,
        // Every journey signs in from 127.0.0.1: one client as far as the SMS budget can tell.
        SMS_REQUESTS_PER_CLIENT_HOUR: '1000',
      },
      reuseExistingServer: false,
      // A build plus a first PGlite start that migrates and seeds the demo brand.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
