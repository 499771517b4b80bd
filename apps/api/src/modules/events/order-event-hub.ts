import type { OrderEvent } from '@storefront/domain/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type EventRow,
  latestEventId,
  readEventRows,
  readerCondition,
  type StreamReader,
  toOrderEvent,
  visibleTo,
} from './event-rows.ts';

/**
 * Live order events for every stream open on this instance: ONE poller per instance (not per connection)
 * reads the outbox after the last id it handed out and fans each event out to the streams whose reader may
 * see it. Events written by another instance arrive the same way: the database is the only channel, so two
 * instances need nothing between them. The poller runs only while a stream is open.
 *
 * Gaps. order_events.id is a bigserial: ids are taken when a transaction inserts its event, but become
 * visible when it commits. Transaction A takes id 10, B takes 11 and commits first: a poll then sees 11 and
 * not 10. Moving the cursor past 11 would lose 10 for every live stream, and the storefront's reader drops
 * any id at or below the last it got. So the poller hands out ids strictly in order and stops at a hole:
 * events above it wait until the hole fills (A commits, a moment later) or has been open GAP_WAIT_MS by the
 * monotonic clock (a rolled-back transaction leaves a hole for good; an event transaction running longer than
 * that is delivered late only to streams that reconnect: the replay reads the log again). Every stream also
 * drops ids at or below the last it sent, so a replay that overlaps live events sends each once.
 */

export interface EventSink {
  /** The stream is subscribed: every event after this moment reaches it (the replay follows). */
  open(): void;
  /** Writes one event to the client. */
  send(event: OrderEvent): void;
  /** Ends the client's stream (the app is closing). */
  end(): void;
}

export interface HubOptions {
  pollMs: number;
  log: FastifyBaseLogger;
  /**
   * Milliseconds of a clock that only moves forward (performance.now), which holes are timed by: the API's
   * own clock may be pinned or moved, and a hole must still be given up after GAP_WAIT_MS of real waiting.
   */
  monotonicNow: () => number;
}

/** How long a hole in the ids holds back the events above it. */
const GAP_WAIT_MS = 1000;
/** Events read per poll; a full batch is followed by the next poll at once. */
const BATCH = 500;
/** Events per replay query: a reader back after a long sleep gets its backlog in pages. */
const REPLAY_PAGE = 500;

class Subscription {
  /** Live events that came while the replay was being read: sent after it. */
  private buffer: OrderEvent[] | null = [];

  constructor(
    readonly reader: StreamReader,
    /** The last id this stream sent (or its cursor): anything at or below it is a duplicate. */
    private last: number,
    readonly sink: EventSink,
  ) {}

  startAfter(id: number) {
    this.last = id;
  }

  offer(event: OrderEvent) {
    if (this.buffer) this.buffer.push(event);
    else this.write(event);
  }

  write(event: OrderEvent) {
    if (event.id <= this.last) return;
    this.last = event.id;
    this.sink.send(event);
  }

  /** The replay is written: from now on live events go straight out. */
  goLive() {
    const waiting = this.buffer ?? [];
    this.buffer = null;
    for (const event of waiting) this.write(event);
  }
}

