import type { ServerResponse } from 'node:http';
import type { OrderEvent } from '@storefront/domain/contracts';
import type { EventSink } from './order-event-hub.ts';

/** The browser's wait before it reconnects by itself (the storefront's reader reconnects on its own). */
const RETRY_MS = 2000;
/** A comment this often keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A client this far behind (bytes not yet taken) is cut off: it reconnects and replays from the log. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

/**
 * One server-sent event stream on a raw response: `id:` is the event id (the browser sends it back as
 * Last-Event-ID), `event: order`, `data:` the orderEvent JSON.
 */
export class SseStream implements EventSink {
  private heartbeat: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(private readonly res: ServerResponse) {}

  /** Sends the headers (the client's EventSource opens). */
  start() {
    this.res.on('close', () => this.stop());
    this.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // Every stream is personal and live: never stored by a cache.
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      // nginx buffers proxied answers by default: the events would arrive in lumps.
      'x-accel-buffering': 'no',
    });
    this.res.flushHeaders();
  }

  /** Subscribed: anything that happens from now on will be sent (the first line a client can wait for). */
  open() {
    this.write(`retry: ${RETRY_MS}\n\n`);
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  send(event: OrderEvent) {
    this.write(`id: ${event.id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`);
  }

  /** The last event before the server closes the stream for good: `event: end` with why (not an order). */
  endWith(reason: string) {
    this.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.end();
  }

  end() {
    if (this.ended) return;
    this.stop();
    this.res.end();
  }

  /** Runs once the client is gone or the stream is ended. */
  onClose(listener: () => void) {
    this.res.on('close', listener);
  }

  private write(chunk: string) {
    if (this.ended || this.res.destroyed) return;
    this.res.write(chunk);
    if (this.res.writableLength > MAX_BACKLOG_BYTES) this.end();
  }

  private stop() {
    this.ended = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
