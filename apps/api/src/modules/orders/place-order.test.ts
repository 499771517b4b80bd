import { randomUUID } from 'node:crypto';
import { order as orderContract, placeOrderRequest } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import {
  CONTACTS,
  codeOf,
  newPerson,
  type OrderBody,
  orderBody,
  orderTables,
  type Person,
  place,
  preflightAs,
} from '../../test/orders-kit.ts';
import { cart, DAY, FRIDAY_OVERNIGHT, line, NIGHT, POINTS } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { orderFingerprintOf } from './idempotency.ts';

/**
 * Placement on the demo chain at pinned hours: exactly once per key, re-pricing against the quote, the
 * pre-order bounds, the promo guard under concurrency, cancelling, and nothing written by a refusal.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
const at = (instant: number) => clock.advance((instant - clock.now()) / 1000);
let anna: Person;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  anna = await newPerson(app, database.db);
});
afterAll(() => close());

/** Position 25 (extended cooking) needs one item of modifier group 1. */
const SAUCE = { modifiers: [{ id: 1, modifierId: 1, count: 1 }] };
const kazan = (local: string) => Date.parse(`${local}+03:00`);
const iso = (local: string) => `${local}+03:00`;

describe('placing an order', () => {
  it('answers 201 with the order: number, promisedAt, payment, lines with names, history; the contacts become the first delivery entry', async () => {
    at(DAY);
    const body = await orderBody(app, anna, {
      positions: [line(1, 2), line(29, 1, { modifiers: [{ id: 12, modifierId: 4, count: 1 }] })],
    });
    const response = await place(app, anna, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    const order = orderContract.parse(response.json());
    expect(order).toMatchObject({
      status: 'new',
      paymentStatus: 'not_required',
      restoId: 1,
      deliveryType: 'TAKE_AWAY',
      payType: 'CARD_UPON_RECEIPT',
      sum: 187000,
      payable: 187000,
      positionsCount: 3,
      canCancel: true,
      preOrderAt: null,
      // Take-away of restaurant 1: 20 minutes.
      promisedAt: new Date(DAY + 20 * 60_000).toISOString(),
      person: { name: 'Анна', phone: '+79123456789', email: null },
      history: [{ status: 'new', at: new Date(DAY).toISOString(), by: 'customer' }],
    });
    expect(order.number).toMatch(/^Б-\d{3}$/);
    expect(order.lines).toHaveLength(2);
    expect(order.lines[1]?.modifiers[0]).toMatchObject({ id: 12, modifierId: 4, count: 1 });
    expect(order.lines[0]?.name.ru.length).toBeGreaterThan(0);
    expect(order.lines[1]?.modifiers[0]?.name.ru.length).toBeGreaterThan(0);

    const again = await place(app, anna, await orderBody(app, anna));
    expect(again.statusCode).toBe(201);
    const deliveries = await database.db.execute(
      sql`select count(*)::int as n from person_deliveries where person_id = ${anna.personId}`,
    );
    const rows = (deliveries as unknown as { rows?: { n: number }[] }).rows ?? [];
    expect(rows[0]?.n).toBe(1);
    // Numbers of one restaurant and day follow each other.
    const next = Number(again.json().number.slice(2));
    expect(next).toBe(Number(order.number.slice(2)) + 1);
  });

  it('promises delivery at the band time and card-online orders as pending', async () => {
    at(DAY);
    const cartBody = cart({
      deliveryType: 'DELIVERY',
      payType: 'CARD_ONLINE',
      location: POINTS.zone1,
      address: 'Казань, ул. Баумана, 1',
      positions: [line(8, 1)],
    });
    const priced = await preflightAs(app, anna, cartBody);
    const bandMinutes = (priced as unknown as { deliveryBand: { time: number } }).deliveryBand.time;
    const body = { ...cartBody, quote: priced.quote, ...CONTACTS };
    const missingEmail = await place(app, anna, body);
    expect(missingEmail.statusCode).toBe(400);
    expect(missingEmail.json().errors[0]).toMatchObject({
      code: 'email.receipt-required',
      field: 'person.email',
    });
    const response = await place(app, anna, {
      ...body,
      person: { ...CONTACTS.person, email: 'anna@example.com' },
      deliveryPlace: { apartment: '5', entrance: null, floor: '2', intercom: null, comment: null },
    });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      paymentStatus: 'pending',
      deliveryPrice: 25000,
      address: 'Казань, ул. Баумана, 1',
      location: POINTS.zone1,
      deliveryPlace: { apartment: '5', floor: '2' },
    });
    expect(order.promisedAt).toBe(new Date(DAY + bandMinutes * 60_000).toISOString());
  });

  it('refuses contacts, a delivery without address, a missing or malformed key with 400, writing nothing', async () => {
    at(DAY);
    const before = await orderTables(database.db);
    const body = await orderBody(app, anna);
    const noKey = await place(app, anna, body, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors[0]).toMatchObject({ code: 'idempotency.key-required' });
    expect((await place(app, anna, body, 'short')).statusCode).toBe(400);
    const badName = await place(app, anna, { ...body, person: { ...CONTACTS.person, name: '123' } });
    expect(badName.json().errors[0]).toMatchObject({ code: 'person-name.invalid', field: 'person.name' });
    const badPhone = await place(app, anna, { ...body, person: { ...CONTACTS.person, phone: '12' } });
    expect(badPhone.json().errors[0]).toMatchObject({ code: 'person-phone.invalid', field: 'person.phone' });
    const delivery = await orderBody(app, anna, { deliveryType: 'DELIVERY', positions: [line(8, 1)] });
    const noAddress = await place(app, anna, delivery);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors[0]).toMatchObject({ code: 'order.address-required', field: 'address' });
    expect((await place(app, anna, { ...body, personCount: 0 })).json().errors[0].field).toBe('personCount');
    expect(await orderTables(database.db)).toEqual(before);
  });

  // The ordering fuzz (decision 27): PostgreSQL's text cannot hold a NUL, so a NUL in a stored field (an e-mail, a comment,
  // a delivery address or detail) reached the INSERT and answered 500. Now a 400 naming the field.
  it('refuses a NUL character in any field it stores with 400 and the field, writing nothing', async () => {
    at(DAY);
    const before = await orderTables(database.db);
    const body = await orderBody(app, anna);
    const delivery = await orderBody(app, anna, {
      deliveryType: 'DELIVERY',
      location: POINTS.zone1,
      address: 'Казань, ул. Баумана, 1',
      positions: [line(8, 1)],
    });
    const details = { apartment: '1', entrance: '2', floor: '3', intercom: null, comment: null };
    const cases: [unknown, string][] = [
      [{ ...body, person: { ...CONTACTS.person, email: 'a\u0000b@example.com' } }, 'person.email'],
      [{ ...body, comment: 'ring\u0000twice' }, 'comment'],
      [{ ...delivery, address: 'Казань\u0000' }, 'address'],
      [{ ...delivery, deliveryPlace: { ...details, apartment: '1\u0000' } }, 'deliveryPlace.apartment'],
      [{ ...delivery, deliveryPlace: { ...details, comment: '\u0000' } }, 'deliveryPlace.comment'],
    ];
    for (const [refused, field] of cases) {
      const response = await place(app, anna, refused);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'request.invalid', field });
    }
    expect(await orderTables(database.db)).toEqual(before);
  });

  // The ordering fuzz (decision 27): a well-signed token whose person is gone (a database reset, a removed account) reached
  // the idempotency key's INSERT, whose foreign key failed with a 500. Now the token is refused, as /me does.
  it('answers 401 auth.token-invalid for a token whose person does not exist, writing nothing', async () => {
    at(DAY);
    const before = await orderTables(database.db);
    const personId = 2_000_000_000;
    const ghost: Person = { personId, token: await app.authentication.tokens.sign(personId) };
    const response = await place(app, ghost, await orderBody(app, ghost));
    expect(response.statusCode, response.body).toBe(401);
    expect(codeOf(response)).toBe('auth.token-invalid');
    expect(await orderTables(database.db)).toEqual(before);
  });

  it('answers 401 without a token and 403 for another person', async () => {
    const body = await orderBody(app, anna);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId}/orders`,
      headers: { 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${anna.personId + 1000}/orders`,
      headers: { authorization: `Bearer ${anna.token}`, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(other.statusCode).toBe(403);
    const list = await app.inject({ url: `/api/v1/persons/${anna.personId}/orders` });
    expect(list.statusCode).toBe(401);
  });
});

