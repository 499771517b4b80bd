import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../config.ts';

/**
 * The API as its own process (`node --import tsx apps/api/src/server.ts`), for tests that kill it mid-request:
 * its JSON log lines are collected from stdout (the `log` SMS sender writes sign-in codes there).
 */

/** A port free on 127.0.0.1 now (closed again at once, so only very likely free when the server takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Its JSON log lines so far. */
  lines: Record<string, unknown>[];
  /** stderr and stdout lines that are not JSON: shown when it fails to start. */
  other: string[];
  exited: Promise<void>;
  /** Kills it (SIGKILL unless told) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  readyWithinMs = 90_000,
): Promise<ServerProcess> {
  // The test's own environment minus what would point the server elsewhere (a database, a port).
  const { DATABASE_URL: _db, PORT: _port, HOST: _host, NODE_OPTIONS: _options, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
  });
  const lines: Record<string, unknown>[] = [];
  const other: string[] = [];
  let rest = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts.filter(Boolean)) {
      try {
        lines.push(JSON.parse(part));
      } catch {
        other.push(part);
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => other.push(chunk));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    base,
    lines,
    other,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  // Ready when it answers; gone early means it could not start.
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited while starting:\n${other.join('\n').slice(-2000)}`);
    try {
      const answer = await fetch(`${base}/1/now`, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.status < 500) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(
        `the server did not answer within ${readyWithinMs} ms:\n${other.join('\n').slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
