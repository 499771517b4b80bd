import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { FAKE_IIKO_API_LOGIN } from './apps/api/src/test/fakes/iiko.ts';
import { CLOCK_NAMES, CLOCKS, type ClockName, portVariable, serverLog } from './e2e/clocks.ts';

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

// One storefront server per clock of e2e/clocks.ts; the noon server takes E2E_PORT (or 4173) when free, the
// others 4181 on (clear of the storefront-only server's 4180: a port is probed, not held, until its server binds).
const ports = Object.fromEntries(
  CLOCK_NAMES.map((clock, index) => {
    const port = pickPort(
      portVariable(clock),
      clock === 'noon' ? Number(process.env.E2E_PORT ?? 4173) : 4180 + index,
    );
    process.env[portVariable(clock)] = port;
    return [clock, port];
  }),
) as Record<ClockName, string>;

/**
 * The servers' token secret, shared with the workers: the rating-link journey signs its links as the API does
 * (each server would otherwise make its own random secret, and the SMS invite goes out only an hour after done).
 */
process.env.AUTH_TOKEN_SECRET ??= `e2e-${randomBytes(24).toString('hex')}`;

/**
 * Map tiles come from a fake on 127.0.0.1 that serves plain grey ones: no journey loads a real tile.
 * Addresses are looked up in the API's own gazetteer (the brand's default `/geocoder`), as in production.
 */
const fakeMapsPort = pickPort('E2E_GEOCODER_PORT', 4174);
process.env.E2E_GEOCODER_PORT = fakeMapsPort;
const fakeMapsURL = `http://127.0.0.1:${fakeMapsPort}`;

/**
 * The iiko journey (e2e/pos-iiko.spec.ts): the fake iiko Cloud API on 127.0.0.1 (apps/api/src/test/fakes/iiko.ts,
 * seeded with its demo organization), with its /fake control API for the journey. Only the `pos` clock's server
 * gets its address and API login: every other server runs without a POS, as a brand without iiko does.
 */
const fakeIikoPort = pickPort('E2E_IIKO_PORT', 4170);
process.env.E2E_IIKO_PORT = fakeIikoPort;
const fakeIikoURL = `http://127.0.0.1:${fakeIikoPort}`;
const iikoEnv = {
  IIKO_API_URL: fakeIikoURL,
  IIKO_API_LOGINS: `demo=${FAKE_IIKO_API_LOGIN}`,
  // Orders go to the fake, and creations are followed, within a second or so: the journey waits for a person's pace.
  POS_POLL_MS: '1000',
};

/**
 * The cross-origin journey (e2e/cross-origin.spec.ts, decision 25): the storefront alone on this port
 * (e2e/storefront-server.ts), calling the noon server's API on its own port, which allows this origin.
 */
const storefrontPort = pickPort('E2E_PORT_STOREFRONT', 4180);
process.env.E2E_PORT_STOREFRONT = storefrontPort;
const storefrontURL = `http://127.0.0.1:${storefrontPort}`;

// `npm run test:e2e` builds the storefront first; a server starts in seconds on an existing build.
if (!existsSync(resolve('apps/web/dist/index.html')))
  throw new Error('No storefront build in apps/web/dist: run `npm run build` first (npm run test:e2e does).');

/**
 * Chromium never finishes loading a page under libfaketime, so a run under `faketime` (the README's
 * any-hour check) fakes the hour of the runner, the servers and the unit tests, and the browser keeps
 * the real one: the page must then agree with its server through `/1/now` alone, as it must anyway.
 */
const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...browserEnv } = process.env;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  env: Object.fromEntries(
    Object.entries(browserEnv).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ),
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Fitted to a 2-core machine that may be busy (decision 9): a wait is for what a person would wait for
  // (a heading, a dialog), and its limit only decides how long a broken journey takes to fail.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // None: a journey that passes only on a second try is a failing journey.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    launchOptions,
    screenshot: 'on',
    trace: 'retain-on-failure',
    locale: 'ru-RU',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
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
      url: `${fakeMapsURL}/search?q=test&format=jsonv2`,
      env: { FAKE_GEOCODER_PORT: fakeMapsPort },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx apps/api/src/test/fakes/iiko.ts',
      url: `${fakeIikoURL}/fake/deliveries`,
      env: { PORT: fakeIikoPort },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    // Started one after another (Playwright's web servers start in sequence): each migrates and seeds
    // its own fresh PGlite.
    ...CLOCK_NAMES.map((clock) => ({
      command: 'node e2e/start-server.mjs',
      url: `http://127.0.0.1:${ports[clock]}/1/now`,
      env: {
        E2E_PORT: ports[clock],
        E2E_SERVER_LOG: resolve(serverLog(clock)),
        CLOCK_NOW: CLOCKS[clock],
        MAP_TILE_URL: `${fakeMapsURL}/tiles/{z}/{x}/{y}.png`,
        // Every journey signs in from 127.0.0.1: one client as far as the SMS budget can tell.
        SMS_REQUESTS_PER_CLIENT_HOUR: '1000',
        // The storefront-only server's pages call the noon API from their own origin.
        ...(clock === 'noon' ? { CORS_ORIGINS: storefrontURL } : {}),
        ...(clock === 'pos' ? iikoEnv : {}),
      },
      reuseExistingServer: false,
      // A first PGlite start that migrates and seeds the demo brand.
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    })),
    {
      command: 'node --import tsx e2e/storefront-server.ts',
      url: `${storefrontURL}/config.json`,
      env: {
        E2E_STOREFRONT_PORT: storefrontPort,
        E2E_API_URL: `http://127.0.0.1:${ports.noon}`,
        // The same maps settings as the API's, so its policy names the same tile server.
        MAP_TILE_URL: `${fakeMapsURL}/tiles/{z}/{x}/{y}.png`,
      },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});