describe('exactly once', () => {
  it('answers the same order for the same key and body, 422 for another body', async () => {
    at(DAY);
    const key = randomUUID();
    const body = await orderBody(app, anna);
    const first = await place(app, anna, body, key);
    expect(first.statusCode).toBe(201);
    const before = await orderTables(database.db);
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await place(app, anna, reordered, key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    // A client that lost the answer and priced the same cart again sends a fresher quote: the same order.
    at(DAY + 60_000);
    const repriced = await orderBody(app, anna);
    expect(repriced.quote).not.toBe(body.quote);
    const third = await place(app, anna, repriced, key);
    expect(third.statusCode).toBe(201);
    expect(third.json()).toEqual(first.json());
    const other = await place(app, anna, { ...body, personCount: 3 }, key);
    expect(other.statusCode).toBe(422);
    expect(codeOf(other)).toBe('idempotency.key-reused');
    expect(await orderTables(database.db)).toEqual(before);
  });

  it('20 concurrent requests with one key make one order; the rest are in progress or that order', async () => {
    at(DAY);
    const key = randomUUID();
    const body = await orderBody(app, anna);
    const before = await orderTables(database.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(app, anna, body, key)));
    const after = await orderTables(database.db);
    expect(after.orders).toBe(before.orders + 1);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(codeOf(answer)).toBe('idempotency.in-progress');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    const again = await place(app, anna, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(created[0]?.json().id);
  });

  it('takes over a claim whose instance died (lock run out), not one still running', async () => {
    at(DAY);
    const body = await orderBody(app, anna);
    const running = randomUUID();
    const dead = randomUUID();
    // The server fingerprints the body as its contract reads it.
    const fingerprint = orderFingerprintOf(placeOrderRequest.parse(body));
    const now = new Date(DAY);
    await database.db.execute(sql`insert into order_idempotency_keys
      (person_id, key, fingerprint, locked_until, created_at) values
      (${anna.personId}, ${running}, ${fingerprint}, ${new Date(DAY + 20_000)}, ${now}),
      (${anna.personId}, ${dead}, ${fingerprint}, ${new Date(DAY - 1000)}, ${now})`);
    const busy = await place(app, anna, body, running);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('20');
    expect(codeOf(busy)).toBe('idempotency.in-progress');
    expect((await place(app, anna, body, dead)).statusCode).toBe(201);
  });

  it('forgets keys after 24 hours', async () => {
    at(DAY);
    const key = randomUUID();
    const body = await orderBody(app, anna);
    const first = await place(app, anna, body, key);
    expect(first.statusCode).toBe(201);
    at(DAY + 24 * 3600_000 + 1000);
    const fresh = await orderBody(app, anna);
    const later = await place(app, anna, fresh, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    at(DAY);
  });
});

describe('the price the customer saw', () => {
  it('409 order.price-changed with the new preflight when a dish price changed; nothing written', async () => {
    at(DAY);
    const body = await orderBody(app, anna, { positions: [line(2, 1)] });
    await database.db.execute(sql`update positions set price = price + 1000 where id = 2`);
    await app.catalog.refresh();
    try {
      const before = await orderTables(database.db);
      const response = await place(app, anna, body);
      expect(response.statusCode).toBe(409);
      expect(codeOf(response)).toBe('order.price-changed');
      const answer = response.json();
      expect(answer.preflight.positions[0].price).toBe(answer.preflight.sum);
      expect(answer.preflight.quote).toBeTypeOf('string');
      expect(await orderTables(database.db)).toEqual(before);
      // Confirming the new price with a new key places it.
      const confirmed = await place(app, anna, { ...body, quote: answer.preflight.quote });
      expect(confirmed.statusCode).toBe(201);
      expect(confirmed.json().sum).toBe(answer.preflight.sum);
    } finally {
      await database.db.execute(sql`update positions set price = price - 1000 where id = 2`);
      await app.catalog.refresh();
    }
  });

  it('400 order.quote-invalid for a tampered quote; 409 for an expired one or another cart', async () => {
    at(DAY);
    const body = await orderBody(app, anna);
    const [payload, signature] = body.quote.split('.') as [string, string];
    const wire = JSON.parse(Buffer.from(payload, 'base64url').toString());
    wire.pa = 1;
    const forged = `${Buffer.from(JSON.stringify(wire)).toString('base64url')}.${signature}`;
    const tampered = await place(app, anna, { ...body, quote: forged });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().errors[0]).toMatchObject({ code: 'order.quote-invalid', field: 'quote' });
    const otherCart = await place(app, anna, { ...body, positions: [line(1, 3)] });
    expect(otherCart.statusCode).toBe(409);
    expect(codeOf(otherCart)).toBe('order.price-changed');
    at(DAY + 11 * 60_000);
    const expired = await place(app, anna, body);
    expect(expired.statusCode).toBe(409);
    expect(codeOf(expired)).toBe('order.price-changed');
    at(DAY);
  });

  it('422 with every cart problem and the preflight (outside the area, empty); nothing written', async () => {
    at(DAY);
    const before = await orderTables(database.db);
    const body = await orderBody(app, anna, {
      deliveryType: 'DELIVERY',
      location: POINTS.nowhere,
      address: 'Москва',
      positions: [line(9999, 1)],
    });
    const response = await place(app, anna, body);
    expect(response.statusCode).toBe(422);
    const codes = response.json().errors.map((e: { code: string }) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'delivery.address-outside-zone',
        'person-order.position-not-found-in-resto',
        'person-order.empty',
      ]),
    );
    expect(response.json().preflight.problems.length).toBe(codes.length);
    expect(await orderTables(database.db)).toEqual(before);
  });
});

