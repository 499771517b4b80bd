// Runs the Playwright journeys when Debian's Chromium is installed. On a developer machine without it,
// `npm test` still passes and says so (DESIGN: npm test needs no browser); under CI=true a missing
// browser is a failure, because .ci/run installs it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `e2e: no Chromium at ${chromium} (install it with: apt-get install -y chromium)`;
  if (process.env.CI === 'true') {
    console.error(`${message} — required on CI`);
    process.exit(1);
  }
  console.error(`${message} — journeys skipped`);
  process.exit(0);
}
// Built once, before the journeys: the servers (one per test clock, e2e/clocks.ts) serve the same build,
// and the build no longer competes with the first journeys for the two cores.
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
