import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { listen, openStream, personTicket, staffTicket } from '../../test/events-kit.ts';
import { newPerson, type Person } from '../../test/orders-kit.ts';
import { rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * Stream tickets: issued to a signed-in reader, only their hash stored, good for one connection within
 * 60 s on the app's clock, and only on that reader's stream; every refusal is a JSON 401 before any stream.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let base: string;
const clock = testClock(DAY);
let anna: Person;
let boris: Person;
let operator: number;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now, env: { EVENTS_POLL_MS: '20' } }));
  base = await listen(app);
  anna = await newPerson(app, database.db);
  boris = await newPerson(app, database.db);
  operator = await addTestStaff(database.db, { login: 'tickets-operator', role: 'operator', restoIds: [1] });
});
afterAll(() => close());

const personStream = (who: Person, ticket: string) =>
  openStream(`${base}/api/v1/persons/${who.personId}/events?ticket=${encodeURIComponent(ticket)}`);
const staffStream = (ticket: string) =>
  openStream(`${base}/api/v1/staff/events?ticket=${encodeURIComponent(ticket)}`);

const refusedAsInvalid = (answer: Awaited<ReturnType<typeof openStream>>) => {
  expect(answer.status).toBe(401);
  expect(answer.json?.errors[0]?.code).toBe('stream.ticket-invalid');
};

describe('issuing', () => {
  it('answers 256 random bits good for 60 s, storing only their hash', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId}/stream-tickets`,
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { ticket, expiresAt } = response.json() as { ticket: string; expiresAt: string };
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(clock.now() + 60_000).toISOString());
    const hash = createHash('sha256').update(ticket).digest('hex');
    const rows = await rowsOf<{ ticket_hash: string; reader_kind: string; reader_id: number }>(
      database.db,
      sql`select ticket_hash, reader_kind, reader_id from stream_tickets where ticket_hash in (${ticket}, ${hash})`,
    );
    expect(rows).toEqual([{ ticket_hash: hash, reader_kind: 'person', reader_id: anna.personId }]);
  });

  it('needs the reader’s own token: none, another person’s, a customer’s on the staff call', async () => {
    const bare = await app.inject({ method: 'POST', url: `/api/v1/persons/${anna.personId}/stream-tickets` });
    expect(bare.statusCode).toBe(401);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId}/stream-tickets`,
      headers: { authorization: `Bearer ${boris.token}` },
    });
    expect(foreign.statusCode).toBe(403);
    const customerAsStaff = await app.inject({
      method: 'POST',
      url: '/api/v1/staff/stream-tickets',
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(customerAsStaff.statusCode).toBe(401);
    const staffAsCustomer = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId}/stream-tickets`,
      headers: await staffHeaders(app, operator),
    });
    expect(staffAsCustomer.statusCode).toBe(401);
  });

  it('sweeps expired tickets when issuing', async () => {
    await personTicket(app, anna);
    clock.advance(61);
    await personTicket(app, anna);
    const [row] = await rowsOf<{ expired: number }>(
      database.db,
      sql`select count(*)::int as expired from stream_tickets where expires_at < ${new Date(clock.now()).toISOString()}`,
    );
    expect(row?.expired).toBe(0);
  });
});

describe('spending', () => {
  it('opens one stream: the same ticket again is 401 stream.ticket-invalid', async () => {
    const ticket = await personTicket(app, anna);
    const first = await personStream(anna, ticket);
    expect(first.status).toBe(200);
    expect(first.stream?.response.headers.get('cache-control')).toContain('no-cache');
    expect(first.stream?.response.headers.get('x-accel-buffering')).toBe('no');
    await first.stream?.live();
    first.stream?.close();
    refusedAsInvalid(await personStream(anna, ticket));
  });

  it('refuses a ticket past its 60 s, and one never issued', async () => {
    const ticket = await personTicket(app, anna);
    clock.advance(61);
    refusedAsInvalid(await personStream(anna, ticket));
    refusedAsInvalid(await personStream(anna, 'x'.repeat(43)));
  });

  it('refuses another person’s ticket on a person’s stream, without spending it', async () => {
    const annas = await personTicket(app, anna);
    refusedAsInvalid(await personStream(boris, annas));
    const own = await personStream(anna, annas);
    expect(own.status).toBe(200);
    own.stream?.close();
  });

  it('refuses a customer’s ticket on the staff stream, and a staff ticket on a customer’s', async () => {
    refusedAsInvalid(await staffStream(await personTicket(app, anna)));
    refusedAsInvalid(await personStream(anna, await staffTicket(app, operator)));
    const staff = await staffStream(await staffTicket(app, operator));
    expect(staff.status).toBe(200);
    staff.stream?.close();
  });

  it('refuses a disabled staff member’s ticket: access is read again when the stream opens', async () => {
    const ticket = await staffTicket(app, operator);
    await database.db.execute(sql`update staff set disabled_at = now() where id = ${operator}`);
    try {
      refusedAsInvalid(await staffStream(ticket));
    } finally {
      await database.db.execute(sql`update staff set disabled_at = null where id = ${operator}`);
    }
  });

  it('answers a missing ticket or a wrong cursor with 400, not a stream', async () => {
    expect((await openStream(`${base}/api/v1/staff/events`)).status).toBe(400);
    const ticket = await personTicket(app, anna);
    const bad = await openStream(`${base}/api/v1/persons/${anna.personId}/events?ticket=${ticket}&after=-1`);
    expect(bad.status).toBe(400);
  });
});
