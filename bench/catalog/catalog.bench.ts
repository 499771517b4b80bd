// npm run bench — requests per second and p99 latency of two catalog calls, against a bare node:http
// server answering the same bytes from memory, measured in the same run. The servers run on core 0
// and the load generator on core 1 (taskset), so the generator does not steal the server's core.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  apiServerArgs,
  freePort,
  hasTaskset,
  onScratchPostgres,
  PRODUCTION_SIGN_IN_ENV,
  pinned,
  ROOT,
  stop,
  waitFor,
} from '../shared/processes.ts';

const PATHS = ['/1/p/menus/1/positions', '/1/p/restos/1'];
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
interface Measured {
  rps: number;
  p99: number;
}

/** Debian's wrk costs the generator far less per request than autocannon; use it when installed. */
const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
})();

function wrkMillis(value: string, unit: string): number {
  const factor: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
  return Number(value) * (factor[unit] ?? Number.NaN);
}

async function load(url: string): Promise<Measured> {
  if (hasWrk) {
    const run = (seconds: number) =>
      execFileSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', url], {
        encoding: 'utf8',
      });
    run(2); // warm-up, not counted
    const out = run(DURATION_S);
    if (/Non-2xx|Socket errors/.test(out)) throw new Error(`${url}: errors during the run\n${out}`);
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
    return { rps, p99: p99 ? wrkMillis(p99[1] ?? '', p99[2] ?? '') : Number.NaN };
  }
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up, not counted
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function benchDatabase(label: string, env: NodeJS.ProcessEnv) {
  const apiPort = await freePort();
  const api = pinned(0, process.execPath, apiServerArgs(), {
    ...process.env,
    ...env,
    PORT: String(apiPort),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...PRODUCTION_SIGN_IN_ENV,
  });
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/1/now`);
    const answers: Record<string, { body: string; headers: Record<string, string> }> = {};
    for (const path of PATHS) {
      const response = await fetch(`http://127.0.0.1:${apiPort}${path}`);
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'etag', 'cache-control'])
        headers[name] = response.headers.get(name) ?? '';
      answers[path] = { body: await response.text(), headers };
    }
    const basePort = await freePort();
    const baseline = pinned(
      0,
      process.execPath,
      ['--import', 'tsx', 'bench/catalog/baseline-server.ts'],
      process.env,
      'pipe',
    );
    baseline.stdin?.end(JSON.stringify({ port: basePort, answers }));
    await new Promise<void>((ready) => baseline.stdout?.once('data', () => ready()));
    const rows = [];
    try {
      for (const path of PATHS) {
        // Alternate the two servers so drift in machine load hits both alike.
        const base = await load(`http://127.0.0.1:${basePort}${path}`);
        const ours = await load(`http://127.0.0.1:${apiPort}${path}`);
        rows.push({
          database: label,
          path,
          bytes: Buffer.byteLength(answers[path]?.body ?? ''),
          baselineRps: Math.round(base.rps),
          apiRps: Math.round(ours.rps),
          ratio: Number((ours.rps / base.rps).toFixed(2)),
          baselineP99Ms: base.p99,
          apiP99Ms: ours.p99,
        });
      }
    } finally {
      await stop(baseline);
    }
    return rows;
  } finally {
    await stop(api);
  }
}

async function main() {
  if (!hasTaskset)
    console.warn('taskset not found: server and load generator share cores; ratios are less reliable');
  const rows = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  try {
    rows.push(...(await benchDatabase('PGlite', { DATA_DIR: dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  await onScratchPostgres(`storefront_bench_${process.pid}`, async (databaseUrl) => {
    rows.push(...(await benchDatabase('PostgreSQL', { DATABASE_URL: databaseUrl })));
  });

  console.log(
    `load generator: ${hasWrk ? 'wrk' : 'autocannon'}, ${CONNECTIONS} connections, ${DURATION_S} s per run`,
  );
  console.table(rows);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'catalog.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const worst = Math.min(...rows.map((r) => r.ratio));
  console.log(`lowest ratio to the node:http baseline: ${worst} (target ≥ 0.5)`);
}

await main();
