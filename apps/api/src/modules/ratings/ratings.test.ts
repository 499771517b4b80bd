import { RATING_CHANGE_HOURS, RATING_LINK_DAYS, ratingLinkExpiresAtMs } from '@storefront/domain';
import {
  boardOrder,
  orderRatingState,
  staffRating,
  staffRatingsResponse,
} from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { staffCall } from '../../test/board-kit.ts';
import { codeOf, newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { type RatingLinkKey, readRatingLinkKey, signRatingToken } from './index.ts';

/**
 * The customer's rating of a done order (decision 57) on the demo chain, on a pinned clock: the order page and the
 * signed link with one set of rules, staff's flags and the reports' list, and refusals that write nothing.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let t = DAY;
const clock = { now: () => t };
let anna: Person;
let boris: Person;
let manager: number;
let manager2: number;
let operator: number;
let key: RatingLinkKey;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  anna = await newPerson(app, database.db);
  boris = await newPerson(app, database.db);
  manager = await addTestStaff(database.db, { login: 'boss', role: 'manager' });
  manager2 = await addTestStaff(database.db, { login: 'boss2', role: 'manager', restoIds: [2] });
  operator = await addTestStaff(database.db, { login: 'op1', role: 'operator', restoIds: [1] });
  key = readRatingLinkKey(testConfig());
});
afterAll(() => close());

/** A take-away order of `who` at restaurant 1, placed now. */
async function placeOrder(who: Person): Promise<number> {
  const response = await place(app, who, await orderBody(app, who));
  expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  return (response.json() as { id: number }).id;
}

async function markDone(orderId: number, atMs: number) {
  await database.db.execute(sql`update orders set status = 'done' where id = ${orderId}`);
  await database.db.execute(
    sql`insert into order_history (order_id, status, at, by) values (${orderId}, 'done', ${new Date(atMs).toISOString()}::timestamptz, 'test')`,
  );
}

async function doneOrder(who: Person, doneAtMs = t): Promise<number> {
  const id = await placeOrder(who);
  await markDone(id, doneAtMs);
  return id;
}

async function asPerson(
  who: Person,
  method: 'GET' | 'PUT',
  orderId: number,
  payload?: unknown,
  pathPerson = who.personId,
  locale = 'ru',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1/persons/${pathPerson}/orders/${orderId}/rating`,
    headers: {
      authorization: `Bearer ${await app.authentication.tokens.sign(who.personId)}`,
      'accept-language': locale,
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const byLink = (method: 'GET' | 'PUT', token: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/ratings/${encodeURIComponent(token)}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const linkOf = (orderId: number, doneAtMs: number) =>
  signRatingToken(key, orderId, ratingLinkExpiresAtMs(doneAtMs));

/** What a refusal must leave untouched: ratings (with their values) and order events. */
async function written() {
  const [row] = await rowsOf<{ ratings: string; events: number }>(
    database.db,
    sql`select coalesce(string_agg(order_id || ':' || stars || ':' || array_to_string(tags, ',') || ':' || coalesce(comment, '') || ':' || updated_at, '|' order by order_id), '') as ratings,
               (select count(*) from order_events)::int as events
        from order_ratings`,
  );
  return row;
}

const kindsOf = async (orderId: number) =>
  (
    await rowsOf<{ kind: string }>(
      database.db,
      sql`select kind from order_events where order_id = ${orderId} order by id`,
    )
  ).map((r) => r.kind);

describe('the order page', () => {
  it('answers the state of a done order before any rating', async () => {
    const id = await doneOrder(anna);
    const response = await asPerson(anna, 'GET', id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const state = orderRatingState.parse(response.json());
    expect(state).toMatchObject({
      orderId: id,
      canRate: true,
      rating: null,
      reviewLinks: { yandexMaps: null, twoGis: null },
      deliveryType: 'TAKE_AWAY',
    });
    expect(state.number).toEqual(expect.any(String));
  });

  it('refuses an order not done yet (409) and writes nothing', async () => {
    const id = await placeOrder(anna);
    const before = await written();
    const put = await asPerson(anna, 'PUT', id, { stars: 5 });
    expect(put.statusCode).toBe(409);
    expect(codeOf(put)).toBe('rating.order-not-done');
    expect(await written()).toEqual(before);
    expect(orderRatingState.parse((await asPerson(anna, 'GET', id)).json()).canRate).toBe(false);
  });

  it("answers 403 for a path naming another person and 404 for another person's order under one's own", async () => {
    const id = await doneOrder(anna);
    const before = await written();
    const other = await asPerson(boris, 'PUT', id, { stars: 1 }, anna.personId);
    expect(other.statusCode).toBe(403);
    expect(codeOf(other)).toBe('auth.forbidden-person');
    expect((await asPerson(boris, 'GET', id, undefined, anna.personId)).statusCode).toBe(403);
    const own = await asPerson(boris, 'PUT', id, { stars: 1 });
    expect(own.statusCode).toBe(404);
    expect(codeOf(own)).toBe('order.not-found');
    expect((await asPerson(boris, 'GET', id)).statusCode).toBe(404);
    expect(await written()).toEqual(before);
  });

  it('gives a rating: tags once each, the comment trimmed (empty: none), an order event and the day marked', async () => {
    const id = await doneOrder(anna);
    await database.db.execute(sql`delete from report_dirty`);
    const response = await asPerson(anna, 'PUT', id, {
      stars: 2,
      tags: ['cold', 'late', 'cold'],
      comment: '   ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const state = orderRatingState.parse(response.json());
    expect(state.rating).toMatchObject({ stars: 2, tags: ['cold', 'late'], comment: null });
    expect(state.rating?.changeableUntil).toBe(new Date(t + RATING_CHANGE_HOURS * HOUR).toISOString());
    expect(await kindsOf(id)).toContain('rated');
    const marked = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from report_dirty`);
    expect(marked[0]?.n).toBe(1);
    const [row] = await rowsOf<{ source: string; person_id: number }>(
      database.db,
      sql`select source, person_id from order_ratings where order_id = ${id}`,
    );
    expect(row).toEqual({ source: 'order-page', person_id: anna.personId });
    const again = await asPerson(anna, 'PUT', id, { stars: 3, comment: '  Долго ждали  ' });
    expect(orderRatingState.parse(again.json()).rating).toMatchObject({
      stars: 3,
      tags: [],
      comment: 'Долго ждали',
    });
  });

  it("refuses a courier's tag on a take-away order (422, in the request's language) and takes it on a delivery", async () => {
    const id = await doneOrder(anna);
    const before = await written();
    const refused = await asPerson(
      anna,
      'PUT',
      id,
      { stars: 5, tags: ['polite-courier'] },
      anna.personId,
      'en',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'rating.tag-not-for-method',
      message: 'This tag does not apply to a take-away order',
    });
    expect(codeOf(await asPerson(anna, 'PUT', id, { stars: 1, tags: ['courier'] }))).toBe(
      'rating.tag-not-for-method',
    );
    expect(await written()).toEqual(before);
    await database.db.execute(sql`update orders set delivery_type = 'DELIVERY' where id = ${id}`);
    const taken = await asPerson(anna, 'PUT', id, { stars: 5, tags: ['polite-courier', 'hot'] });
    expect(taken.statusCode).toBe(200);
    expect(orderRatingState.parse(taken.json()).rating?.tags).toEqual(['polite-courier', 'hot']);
  });

  it('may be changed until a day after it was first given, and no later (409)', async () => {
    const start = t;
    const id = await doneOrder(anna);
    expect((await asPerson(anna, 'PUT', id, { stars: 4 })).statusCode).toBe(200);
    try {
      t = start + RATING_CHANGE_HOURS * HOUR - 1;
      expect((await asPerson(anna, 'PUT', id, { stars: 5 })).statusCode).toBe(200);
      t = start + RATING_CHANGE_HOURS * HOUR;
      const before = await written();
      const closed = await asPerson(anna, 'PUT', id, { stars: 1 });
      expect(closed.statusCode).toBe(409);
      expect(codeOf(closed)).toBe('rating.change-closed');
      expect(await written()).toEqual(before);
      const state = orderRatingState.parse((await asPerson(anna, 'GET', id)).json());
      expect(state).toMatchObject({ canRate: false, rating: { stars: 5 } });
    } finally {
      t = start;
    }
  });
});

