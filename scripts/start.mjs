// npm start: the one command a newcomer types (decision 26). Builds the storefront and the server only
// when they are missing or older than their sources (scripts/build-state.mjs), then runs the compiled
// server in this same process, so signals (SIGTERM from a supervisor, Ctrl+C) reach it directly.
// Production runs `npm run serve` (or `node apps/api/dist/server.js`) on an image built once.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_ENTRY, staleBuilds } from './build-state.mjs';

// Only what is stale: an edit to the API rebuilds the server (seconds), not the storefront too.
for (const { which, reason } of staleBuilds()) {
  console.error(`${reason}: building it (npm run build -w @storefront/${which})…`);
  const built = spawnSync('npm', ['run', 'build', '-w', `@storefront/${which}`], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// What `node --enable-source-maps` does: stack traces point into src/, not the bundle.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