describe('the order messages of docs/product.md §8', () => {
  it('refuses under the minimum and over the maximum of zone 2 with 422 and the preflight; nothing written', async () => {
    at(DAY);
    const before = await orderTables(database.db);
    const delivery = {
      deliveryType: 'DELIVERY',
      location: POINTS.zone2,
      address: 'Казань, ул. Декабристов, 1',
    };
    const small = await place(
      app,
      anna,
      await orderBody(app, anna, { ...delivery, positions: [line(8, 1)] }),
    );
    expect(small.statusCode).toBe(422);
    expect(codeOf(small)).toBe('delivery.order-sum-not-enough.range');
    expect(small.json().preflight.problems[0]).toMatchObject({ limit: 80000 });
    const huge = await place(
      app,
      anna,
      await orderBody(app, anna, { ...delivery, positions: [line(1, 30)] }),
    );
    expect(huge.statusCode).toBe(422);
    expect(codeOf(huge)).toBe('delivery.order-sum-too-large');
    expect(await orderTables(database.db)).toEqual(before);
  });
});

describe('order time', () => {
  const preOrder = async (local: string, extra: Record<string, unknown> = {}) => {
    const body = await orderBody(app, anna, { preOrderAt: iso(local), ...extra });
    return place(app, anna, body);
  };

  it('takes pre-orders on both sides of each limit at a day hour (Wed 12:00, take-away lead 30 min)', async () => {
    at(DAY);
    const before = await orderTables(database.db);
    const tooSoon = await preOrder('2026-11-25T12:15:00');
    expect(tooSoon.statusCode).toBe(422);
    expect(codeOf(tooSoon)).toBe('person-order.pre-order-too-soon');
    const offGrid = await preOrder('2026-11-25T12:40:00');
    expect(offGrid.statusCode).toBe(422);
    expect(codeOf(offGrid)).toBe('order.pre-order-slot-invalid');
    const closing = await preOrder('2026-11-25T23:00:00');
    expect(codeOf(closing)).toBe('resto.not-accepting-orders');
    const tooFar = await preOrder('2026-11-28T00:00:00');
    expect(codeOf(tooFar)).toBe('person-order.pre-order-too-far');
    // Extended cooking (position 25): 30 + 90 minutes of lead.
    const slowSoon = await preOrder('2026-11-25T13:45:00', { positions: [line(25, 1, SAUCE)] });
    expect(codeOf(slowSoon)).toBe('order.pre-order-slot-invalid');
    expect(await orderTables(database.db)).toEqual(before);

    const earliest = await preOrder('2026-11-25T12:30:00');
    expect(earliest.statusCode, earliest.body.slice(0, 300)).toBe(201);
    expect(earliest.json()).toMatchObject({
      preOrderAt: new Date(kazan('2026-11-25T12:30:00')).toISOString(),
      promisedAt: new Date(kazan('2026-11-25T12:30:00')).toISOString(),
    });
    expect((await preOrder('2026-11-25T22:45:00')).statusCode).toBe(201);
    expect((await preOrder('2026-11-27T23:45:00')).statusCode).toBe(201);
    expect((await preOrder('2026-11-25T14:00:00', { positions: [line(25, 1, SAUCE)] })).statusCode).toBe(201);
  });

  it('at night (Wed 23:30) refuses as soon as possible and takes a pre-order for the morning', async () => {
    at(NIGHT);
    const before = await orderTables(database.db);
    const asap = await place(app, anna, await orderBody(app, anna));
    expect(asap.statusCode).toBe(422);
    expect(codeOf(asap)).toBe('resto.not-accepting-orders');
    const beforeOpening = await preOrder('2026-11-26T10:45:00');
    expect(codeOf(beforeOpening)).toBe('resto.not-accepting-orders');
    const tooSoon = await preOrder('2026-11-25T23:45:00');
    expect(beforeOpening.statusCode).toBe(422);
    expect(tooSoon.statusCode).toBe(422);
    expect(await orderTables(database.db)).toEqual(before);
    const morning = await preOrder('2026-11-26T11:00:00');
    expect(morning.statusCode, morning.body.slice(0, 300)).toBe(201);
  });

  it('takes as soon as possible orders in the overnight hours (Fri 11:00–02:00, Sat 01:00)', async () => {
    at(FRIDAY_OVERNIGHT);
    const response = await place(app, anna, await orderBody(app, anna));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    expect(response.json().promisedAt).toBe(new Date(FRIDAY_OVERNIGHT + 20 * 60_000).toISOString());
    // Extended cooking adds 90 minutes.
    const slow = await place(app, anna, await orderBody(app, anna, { positions: [line(25, 1, SAUCE)] }));
    expect(slow.json().promisedAt).toBe(new Date(FRIDAY_OVERNIGHT + 110 * 60_000).toISOString());
  });
});