describe('the signed link', () => {
  it('reads and gives the rating of its one order with no sign-in', async () => {
    const id = await doneOrder(anna);
    const token = linkOf(id, t);
    const read = await byLink('GET', token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(orderRatingState.parse(read.json())).toMatchObject({ orderId: id, canRate: true, rating: null });
    const given = await byLink('PUT', token, { stars: 5, tags: ['tasty'], comment: 'Спасибо' });
    expect(given.statusCode, given.body).toBe(200);
    expect(orderRatingState.parse(given.json()).rating).toMatchObject({ stars: 5, tags: ['tasty'] });
    const [row] = await rowsOf<{ source: string }>(
      database.db,
      sql`select source from order_ratings where order_id = ${id}`,
    );
    expect(row?.source).toBe('link');
    // The order page sees the same rating.
    expect(orderRatingState.parse((await asPerson(anna, 'GET', id)).json()).rating?.comment).toBe('Спасибо');
  });

  it('works until exactly 7 days after the order was done, then answers 410', async () => {
    const start = t;
    const doneAt = start - 5 * MINUTE;
    const id = await doneOrder(anna, doneAt);
    const token = linkOf(id, doneAt);
    try {
      t = doneAt + RATING_LINK_DAYS * 86_400_000 - 1;
      expect((await byLink('GET', token)).statusCode).toBe(200);
      t = doneAt + RATING_LINK_DAYS * 86_400_000;
      const before = await written();
      for (const method of ['GET', 'PUT'] as const) {
        const expired = await byLink(method, token, method === 'PUT' ? { stars: 5 } : undefined);
        expect(expired.statusCode).toBe(410);
        expect(codeOf(expired)).toBe('rating.link-expired');
      }
      expect(await written()).toEqual(before);
    } finally {
      t = start;
    }
  });

  it("refuses a token with another order's id put in, a forged one and a malformed one (404 rating.link-invalid)", async () => {
    const a = await doneOrder(anna);
    const b = await doneOrder(boris);
    const tokenA = linkOf(a, t);
    const swapped = tokenA.replace(`r1.${a}.`, `r1.${b}.`);
    const [, , expires, mac] = tokenA.split('.') as [string, string, string, string];
    const later = `r1.${a}.${Number(expires) + 86_400}.${mac}`;
    const flipped = `r1.${a}.${expires}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const otherKey = signRatingToken({ ...key, secret: Buffer.alloc(32, 7) }, a, ratingLinkExpiresAtMs(t));
    const otherBrand = signRatingToken({ ...key, whiteLabel: 'other' }, a, ratingLinkExpiresAtMs(t));
    const before = await written();
    for (const token of [
      swapped,
      later,
      flipped,
      otherKey,
      otherBrand,
      'r1',
      'r1.1.1.x',
      `r2${tokenA.slice(2)}`,
    ]) {
      for (const method of ['GET', 'PUT'] as const) {
        const refused = await byLink(method, token, method === 'PUT' ? { stars: 1 } : undefined);
        expect(refused.statusCode, token).toBe(404);
        expect(codeOf(refused), token).toBe('rating.link-invalid');
      }
    }
    // A genuine link of an order that is gone is as invalid.
    const gone = await byLink('GET', linkOf(2_000_000_000, t));
    expect(codeOf(gone)).toBe('rating.link-invalid');
    expect(await written()).toEqual(before);
  });

  it('keeps the rules of the order page: not done, a take-away courier, a change after a day', async () => {
    const start = t;
    const pending = await placeOrder(anna);
    expect(codeOf(await byLink('PUT', linkOf(pending, t), { stars: 4 }))).toBe('rating.order-not-done');
    const id = await doneOrder(anna);
    const token = linkOf(id, t);
    expect(codeOf(await byLink('PUT', token, { stars: 4, tags: ['courier'] }))).toBe(
      'rating.tag-not-for-method',
    );
    expect((await byLink('PUT', token, { stars: 4 })).statusCode).toBe(200);
    try {
      t = start + RATING_CHANGE_HOURS * HOUR;
      expect(codeOf(await byLink('PUT', token, { stars: 2 }))).toBe('rating.change-closed');
    } finally {
      t = start;
    }
  });
});

describe('staff', () => {
  let low: number;
  let high: number;

  beforeAll(async () => {
    low = await doneOrder(boris);
    high = await doneOrder(boris);
    expect(
      (await asPerson(boris, 'PUT', low, { stars: 1, tags: ['cold'], comment: 'Холодное' })).statusCode,
    ).toBe(200);
    expect((await asPerson(boris, 'PUT', high, { stars: 5 })).statusCode).toBe(200);
  });

  const ratingsOf = async (staffId: number, query: string) => {
    const response = await staffCall(app, staffId, 'GET', `/api/v1/staff/ratings?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return staffRatingsResponse.parse(response.json()).content;
  };

  it('lists the restaurant’s unseen low ratings to its managers, and every rating without unseen', async () => {
    const unseen = await ratingsOf(manager, 'restoId=1&unseen=true');
    expect(unseen.map((r) => r.orderId)).toContain(low);
    expect(unseen.every((r) => r.stars <= 2 && r.seenAt === null)).toBe(true);
    expect(unseen.find((r) => r.orderId === low)).toMatchObject({
      stars: 1,
      tags: ['cold'],
      comment: 'Холодное',
    });
    const all = await ratingsOf(manager, 'restoId=1&limit=200');
    expect(all.map((r) => r.orderId)).toEqual(expect.arrayContaining([low, high]));
    const times = all.map((r) => r.ratedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await ratingsOf(manager, 'restoId=1&limit=1')).toHaveLength(1);
  });

  it('refuses an operator (403 admin.forbidden-role), another restaurant (403) and bad queries (400)', async () => {
    const op = await staffCall(app, operator, 'GET', '/api/v1/staff/ratings?restoId=1');
    expect(op.statusCode).toBe(403);
    expect(codeOf(op)).toBe('admin.forbidden-role');
    const other = await staffCall(app, manager2, 'GET', '/api/v1/staff/ratings?restoId=1');
    expect(codeOf(other)).toBe('staff.forbidden-resto');
    for (const query of [
      '',
      'restoId=x',
      'restoId=1&limit=0',
      'restoId=1&limit=1000',
      'restoId=1&unseen=yes',
    ])
      expect((await staffCall(app, manager, 'GET', `/api/v1/staff/ratings?${query}`)).statusCode, query).toBe(
        400,
      );
    expect((await staffCall(app, operator, 'POST', `/api/v1/staff/ratings/${low}/seen`)).statusCode).toBe(
      403,
    );
    expect(codeOf(await staffCall(app, manager2, 'POST', `/api/v1/staff/ratings/${low}/seen`))).toBe(
      'order.not-found',
    );
  });

  it('puts the rating on the board’s order, and a seen low rating off the flags (again: no change)', async () => {
    const card = await staffCall(app, manager, 'GET', `/api/v1/staff/orders/${low}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(boardOrder.parse(card.json()).rating).toMatchObject({ orderId: low, stars: 1, seenAt: null });
    const unrated = await doneOrder(anna);
    expect(
      boardOrder.parse((await staffCall(app, manager, 'GET', `/api/v1/staff/orders/${unrated}`)).json())
        .rating,
    ).toBe(null);
    const seen = await staffCall(app, manager, 'POST', `/api/v1/staff/ratings/${low}/seen`);
    expect(seen.statusCode, seen.body).toBe(200);
    const first = staffRating.parse(seen.json());
    expect(first.seenAt).toBe(new Date(t).toISOString());
    // The other boards hear of it once: marking again writes no event.
    expect((await kindsOf(low)).at(-1)).toBe('rating-seen');
    const eventsAfterSeen = (await kindsOf(low)).length;
    const start = t;
    t += MINUTE;
    try {
      const again = staffRating.parse(
        (await staffCall(app, manager, 'POST', `/api/v1/staff/ratings/${low}/seen`)).json(),
      );
      expect(again.seenAt).toBe(first.seenAt);
      expect(await kindsOf(low)).toHaveLength(eventsAfterSeen);
    } finally {
      t = start;
    }
    expect((await ratingsOf(manager, 'restoId=1&unseen=true')).map((r) => r.orderId)).not.toContain(low);
    expect(codeOf(await staffCall(app, manager, 'POST', `/api/v1/staff/ratings/${unrated}/seen`))).toBe(
      'order.not-found',
    );
    // A changed low rating is flagged again.
    expect((await asPerson(boris, 'PUT', low, { stars: 2 })).statusCode).toBe(200);
    expect((await ratingsOf(manager, 'restoId=1&unseen=true')).map((r) => r.orderId)).toContain(low);
  });

  it('lists the period’s ratings for the reports screen, scoped as every report', async () => {
    const call = (staffId: number, query: string) =>
      staffCall(app, staffId, 'GET', `/api/v1/admin/reports/ratings?${query}`);
    const response = await call(manager, 'from=2026-11-25&to=2026-11-25');
    expect(response.statusCode, response.body).toBe(200);
    const content = staffRatingsResponse.parse(response.json()).content;
    expect(content.map((r) => r.orderId)).toEqual(expect.arrayContaining([low, high]));
    const lowOnly = staffRatingsResponse.parse(
      (await call(manager, 'from=2026-11-25&to=2026-11-25&maxStars=2')).json(),
    );
    expect(lowOnly.content.every((r) => r.stars <= 2)).toBe(true);
    expect(lowOnly.content.map((r) => r.orderId)).toContain(low);
    const before = staffRatingsResponse.parse((await call(manager, 'from=2026-11-24&to=2026-11-24')).json());
    expect(before.content).toEqual([]);
    expect(
      staffRatingsResponse.parse((await call(manager2, 'from=2026-11-25&to=2026-11-25')).json()).content,
    ).toEqual([]);
    expect(codeOf(await call(manager, 'from=2026-11-26&to=2026-11-25'))).toBe('report.from-after-to');
    expect(codeOf(await call(manager, 'from=2026-02-30&to=2026-11-25'))).toBe('report.date-malformed');
    expect(codeOf(await call(manager, 'from=2026-11-25&to=2026-11-25&restoIds=1'))).toBe('200');
    expect(codeOf(await call(manager2, 'from=2026-11-25&to=2026-11-25&restoIds=1'))).toBe(
      'staff.forbidden-resto',
    );
    expect(codeOf(await call(operator, 'from=2026-11-25&to=2026-11-25'))).toBe('admin.forbidden-role');
    expect((await call(manager, 'from=2026-11-25&to=2026-11-25&maxStars=6')).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  const bodies = fc.oneof(
    fc.anything(),
    fc.record(
      {
        stars: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.string(), fc.constant(null)),
        tags: fc.oneof(
          fc.array(
            fc.constantFrom('cold', 'late', 'courier', 'polite-courier', 'tasty', 'nope', '', 'COLD'),
            {
              maxLength: 9,
            },
          ),
          fc.string(),
          fc.constant(null),
        ),
        comment: fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ minLength: 995, maxLength: 1005 }),
          fc.constant('\u0000'),
          fc.constant(null),
          fc.integer(),
        ),
      },
      { requiredKeys: [] },
    ),
  );

  it('never answers 5xx to any body or token, and a refusal writes nothing', async () => {
    const done = await doneOrder(anna);
    const pending = await placeOrder(anna);
    const tokens = [linkOf(done, t), linkOf(pending, t)];
    const tokenArb = fc.oneof(
      fc.constantFrom(...tokens),
      fc.string({ maxLength: 320 }),
      fc
        .constantFrom(...tokens)
        .chain((token) =>
          fc
            .tuple(fc.nat(token.length - 1), fc.string({ minLength: 1, maxLength: 3 }))
            .map(([at, put]) => token.slice(0, at) + put + token.slice(at + 1)),
        ),
    );
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.oneof(
          fc.constantFrom(done, pending).map((id) => ({ id })),
          tokenArb.map((token) => ({ token })),
        ),
        async (body, target) => {
          const before = await written();
          const response =
            'id' in target
              ? await asPerson(anna, 'PUT', target.id, body ?? null)
              : await byLink('PUT', target.token, body ?? null);
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode !== 200) {
            expect(response.json().errors?.[0]?.code).toEqual(expect.any(String));
            expect(await written()).toEqual(before);
          }
        },
      ),
      { numRuns: 250 },
    );
  });
});
