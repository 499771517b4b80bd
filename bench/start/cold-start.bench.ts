// npm run bench:start — cold start to the first answer (docs/benchmarks.md, 'Cold start'): the compiled server (decision 26) started
// N times as production starts it, timed from spawn to its first 200 on GET /healthz, beside a bare node:http
// process started and asked the same way. PGlite on a fresh data dir (first start: create, migrate, seed)
// and on an existing one; PostgreSQL on an existing, seeded database; and, to show what compiling saves,
// the TypeScript source through tsx on the existing PGlite dir. Medians; the budget is 10 s on PGlite and
// 2 s on PostgreSQL. The servers run on core 0, this process (the one asking) on core 1 (package.json).
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { median } from '../shared/median.ts';
import {
  apiServerArgs,
  freePort,
  hasTaskset,
  PRODUCTION_SIGN_IN_ENV,
  pinned,
  ROOT,
  stop,
} from '../shared/processes.ts';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const BUDGET_MS = { PGlite: 10_000, PostgreSQL: 2_000 };
const BARE_SERVER =
  "require('http').createServer((q,s)=>s.end('ok')).listen(Number(process.argv[1]),'127.0.0.1')";

/** One GET on a new connection: whether it answered 200. */
function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const asking = request({ host: '127.0.0.1', port, path, agent: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    asking.once('error', () => resolve(false));
    asking.once('timeout', () => asking.destroy());
    asking.end();
  });
}

/** Starts a process and answers the milliseconds from spawn to its first 200 on the path. */
async function timeToFirstAnswer(
  start: (port: number) => ChildProcess,
  path: string,
  timeoutMs = 180_000,
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = start(port);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + String(chunk)).slice(-4000);
  });
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`exited with ${child.exitCode} before answering:\n${output}`);
      if (await answers(port, path)) return performance.now() - started;
      if (performance.now() - started > timeoutMs) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop(child);
  }
}

function apiStarter(args: string[], env: NodeJS.ProcessEnv) {
  return (port: number) =>
    pinned(0, process.execPath, args, {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...PRODUCTION_SIGN_IN_ENV,
    });
}

async function measure(label: string, runs: number, once: () => Promise<number>) {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push(await once());
  const ms = median(times);
  console.error(`${label}: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  return { label, ms, times };
}

async function main() {
  if (!hasTaskset) console.warn('taskset not found: server and timer share cores; figures are less reliable');
  const compiled = apiServerArgs();
  const bare = () =>
    measure('bare node:http', RUNS, () =>
      timeToFirstAnswer(
        (port) => pinned(0, process.execPath, ['-e', BARE_SERVER, String(port)], process.env),
        '/',
      ),
    );
  const results: { label: string; database: keyof typeof BUDGET_MS | null; ms: number; times: number[] }[] =
    [];
  results.push({ ...(await bare()), database: null });

  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-start-'));
    dirs.push(dir);
    return dir;
  };
  try {
    const fresh = await measure('PGlite, fresh data dir', RUNS, () =>
      timeToFirstAnswer(apiStarter(compiled, { DATA_DIR: freshDir() }), '/healthz'),
    );
    results.push({ ...fresh, database: 'PGlite' });
    const existing = dirs[0] as string;
    results.push({
      ...(await measure('PGlite, existing data dir', RUNS, () =>
        timeToFirstAnswer(apiStarter(compiled, { DATA_DIR: existing }), '/healthz'),
      )),
      database: 'PGlite',
    });
    results.push({
      ...(await measure('PGlite, existing data dir, source through tsx (not built)', RUNS, () =>
        timeToFirstAnswer(
          apiStarter(['--import', 'tsx', 'apps/api/src/server.ts'], { DATA_DIR: existing }),
          '/healthz',
        ),
      )),
      database: null,
    });
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }

  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  const name = `storefront_start_${process.pid}`;
  try {
    await client.connect();
    await client.query(`create database "${name}"`);
    try {
      const env = { DATABASE_URL: `${admin.replace(/\/[^/]*$/, '')}/${name}` };
      // The first start migrates and seeds it: not counted, the rows are about an existing database.
      await timeToFirstAnswer(apiStarter(compiled, env), '/healthz');
      results.push({
        ...(await measure('PostgreSQL, existing seeded database', RUNS, () =>
          timeToFirstAnswer(apiStarter(compiled, env), '/healthz'),
        )),
        database: 'PostgreSQL',
      });
    } finally {
      await client.query(`drop database if exists "${name}" with (force)`);
    }
  } catch (error) {
    console.warn(`PostgreSQL at ${admin} skipped: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }

  const baseline = results[0]?.ms ?? 1;
  const rows = results.map(({ label, database, ms, times }) => ({
    start: label,
    medianMs: Math.round(ms),
    minMs: Math.round(Math.min(...times)),
    maxMs: Math.round(Math.max(...times)),
    ratioToBare: Number((ms / baseline).toFixed(1)),
    budgetMs: database ? BUDGET_MS[database] : null,
    withinBudget: database ? ms <= BUDGET_MS[database] : null,
  }));
  console.log(
    `cold start to the first 200 (GET /healthz; the bare server GET /), median of ${RUNS} starts each`,
  );
  console.table(rows);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'cold-start.json'), `${JSON.stringify(rows, null, 2)}\n`);
}

await main();
