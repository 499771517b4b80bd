// Process helpers every benchmark needs: servers pinned to core 0 (the load generator or browser runs on
// core 1, see package.json), free ports, readiness, and a clean stop.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { buildReason } from '../../scripts/build-state.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');

let built = false;
/**
 * The arguments of `node` that start the API as production does: the compiled server (decision 26), built
 * first when it is missing or older than its sources.
 */
export function apiServerArgs(): string[] {
  if (!built) {
    const reason = buildReason();
    if (reason) {
      console.warn(`${reason}: building (npm run build)…`);
      execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    built = true;
  }
  return ['--enable-source-maps', 'apps/api/dist/server.js'];
}

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();

/** Starts a server process on the given core (when taskset exists), from the repository root. */
export function pinned(
  core: number,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin: 'pipe' | 'ignore' = 'ignore',
): ChildProcess {
  const [cmd, argv] = hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
  return spawn(cmd, argv, { env, stdio: [stdin, 'pipe', 'inherit'], cwd: ROOT });
}

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * What a production start needs besides the database: a token secret, a real SMS sender (the log
 * sender is refused in production), a public address and a captcha or its explicit absence. The
 * benchmarks never sign anyone in, so the gateway is unreachable and the captcha switched off.
 */
export const PRODUCTION_SIGN_IN_ENV: NodeJS.ProcessEnv = {
  AUTH_TOKEN_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
  QUOTE_SECRET: 'bench-only-quote-secret-that-is-long-enough-0123456789',
  SMS_SENDER: 'smsru',
  SMSRU_API_ID: 'bench-never-sends',
  SMSRU_URL: 'http://127.0.0.1:9',
  SMS_CAPTCHA_OFF: 'true',
  PUBLIC_URL: 'http://127.0.0.1',
};

/**
 * Runs a bench on a fresh database of the PostgreSQL server at PG_ADMIN_URL, dropped afterwards. Only an
 * unreachable server is skipped (with a warning); a failure of the bench on it fails the bench.
 */
export async function onScratchPostgres(name: string, use: (databaseUrl: string) => Promise<void>) {
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    console.warn(`PostgreSQL at ${admin} skipped: unreachable (${(error as Error).message})`);
    await client.end().catch(() => {});
    return;
  }
  try {
    await client.query(`create database "${name}"`);
    try {
      await use(`${admin.replace(/\/[^/]*$/, '')}/${name}`);
    } finally {
      await client.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await client.end().catch(() => {});
  }
}