describe('promo codes', () => {
  it('gives exactly 3 discounted orders to 10 concurrent persons when 3 uses are left', async () => {
    at(DAY);
    await database.db.execute(sql`update promo_codes set used_count = 97 where code = 'SOLDOUT'`);
    const people = await Promise.all(Array.from({ length: 10 }, () => newPerson(app, database.db)));
    const bodies: OrderBody[] = [];
    for (const who of people) bodies.push(await orderBody(app, who, { promoCode: 'SOLDOUT' }));
    const before = await orderTables(database.db);
    const answers = await Promise.all(people.map((who, i) => place(app, who, bodies[i])));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(3);
    for (const answer of placed) expect(answer.json().discount).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(422);
      expect(codeOf(answer)).toBe('promo-code.limit-exceed');
    }
    const after = await orderTables(database.db);
    expect(after.promo_uses - before.promo_uses).toBe(3);
    expect(after.redemptions - before.redemptions).toBe(3);
    expect(after.orders - before.orders).toBe(3);

    // Cancelling one gives its use back.
    const order = placed[0]?.json();
    const owner = people[answers.indexOf(placed[0] as (typeof answers)[number])] as Person;
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/persons/${owner.personId}/orders/${order.id}/cancel`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'canceled', canCancel: false });
    const given = await orderTables(database.db);
    expect(given.promo_uses).toBe(after.promo_uses - 1);
    expect(given.redemptions).toBe(after.redemptions - 1);
  });

  it('counts a person limit (ONCE) at placement', async () => {
    at(DAY);
    const who = await newPerson(app, database.db);
    const big = [line(1, 3)];
    const first = await place(app, who, await orderBody(app, who, { positions: big, promoCode: 'ONCE' }));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ discount: 20000, promoCode: 'ONCE' });
    const second = await place(app, who, await orderBody(app, who, { positions: big, promoCode: 'ONCE' }));
    expect(second.statusCode).toBe(422);
    expect(codeOf(second)).toBe('promo-code.person-limit-exceed');
  });
});

describe('cancelling and reading', () => {
  it('cancels a new order once; 409 after the restaurant moved it; 404 for another person', async () => {
    at(DAY);
    const first = (await place(app, anna, await orderBody(app, anna))).json();
    const cancel = (id: number, who: Person = anna) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/persons/${who.personId}/orders/${id}/cancel`,
        headers: { authorization: `Bearer ${who.token}` },
      });
    const done = await cancel(first.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().history.map((h: { status: string }) => h.status)).toEqual(['new', 'canceled']);
    expect(codeOf(await cancel(first.id))).toBe('order.cannot-cancel');

    const second = (await place(app, anna, await orderBody(app, anna))).json();
    await database.db.execute(sql`update orders set status = 'accepted' where id = ${second.id}`);
    const late = await cancel(second.id);
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('order.cannot-cancel');

    const stranger = await newPerson(app, database.db);
    expect((await cancel(second.id, stranger)).statusCode).toBe(404);
    const read = await app.inject({
      url: `/api/v1/persons/${stranger.personId}/orders/${second.id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(read.statusCode).toBe(404);
    expect(codeOf(read)).toBe('order.not-found');
  });

  it('lists the orders newest first, paged', async () => {
    const who = await newPerson(app, database.db);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      at(DAY + i * 60_000);
      ids.push((await place(app, who, await orderBody(app, who))).json().id);
    }
    at(DAY);
    const list = await app.inject({
      url: `/api/v1/persons/${who.personId}/orders?size=2`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toMatchObject({ page: 0, size: 2, totalElements: 3 });
    expect(list.json().content.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const page1 = await app.inject({
      url: `/api/v1/persons/${who.personId}/orders?page=1&size=2`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(page1.json().content.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const one = await app.inject({
      url: `/api/v1/persons/${who.personId}/orders/${ids[0]}`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(orderContract.safeParse(one.json()).success).toBe(true);
  });
});
