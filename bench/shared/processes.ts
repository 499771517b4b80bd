// Process helpers every benchmark needs: servers pinned to core 0 (the load generator or browser runs on
// core 1, see package.json), free ports, readiness, and a clean stop.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

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
