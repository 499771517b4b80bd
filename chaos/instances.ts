import { smsLogRef } from '../apps/api/src/integrations/sms/log-sms-sender.ts';
import { freePort, type ServerProcess, startServerProcess } from '../apps/api/src/test/server-process.ts';
import type { BackendTarget } from './proxy.ts';

/**
 * The API instances of a run, each a real server process (`node --import tsx apps/api/src/server.ts`) on its own
 * port, all on one database. The harness kills one with SIGKILL and starts it again on the same port; the proxy
 * routes only to instances marked up.
 */

export interface KillRecord {
  backend: string;
  incarnation: number;
  /** When SIGKILL was sent (the proxy stopped routing to it just before). */
  killedAt: number;
  /** When the process was gone. */
  goneAt: number;
}

export interface Instance extends BackendTarget {
  process: ServerProcess | null;
  /** Settings of this instance alone (its own way to the fake iiko). */
  env: Record<string, string>;
}

export class Instances {
  /** Every process ever started: the SMS codes the log sender wrote are in their stdout lines. */
  readonly processes: ServerProcess[] = [];

  /** `list` is shared with the proxy, which routes to the instances in it that are up. */
  constructor(
    private readonly env: Record<string, string>,
    readonly list: Instance[],
  ) {}

  async add(name: string, env: Record<string, string> = {}): Promise<Instance> {
    const instance: Instance = {
      name,
      port: await freePort(),
      incarnation: 0,
      up: false,
      process: null,
      env,
    };
    this.list.push(instance);
    await this.start(instance);
    return instance;
  }

  /** Set by stopAll: no instance starts after it (a restart under way is stopped as soon as it is up). */
  private closed = false;
  get isClosed() {
    return this.closed;
  }

  async start(instance: Instance) {
    if (this.closed) throw new Error('the run is over');
    instance.incarnation += 1;
    const started = await startServerProcess({ ...this.env, ...instance.env }, instance.port, 120_000);
    this.processes.push(started);
    if (this.closed) {
      await started.kill('SIGTERM');
      throw new Error('the run is over');
    }
    instance.process = started;
    instance.up = true;
  }

  /** SIGKILL: no routing to it from now, and the process gone when this resolves. */
  async kill(instance: Instance): Promise<KillRecord> {
    const process = instance.process;
    instance.up = false;
    const killedAt = Date.now();
    await process?.kill('SIGKILL');
    instance.process = null;
    return { backend: instance.name, incarnation: instance.incarnation, killedAt, goneAt: Date.now() };
  }

  /** SIGTERM, and gone: the set-up's pause (PGlite: the harness writes the link while no instance has the data). */
  async stop(instance: Instance) {
    instance.up = false;
    await instance.process?.kill('SIGTERM');
    instance.process = null;
  }

  /** The latest SMS code the log sender wrote for the phone (any instance, any incarnation) since a time. */
  smsCode(phone: string, since: number): string | null {
    const ref = smsLogRef(phone);
    let best: { time: number; code: string } | null = null;
    for (const process of this.processes)
      for (const line of process.lines) {
        // The log masks the phone (docs/operations.md, 'Logs'): a line names its recipient by the phone's ref.
        const sms = line.sms as { ref?: string; text?: string } | undefined;
        const time = Number(line.time);
        if (sms?.ref !== ref || time < since || (best && time <= best.time)) continue;
        const code = /\b(\d{6})\b/.exec(sms.text ?? '')?.[1];
        if (code) best = { time, code };
      }
    return best?.code ?? null;
  }

  /** Lines at level error (50) or worse from every process: shown in the report when there are any. */
  errorLines(): Record<string, unknown>[] {
    return this.processes.flatMap((p) => p.lines.filter((l) => Number(l.level) >= 50));
  }

  async stopAll() {
    this.closed = true;
    for (const instance of this.list) {
      instance.up = false;
      await instance.process?.kill('SIGTERM');
      instance.process = null;
    }
  }
}
