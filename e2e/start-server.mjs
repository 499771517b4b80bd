// Starts the storefront as `npm start` would (after `npm run build`), for the end-to-end suite: on the
// port in E2E_PORT and on a fresh PGlite data dir, removed again when the server stops. The API seeds
// the demo brand into the empty database before it listens, so readiness = the port answering.
// The compiled server when the build is current (scripts/test-e2e.mjs builds first); otherwise, say
// a `npx playwright test` after an edit, the TypeScript source through tsx, so the journeys never run
// an old server.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildReason } from '../scripts/build-state.mjs';

const root = resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '4173';
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));

// The server's log goes to a file the journeys read: the `log` SMS sender writes sign-in codes there.
const logFile = process.env.E2E_SERVER_LOG;
if (logFile) mkdirSync(dirname(logFile), { recursive: true });
const stdout = logFile ? openSync(logFile, 'w') : 'inherit';

const entry =
  buildReason() === ''
    ? ['--enable-source-maps', 'apps/api/dist/server.js']
    : ['--import', 'tsx', 'apps/api/src/server.ts'];
const server = spawn(process.execPath, entry, {
  cwd: root,
  stdio: ['ignore', stdout, 'inherit'],
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: port,
    DATA_DIR: dataDir,
    // info: the log SMS sender writes codes at info level.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    else {
      cleanUp();
      process.exit(0);
    }
  });
}

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