export class OrderEventHub {
  private readonly subscriptions = new Set<Subscription>();
  /** Every id at or below it has been handed out (or given up on): the poller reads after it. */
  private frontier = 0;
  /** Set while the poll loop runs; resolves once the frontier is read. */
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  /** The first missing id of the hole the poller waits at, and since when (performance.now()). */
  private hole: { id: number; since: number } | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly options: HubOptions,
  ) {}

  /** Streams open now (tests and logs). */
  get size() {
    return this.subscriptions.size;
  }

  /**
   * Adds a stream: replays what the reader may see after `after` (undefined: from now), then live events.
   * Answers a function that removes it (the client went away). Rejects when the hub is closed.
   */
  async subscribe(reader: StreamReader, after: number | undefined, sink: EventSink): Promise<() => void> {
    if (this.closed) throw new Error('the event hub is closed');
    // In the set before anything is awaited, buffering: the poll loop sees a reader and keeps running, and
    // no live event between the replay's read and going live is missed.
    const subscription = new Subscription(reader, after ?? Number.MAX_SAFE_INTEGER, sink);
    this.subscriptions.add(subscription);
    const unsubscribe = () => {
      this.subscriptions.delete(subscription);
    };
    try {
      await this.start();
      const upTo = this.frontier;
      sink.open();
      if (after === undefined) {
        // From now: after every event committed so far, not only those the poller has handed out (it reads
        // every pollMs, so an event committed just before this stream opened would still be ahead of it).
        // Buffered events above that are still new.
        subscription.startAfter(Math.max(upTo, await latestEventId(this.db)));
      } else {
        await this.replay(subscription, after, upTo);
      }
      subscription.goLive();
      return unsubscribe;
    } catch (error) {
      unsubscribe();
      throw error;
    }
  }

  /** Ends every stream and stops the poller (app close): nothing keeps the process or a test open. */
  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const subscription of this.subscriptions) subscription.sink.end();
    this.subscriptions.clear();
    await this.inFlight?.catch(() => {});
  }

  private async replay(subscription: Subscription, after: number, upTo: number) {
    const where = readerCondition(subscription.reader);
    let from = after;
    while (from < upTo && !this.closed && this.subscriptions.has(subscription)) {
      const rows = await readEventRows(this.db, { after: from, upTo, limit: REPLAY_PAGE, where });
      for (const row of rows) if (visibleTo(subscription.reader, row)) subscription.write(toOrderEvent(row));
      if (rows.length < REPLAY_PAGE) break;
      from = rows[rows.length - 1]?.id ?? upTo;
    }
  }

  private start(): Promise<void> {
    if (!this.running) {
      // From the newest event: a hub that had no streams owes nobody anything older (a stream that
      // resumes replays from the log). An event still uncommitted below it now reaches only replays.
      this.running = latestEventId(this.db).then(
        (latest) => {
          this.frontier = latest;
          this.hole = null;
          this.schedule(0);
        },
        (error: unknown) => {
          this.running = null;
          throw error;
        },
      );
    }
    return this.running;
  }

  private schedule(delayMs: number) {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.inFlight = this.tick();
    }, delayMs);
  }

  private async tick() {
    if (this.closed) return;
    if (this.subscriptions.size === 0) {
      // Nobody listens: stop until the next stream opens (and starts again from the newest event).
      this.running = null;
      return;
    }
    let full = false;
    try {
      full = await this.pollOnce();
    } catch (error) {
      this.options.log.warn({ err: error }, 'order events: poll failed');
    }
    if (this.subscriptions.size === 0) {
      this.running = null;
      return;
    }
    this.schedule(full ? 0 : this.options.pollMs);
  }

  /** One read of the outbox; true when a whole batch was handed out (more may be waiting). */
  private async pollOnce(): Promise<boolean> {
    const rows = await readEventRows(this.db, { after: this.frontier, limit: BATCH });
    if (this.closed) return false;
    const handed: EventRow[] = [];
    for (const row of rows) {
      const expected = this.frontier + 1;
      if (row.id > expected && !this.holeGivenUp(expected)) break;
      handed.push(row);
      this.frontier = row.id;
    }
    if (this.hole && this.hole.id <= this.frontier) this.hole = null;
    // Each event is filtered per reader with its order's fields read once in the batch's query.
    for (const row of handed) {
      const event = toOrderEvent(row);
      for (const subscription of this.subscriptions)
        if (visibleTo(subscription.reader, row)) subscription.offer(event);
    }
    return rows.length === BATCH && handed.length === rows.length;
  }

  /** Whether the poller stops waiting for the missing id `id` (see the gaps note above). */
  private holeGivenUp(id: number): boolean {
    const now = this.options.monotonicNow();
    if (this.hole?.id !== id) this.hole = { id, since: now };
    if (now - this.hole.since < GAP_WAIT_MS) return false;
    this.options.log.debug({ id }, 'order events: passing a hole in the ids');
    return true;
  }
}
