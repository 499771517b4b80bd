import type { OrderEvent } from '@storefront/domain/contracts';
import { apiUrl } from '../api-base.ts';

/**
 * Follows the order events of one reader (a customer's own orders, or the restaurants a staff member may see)
 * over server-sent events. `EventSource` cannot send a bearer header, so every (re)connection first asks for
 * a single-use ticket with the reader's token (`getTicket`), then opens `streamUrl?ticket=…&after=<last id>`:
 * after a dropped connection, a sleeping laptop or a restarted server the stream resumes after the last event
 * it delivered, and the server replays what was missed from its log. The caller reads the changed order
 * anew on each event (the event says only which order and what kind of change).
 */
export interface OrderEventStreamOptions {
  /** Asks the API for a ticket (POST …/stream-tickets with the reader's token). */
  getTicket: () => Promise<string>;
  /** The stream's path without query, e.g. '/api/v1/staff/events'. */
  streamUrl: string;
  /** Resume after this event id (e.g. the board answer's cursor); undefined = from now. */
  after?: number;
  onEvent: (event: OrderEvent) => void;
  /** 'open' once connected, 'reconnecting' while a new ticket and connection are under way. */
  onStatus?: (status: 'open' | 'reconnecting') => void;
  /** The wait before reconnecting, doubled per failure up to 30 s. */
  retryMs?: number;
}

export function openOrderEventStream(options: OrderEventStreamOptions): () => void {
  let last = options.after;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let failures = 0;

  const reconnect = () => {
    if (closed) return;
    options.onStatus?.('reconnecting');
    const wait = Math.min((options.retryMs ?? 1000) * 2 ** failures, 30_000);
    failures += 1;
    timer = setTimeout(() => void connect(), wait);
  };

  const connect = async () => {
    if (closed) return;
    let ticket: string;
    try {
      ticket = await options.getTicket();
    } catch {
      reconnect();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({ ticket });
    if (last !== undefined) query.set('after', String(last));
    const current = new EventSource(apiUrl(`${options.streamUrl}?${query}`));
    source = current;
    current.onopen = () => {
      failures = 0;
      options.onStatus?.('open');
    };
    current.addEventListener('order', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as OrderEvent;
      // The log's ids only grow: an id at or below the cursor was delivered already (a replay overlap).
      if (last !== undefined && event.id <= last) return;
      last = event.id;
      options.onEvent(event);
    });
    // The browser's own reconnect would reuse the spent ticket: close and start again with a new one.
    current.onerror = () => {
      current.close();
      if (source === current) source = null;
      reconnect();
    };
  };

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
