import { performance } from 'node:perf_hooks';
import { errorBody, personPreflightParams, streamQuery, streamTicket } from '@storefront/domain/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';
import { limitedClientKey, type RequestLimits } from '../../core/request-limits.ts';
import { loadStaffAccess } from '../../core/staff-access.ts';
import type { Database } from '../../db/client.ts';
import { signedInPerson, signedInStaff } from '../../plugins/authentication.ts';
import type { StreamReader } from './event-rows.ts';
import { OpenStreams } from './open-streams.ts';
import { OrderEventHub } from './order-event-hub.ts';
import { SseStream } from './sse-stream.ts';
import { issueStreamTicket, type ReaderRef, spendStreamTicket } from './stream-tickets.ts';

export interface EventsRoutesOptions {
  db: Database;
  config: AppConfig;
  now: () => number;
  limits: RequestLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's order event poller and its open streams. */
    orderEvents: OrderEventHub;
    /** The open streams by reader and client: their limits and their sessions' checks. */
    orderStreams: OpenStreams;
  }
}

const TICKET_DESCRIPTION =
  'A single-use ticket that opens one event stream within 60 s (EventSource cannot send Authorization). ' +
  'Ask for a new one on every (re)connection.';

const STREAM_DESCRIPTION =
  'Server-sent events (`text/event-stream`), authenticated by `ticket` alone (no bearer header): an unknown, ' +
  'used, expired or someone else’s ticket is 401 stream.ticket-invalid before any stream starts. The stream ' +
  'sends `retry: 2000`, then every event after the cursor (`after` or the `Last-Event-ID` header, the larger ' +
  'wins; neither: from now), then live ones, each as `id: <event id>`, `event: order`, `data: <orderEvent ' +
  'JSON>`; a `: ping` comment every 15 s. Each event says which order changed and how: read the order anew. ' +
  'The session is checked again every 30 s: once the reader has signed out (no live refresh token) or a staff ' +
  'account is disabled, a last `event: end` with `data: {"reason":"signed-out"|"account-disabled"}` is sent ' +
  'and the stream closes. 3 streams per reader and 20 per client may be open on one instance: more is 429 ' +
  'events.too-many with Retry-After.';

/** `Last-Event-ID` as the browser sends it back (our ids), else undefined: a stray value is ignored. */
function lastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

function cursorOf(request: FastifyRequest, after: number | undefined): number | undefined {
  const fromHeader = lastEventId(request);
  if (after === undefined) return fromHeader;
  if (fromHeader === undefined) return after;
  return Math.max(after, fromHeader);
}

const ticketInvalid = () => new ApiError(401, 'stream.ticket-invalid', 'ticket');

const streamResponses = {
  200: z.string().describe('text/event-stream'),
  400: errorBody,
  401: errorBody,
  429: errorBody,
};

/**
 * Order events as server-sent events (decision 23): tickets for signed-in readers,
 * and the streams of staff (their restaurants' orders) and customers (their own orders).
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { db, config, now, limits },
) => {
  const whiteLabel = config.brand.whiteLabel;
  const hub = new OrderEventHub(db, {
    pollMs: config.env.EVENTS_POLL_MS,
    log: app.log,
    monotonicNow: () => performance.now(),
  });
  app.decorate('orderEvents', hub);
  const streams = new OpenStreams(db, { whiteLabel, now, limits, log: app.log });
  app.decorate('orderStreams', streams);
  streams.startChecking();
  // preClose, not onClose: the server's close waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', async () => {
    streams.stopChecking();
    await hub.close();
  });

  /** Starts the stream on the raw response; from here on errors can only end it. */
  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    reader: StreamReader,
    ref: ReaderRef,
    after: number | undefined,
  ) {
    // Counted in (or 429) before anything is sent; counted out when the connection closes.
    const open = streams.admit(ref, limitedClientKey(request.ip));
    // A hijacked reply sends none of the headers set on it so far (CORS, security headers): hand them over.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    const sse = new SseStream(reply.raw);
    sse.onClose(() => streams.release(open));
    open.end = (reason) => sse.endWith(reason);
    sse.start();
    try {
      const unsubscribe = await hub.subscribe(reader, cursorOf(request, after), sse);
      sse.onClose(unsubscribe);
      if (reply.raw.destroyed) unsubscribe();
    } catch (error) {
      request.log.warn({ err: error }, 'order events: stream ended before it went live');
      sse.end();
    }
  }

  app.post(
    '/api/v1/staff/stream-tickets',
    {
      schema: {
        tags: ['staff'],
        summary: 'A ticket for the staff event stream (Authorization: Bearer staff token)',
        description: TICKET_DESCRIPTION,
        response: { 201: streamTicket },
      },
      config: { auth: 'staff' },
    },
    async (request, reply) => {
      const { staffId } = signedInStaff(request);
      const ticket = await issueStreamTicket(db, whiteLabel, { kind: 'staff', id: staffId }, now());
      return reply.code(201).send(ticket);
    },
  );

  app.post(
    '/api/v1/persons/:personId/stream-tickets',
    {
      schema: {
        tags: ['orders'],
        summary: 'A ticket for the customer’s own order event stream (Authorization: Bearer)',
        description: TICKET_DESCRIPTION,
        params: personPreflightParams,
        response: { 201: streamTicket, 400: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request, reply) => {
      const { personId } = signedInPerson(request);
      const ticket = await issueStreamTicket(db, whiteLabel, { kind: 'person', id: personId }, now());
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    '/api/v1/staff/events',
    {
      schema: {
        tags: ['staff'],
        summary: 'Order events of the staff member’s restaurants (server-sent events; ?ticket=)',
        description: `${STREAM_DESCRIPTION} Staff see their restaurants’ orders, a card-online order only once it is paid.`,
        querystring: streamQuery,
        response: streamResponses,
      },
    },
    async (request, reply) => {
      const reader = await spendStreamTicket(db, whiteLabel, request.query.ticket, { kind: 'staff' }, now());
      // The restaurants as they are now: a change of them or a disabled account counts from this connection.
      const access = reader && (await loadStaffAccess(db, whiteLabel, reader.id));
      if (!access) throw ticketInvalid();
      await stream(
        request,
        reply,
        { kind: 'staff', whiteLabel, staffId: access.staffId, restoIds: new Set(access.restoIds) },
        reader,
        request.query.after,
      );
      return reply;
    },
  );

  app.get(
    '/api/v1/persons/:personId/events',
    {
      schema: {
        tags: ['orders'],
        summary: 'Events of the customer’s own orders (server-sent events; ?ticket=)',
        description: `${STREAM_DESCRIPTION} The ticket must be this person’s.`,
        params: personPreflightParams,
        querystring: streamQuery,
        response: streamResponses,
      },
    },
    async (request, reply) => {
      const { personId } = request.params;
      const reader = await spendStreamTicket(
        db,
        whiteLabel,
        request.query.ticket,
        { kind: 'person', id: personId },
        now(),
      );
      if (!reader) throw ticketInvalid();
      await stream(request, reply, { kind: 'person', whiteLabel, personId }, reader, request.query.after);
      return reply;
    },
  );
};

// Registered on the app itself, not in a context of its own (what fastify-plugin does): the hub decoration is
// the app's, so tests and other modules can reach it.
(eventsRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
