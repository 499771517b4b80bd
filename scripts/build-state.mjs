// Whether the build is there and newer than the sources it was made from (decision 26). `npm start` builds
// only when this says so; the benches and the e2e server use it to run what the sources say.
//
// The check is cheap by design: each build writes a stamp (its time and the git HEAD it saw) and start
// compares the stamp's time with the newest modification time under the source folders (about a thousand
// files, a few ms). A checkout, a pull or an edit changes some file's mtime, so any of them triggers a build.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, 'apps/api/dist/server.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
const BACK_OFFICE_INDEX = join(ROOT, 'apps/backoffice/dist/index.html');
/** What each build makes: its presence says the build was done at all. */
const OUTPUTS = { web: WEB_INDEX, backoffice: BACK_OFFICE_INDEX, api: SERVER_ENTRY };
const NAMES = { web: 'storefront', backoffice: 'back office', api: 'server' };

/** What each build is made from: files and folders whose change means that build is stale. */
const SOURCES = {
  api: [
    'apps/api/src',
    'apps/api/build.mjs',
    'apps/api/package.json',
    'packages/domain/src',
    'package-lock.json',
  ],
  web: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/vite.server.config.ts',
    'apps/web/package.json',
    'packages/domain/src',
    'package-lock.json',
  ],
  // The back office shares the storefront's platform layer (apps/web/src/shared, decision 48).
  backoffice: [
    'apps/backoffice/src',
    'apps/backoffice/index.html',
    'apps/backoffice/vite.config.ts',
    'apps/backoffice/package.json',
    'apps/web/src',
    'packages/domain/src',
    'package-lock.json',
  ],
};
/** Outside the dist folders: the storefront's dist is served as it is, and a stamp is nobody's business. */
const STAMP_DIR = join(ROOT, 'node_modules/.cache/storefront-build');
const STAMPS = {
  api: join(STAMP_DIR, 'api.json'),
  web: join(STAMP_DIR, 'web.json'),
  backoffice: join(STAMP_DIR, 'backoffice.json'),
};

function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** Written by each build when it has finished; `builtAt` is when it began (an edit during it is newer). */
export function writeBuildStamp(which, startedAt = Date.now()) {
  mkdirSync(STAMP_DIR, { recursive: true });
  writeFileSync(STAMPS[which], `${JSON.stringify({ builtAt: startedAt, head: gitHead() })}\n`);
}

function newestMtime(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** The builds that are missing or older than their sources, each with why: [] when all are current. */
export function staleBuilds() {
  const stale = [];
  for (const which of ['web', 'backoffice', 'api']) {
    if (!existsSync(OUTPUTS[which])) {
      stale.push({ which, reason: `the ${NAMES[which]} is not built` });
      continue;
    }
    let stamp;
    try {
      stamp = JSON.parse(readFileSync(STAMPS[which], 'utf8'));
    } catch {
      stamp = null;
    }
    if (!stamp) {
      stale.push({ which, reason: `the ${which} build has no stamp` });
      continue;
    }
    const newest = Math.max(...SOURCES[which].map((path) => newestMtime(join(ROOT, path))));
    if (newest > stamp.builtAt) stale.push({ which, reason: `the ${which} sources changed since its build` });
  }
  return stale;
}

/** Why a build is needed ('' when the built app is current). */
export function buildReason() {
  return staleBuilds()
    .map((build) => build.reason)
    .join('; ');
}

// `node scripts/build-state.mjs web` (the storefront's build script): stamps that build.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const which = process.argv[2];
  if (!(which in STAMPS)) {
    console.error('usage: node scripts/build-state.mjs api|web|backoffice');
    process.exit(2);
  }
  writeBuildStamp(which);
}
