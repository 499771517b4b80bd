import type { AddressInfo } from 'node:net';
import type { OrderEvent } from '@storefront/domain/contracts';
import { expect } from 'vitest';
import type { StorefrontApp } from '../app.ts';
import type { Person } from './orders-kit.ts';
import { staffHeaders } from './staff-kit.ts';

/**
 * Helpers of the stream tests: app.inject cannot stream, so the app listens on 127.0.0.1 and the tests read
 * its streams with fetch and a small server-sent events parser. Waits have a deadline only so a broken
 * test fails instead of hanging; nothing is asserted about how long anything took.
 */

const DEADLINE_MS = 10_000;

/** Listens on a free port of 127.0.0.1; answers the base URL. */
export async function listen(app: StorefrontApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function staffTicket(app: StorefrontApp, staffId: number): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/stream-tickets',
    headers: await staffHeaders(app, staffId),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { ticket: string }).ticket;
}

export async function personTicket(app: StorefrontApp, who: Person): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/persons/${who.personId}/stream-tickets`,
    headers: { authorization: `Bearer ${await app.authentication.tokens.sign(who.personId)}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { ticket: string }).ticket;
}

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** One open stream: its parsed messages as they arrive. */
export class EventStream {
  readonly messages: SseMessage[] = [];
  ended = false;
  private text = '';
  private waiters: (() => void)[] = [];

  constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  /** The order events so far. */
  get events(): OrderEvent[] {
    return this.messages
      .filter((m) => m.event === 'order')
      .map((m) => {
        const event = JSON.parse(m.data ?? '') as OrderEvent;
        // The SSE id is the event id: the browser sends it back as Last-Event-ID.
        expect(m.id).toBe(String(event.id));
        return event;
      });
  }

  /** Waits until the condition holds on what arrived (or the stream ends, or the deadline). */
  async until(condition: (stream: EventStream) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + DEADLINE_MS;
    while (!condition(this)) {
      if (this.ended) throw new Error(`the stream ended before ${what}: ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} in time: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The server has subscribed the stream (its `retry:` line): anything from now on arrives. */
  live() {
    return this.until((s) => s.messages.some((m) => m.retry !== undefined), 'retry line');
  }

  /** Waits for events of these orders (at least `count` in all) and answers the events of these orders. */
  async eventsOf(orderIds: number[], count: number): Promise<OrderEvent[]> {
    const mine = () => this.events.filter((e) => orderIds.includes(e.orderId));
    await this.until(() => mine().length >= count, `${count} events of orders ${orderIds.join(', ')}`);
    return mine();
  }

  /** Waits until the server has ended the stream. */
  closedByServer() {
    return this.until((s) => s.ended, 'end of the stream').catch((error: Error) => {
      if (!this.ended) throw error;
    });
  }

  close() {
    this.abort.abort();
  }

  private async pump() {
    const body = this.response.body;
    if (!body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        this.text += decoder.decode(chunk as Uint8Array, { stream: true });
        this.parse();
        this.wake();
      }
    } catch {
      // Aborted by the test.
    }
    this.ended = true;
    this.wake();
  }

  private parse() {
    let end = this.text.indexOf('\n\n');
    while (end >= 0) {
      const block = this.text.slice(0, end);
      this.text = this.text.slice(end + 2);
      const message: SseMessage = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) message.comment = line.slice(1).trim();
        const match = /^(id|event|data|retry): ?(.*)$/.exec(line);
        if (match?.[1] === 'retry') message.retry = Number(match[2]);
        else if (match) message[match[1] as 'id' | 'event' | 'data'] = match[2];
      }
      this.messages.push(message);
      end = this.text.indexOf('\n\n');
    }
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** Opens a stream; a refusal answers its status and JSON instead. */
export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; stream?: EventStream; json?: { errors: { code: string }[] } }> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  if (response.status !== 200)
    return { status: response.status, json: (await response.json()) as { errors: { code: string }[] } };
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const stream = new EventStream(response, abort);
  return { status: 200, stream };
}

/** Opens a stream that must open, and waits until it is live. */
export async function liveStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const opened = await openStream(url, headers);
  expect(opened.status, JSON.stringify(opened.json)).toBe(200);
  const stream = opened.stream as EventStream;
  await stream.live();
  return stream;
}
