import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { REQUEST_LIMITS } from '../../core/request-limits.ts';
import { refreshTokens, staff, staffRefreshTokens } from '../../db/schema.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import {
  type EventStream,
  listen,
  liveStream,
  openStream,
  personTicket,
  staffTicket,
} from '../../test/events-kit.ts';
import { newPerson, type Person } from '../../test/orders-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * Event streams end with the session they were opened in (checked again on the instance's timer; here by
 * hand, on a pinned clock), and each reader and client may hold only so many open (the real limits).
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let base: string;
const clock = testClock(DAY);
const open: EventStream[] = [];
const HOUR = 3600 * 1000;

beforeAll(async () => {
  // Behind one proxy hop, so a test can speak as a client other than loopback (which is not counted).
  ({ app, database, close } = await createTestApp({ now: clock.now, limits: {}, env: { TRUST_PROXY: '1' } }));
  base = await listen(app);
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await close();
});

/** A signed-in customer: a person with a live refresh token (a session) that ends `hours` from now. */
async function signedIn(hours = 24 * 30): Promise<Person> {
  const who = await newPerson(app, database.db);
  await database.db.insert(refreshTokens).values({
    tokenHash: randomUUID(),
    familyId: randomUUID(),
    personId: who.personId,
    source: 'PHONE',
    expiresAt: new Date(clock.now() + hours * HOUR),
    createdAt: new Date(clock.now()),
  });
  return who;
}

async function signedInStaff(login: string): Promise<number> {
  const id = await addTestStaff(database.db, { login, role: 'manager' });
  await database.db.insert(staffRefreshTokens).values({
    tokenHash: randomUUID(),
    familyId: randomUUID(),
    staffId: id,
    expiresAt: new Date(clock.now() + 12 * HOUR),
    createdAt: new Date(clock.now()),
  });
  return id;
}

const personUrl = async (who: Person) =>
  `${base}/api/v1/persons/${who.personId}/events?ticket=${await personTicket(app, who)}`;

async function track(url: string, from = '203.0.113.9') {
  const stream = await liveStream(url, { 'x-forwarded-for': from });
  open.push(stream);
  return stream;
}

const endOf = (stream: EventStream) => stream.messages.find((m) => m.event === 'end');

async function streamsDropTo(count: number) {
  const deadline = Date.now() + 10_000;
  while (app.orderStreams.size > count) {
    if (Date.now() > deadline) throw new Error(`still ${app.orderStreams.size} streams open`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a stream ends with its session', () => {
  it('a customer who signs out: a last `end` event, then the stream closes', async () => {
    const anna = await signedIn();
    const stream = await track(await personUrl(anna));
    expect(await app.orderStreams.recheck()).toBe(0);
    expect(stream.ended).toBe(false);

    await database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(clock.now()) })
      .where(eq(refreshTokens.personId, anna.personId));
    expect(await app.orderStreams.recheck()).toBe(1);
    await stream.closedByServer();
    expect(endOf(stream)).toEqual({ event: 'end', data: '{"reason":"signed-out"}' });
    expect(stream.events).toEqual([]);
    await streamsDropTo(0);
  });

  it('a session that runs out on the clock', async () => {
    const boris = await signedIn(2);
    const stream = await track(await personUrl(boris));
    clock.advance(3600);
    expect(await app.orderStreams.recheck()).toBe(0);
    clock.advance(3601);
    expect(await app.orderStreams.recheck()).toBe(1);
    await stream.closedByServer();
    expect(endOf(stream)?.data).toBe('{"reason":"signed-out"}');
  });

  it('a staff account disabled by a manager, and a staff member who signs out', async () => {
    const disabled = await signedInStaff('to-be-disabled');
    const leaving = await signedInStaff('signs-out');
    const first = await track(`${base}/api/v1/staff/events?ticket=${await staffTicket(app, disabled)}`);
    const second = await track(`${base}/api/v1/staff/events?ticket=${await staffTicket(app, leaving)}`);
    expect(await app.orderStreams.recheck()).toBe(0);

    await database.db
      .update(staff)
      .set({ disabledAt: new Date(clock.now()) })
      .where(eq(staff.id, disabled));
    await database.db
      .update(staffRefreshTokens)
      .set({ revokedAt: new Date(clock.now()) })
      .where(eq(staffRefreshTokens.staffId, leaving));
    expect(await app.orderStreams.recheck()).toBe(2);
    await first.closedByServer();
    await second.closedByServer();
    expect(endOf(first)?.data).toBe('{"reason":"account-disabled"}');
    expect(endOf(second)?.data).toBe('{"reason":"signed-out"}');
  });
});

describe('streams per reader and per client', () => {
  it(`${REQUEST_LIMITS.streamsPerReader} open per person; the next is 429 events.too-many with Retry-After until one closes`, async () => {
    await streamsDropTo(0);
    const vera = await signedIn();
    const streams: EventStream[] = [];
    for (let i = 0; i < REQUEST_LIMITS.streamsPerReader; i++)
      streams.push(await track(await personUrl(vera)));
    const abort = new AbortController();
    const refused = await fetch(await personUrl(vera), {
      signal: abort.signal,
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      'events.too-many',
    );

    streams[0]?.close();
    await streamsDropTo(REQUEST_LIMITS.streamsPerReader - 1);
    await track(await personUrl(vera));
  });

  it(`${REQUEST_LIMITS.streamsPerClient} open per client, whoever reads them`, async () => {
    for (const stream of open) stream.close();
    await streamsDropTo(0);
    for (let i = 0; i < REQUEST_LIMITS.streamsPerClient; i++) {
      const who = await signedIn();
      await track(await personUrl(who));
    }
    const opened = await openStream(await personUrl(await signedIn()), { 'x-forwarded-for': '203.0.113.9' });
    expect(opened.status).toBe(429);
    expect(opened.json?.errors[0]?.code).toBe('events.too-many');
    // Loopback (this host, or a proxy not declared in TRUST_PROXY) is no one client: only readers are counted.
    await track(await personUrl(await signedIn()), '127.0.0.1');
  });
});
