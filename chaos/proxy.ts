import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestFact } from './checks.ts';

/**
 * A tiny round-robin HTTP proxy in front of the API instances, as nginx would stand: customers, the fake
 * YooKassa's notifications and the fake iiko's webhooks go through it (and, one per instance, in front of the
 * fake iiko: the harness sees which instance is talking to the kitchen). A backend that refuses the connection (dead, not listening yet) is
 * skipped for the next one, as nginx's proxy_next_upstream does before a request is sent; once sent, a reset
 * is a 502 and never a second try (a POST must not reach two instances). Every request is recorded with the
 * instance (and its incarnation) that served it, so the checks can tell a 5xx the harness's kill caused from
 * one the API produced.
 */

export interface BackendTarget {
  name: string;
  port: number;
  /** Bumped by every start: a kill is of one incarnation. */
  incarnation: number;
  up: boolean;
}

/** A request as the proxy saw it (RequestFact, checks.ts), numbered in arrival order. */
export interface ProxyRecord extends RequestFact {
  id: number;
}

export interface ChaosProxy {
  url: string;
  records: ProxyRecord[];
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function readBody(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => resolve(Buffer.concat(chunks)));
    message.on('error', reject);
  });
}

function errorCodeOf(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errors?: { code?: string }[] };
    return parsed.errors?.[0]?.code;
  } catch {
    return undefined;
  }
}

export interface ProxyOptions {
  /** The chance that the API's answer to a POST is thrown away and the client's connection closed. */
  dropAnswerRate?: number;
  random?: () => number;
  upstreamTimeoutMs?: number;
}

export async function startProxy(backends: BackendTarget[], options: ProxyOptions = {}): Promise<ChaosProxy> {
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const random = options.random ?? Math.random;
  const records: ProxyRecord[] = [];
  let next = 0;
  let ids = 0;

  /** One try at one backend: its answer, or why none came ('refused' means nothing was sent). */
  function forward(
    target: BackendTarget,
    incoming: IncomingMessage,
    body: Buffer,
  ): Promise<
    | { kind: 'answer'; status: number; headers: Record<string, string | string[]>; body: Buffer }
    | { kind: 'refused' }
    | { kind: 'reset' }
  > {
    return new Promise((resolve) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(incoming.headers))
        if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
      headers['content-length'] = String(body.length);
      headers.connection = 'close';
      let connected = false;
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers,
          agent: false,
          timeout: upstreamTimeoutMs,
        },
        (answer) => {
          readBody(answer).then(
            (data) => {
              const out: Record<string, string | string[]> = {};
              for (const [name, value] of Object.entries(answer.headers))
                if (value !== undefined && !HOP_HEADERS.has(name) && name !== 'content-length')
                  out[name] = value;
              resolve({ kind: 'answer', status: answer.statusCode ?? 502, headers: out, body: data });
            },
            () => resolve({ kind: 'reset' }),
          );
        },
      );
      outgoing.on('socket', (socket) => socket.on('connect', () => (connected = true)));
      outgoing.on('timeout', () => outgoing.destroy(new Error('upstream timeout')));
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        resolve(!connected && error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'reset' }),
      );
      outgoing.end(body);
    });
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const record: ProxyRecord = {
      id: ++ids,
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      // Customers name themselves; the rest are the providers' calls: YooKassa's notifications, iiko's webhooks.
      client: String(
        incoming.headers['x-chaos-client'] ??
          (incoming.url?.startsWith('/api/v1/pos/') ? 'iiko' : 'provider'),
      ),
      backend: null,
      incarnation: null,
      startedAt: Date.now(),
      endedAt: 0,
      status: null,
    };
    records.push(record);
    let gone = false;
    response.on('close', () => {
      if (!response.writableFinished) gone = true;
    });
    const body = await readBody(incoming).catch(() => Buffer.alloc(0));
    const send = (status: number, headers: Record<string, string | string[]>, data: Buffer) => {
      record.status = status;
      record.endedAt = Date.now();
      if (gone) {
        record.proxyError ??= 'client-gone';
        return;
      }
      response.writeHead(status, { ...headers, 'content-length': String(data.length) }).end(data);
    };
    const tried = new Set<string>();
    for (;;) {
      const live = backends.filter((b) => b.up && !tried.has(b.name));
      if (live.length === 0) {
        record.proxyError = 'no-backend';
        return send(
          503,
          { 'content-type': 'application/json' },
          Buffer.from('{"errors":[{"code":"proxy.no-backend"}]}'),
        );
      }
      const target = live[next++ % live.length] as BackendTarget;
      tried.add(target.name);
      record.backend = target.name;
      record.incarnation = target.incarnation;
      const result = await forward(target, incoming, body);
      if (result.kind === 'refused') continue;
      if (result.kind === 'reset') {
        record.proxyError = 'upstream-reset';
        return send(
          502,
          { 'content-type': 'application/json' },
          Buffer.from('{"errors":[{"code":"proxy.upstream-reset"}]}'),
        );
      }
      if (result.status >= 400) {
        const code = errorCodeOf(result.body);
        if (code) record.code = code;
      }
      if (record.method === 'POST' && options.dropAnswerRate && random() < options.dropAnswerRate) {
        record.status = result.status;
        record.endedAt = Date.now();
        record.proxyError = 'answer-dropped';
        response.socket?.destroy();
        return;
      }
      return send(result.status, result.headers, result.body);
    }
  }

  const server = createServer((incoming, response) => {
    void handle(incoming, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
