import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { REQUEST_LIMITS } from '../../core/request-limits.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { CONTACTS, codeOf, newPerson, type Person } from '../../test/orders-kit.ts';
import { cart, DAY, line } from '../../test/preflight-kit.ts';
import { createTestApp, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';

/**
 * The limits a customer never meets, with the real numbers (REQUEST_LIMITS): orders per person and per client
 * in a window, counted in PostgreSQL so two instances on one database agree; and the promo-code guess budget
 * the preflight keeps, which placement spends from too.
 */
const GUESSES = 5;
const clock = testClock(DAY);
const env = { PROMO_CODE_GUESSES_PER_CLIENT_HOUR: String(GUESSES) };
let app: StorefrontApp;
let other: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let closeOtherDb: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now, env, limits: {} }));
  ({ app: other, closeDatabase: closeOtherDb } = await secondInstance(database, {
    config: testConfig(env),
    now: clock.now,
  }));
});
afterAll(async () => {
  await other.close();
  await closeOtherDb();
  await close();
});

const bearer = async (who: Person) => `Bearer ${await app.authentication.tokens.sign(who.personId)}`;

async function preflightFrom(on: StorefrontApp, who: Person, ip: string, body: Record<string, unknown>) {
  const response = await on.inject({
    method: 'POST',
    url: `/1/persons/${who.personId}/orders/preflight`,
    remoteAddress: ip,
    headers: { authorization: await bearer(who) },
    payload: body,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as { quote: string; problems: { code: string }[] };
}

async function placeFrom(
  on: StorefrontApp,
  who: Person,
  ip: string,
  overrides: Record<string, unknown> = {},
  key = randomUUID(),
): Promise<LightMyRequestResponse> {
  const body = cart(overrides);
  const { quote } = await preflightFrom(on, who, ip, body);
  return on.inject({
    method: 'POST',
    url: `/api/v1/persons/${who.personId}/orders`,
    remoteAddress: ip,
    headers: { authorization: await bearer(who), 'idempotency-key': key, 'accept-language': 'en' },
    payload: { ...body, quote, ...CONTACTS },
  });
}

const promoProblem = async (who: Person, ip: string, code: string) =>
  (await preflightFrom(app, who, ip, cart({ promoCode: code }))).problems
    .map((p) => p.code)
    .find((c) => c.startsWith('promo-code.')) ?? 'ok';

describe('the promo-code guess budget', () => {
  it('is one budget for the preflight and placement: guesses split between them run it out', async () => {
    const anna = await newPerson(app, database.db);
    const ip = '198.51.100.10';
    expect(await promoProblem(anna, ip, 'PRE-GUESS-0')).toBe('promo-code.not-found');
    // Each placement's preflight spends a guess, and now the placement itself too: 1 + 2 × 2 = 5.
    for (let i = 0; i < 2; i++) {
      const refused = await placeFrom(i ? other : app, anna, ip, { promoCode: `PLACE-GUESS-${i}` });
      expect(refused.statusCode).toBe(422);
      expect(codeOf(refused)).toBe('promo-code.not-found');
    }
    expect(await promoProblem(anna, ip, 'PRE-GUESS-LAST')).toBe('promo-code.too-many-attempts');
    const blocked = await placeFrom(other, anna, ip, { promoCode: 'PLACE-GUESS-LAST' });
    expect(blocked.statusCode).toBe(422);
    expect(codeOf(blocked)).toBe('promo-code.too-many-attempts');
    // Spent: a real code is not confirmed at placement either.
    const real = await placeFrom(app, anna, ip, { promoCode: 'WELCOME10', positions: [line(1, 8)] });
    expect(codeOf(real)).toBe('promo-code.too-many-attempts');
  });

  it('follows the person to another address', async () => {
    const boris = await newPerson(app, database.db);
    for (let i = 0; i < 2; i++) {
      const refused = await placeFrom(app, boris, '198.51.100.20', { promoCode: `BORIS-${i}` });
      expect(codeOf(refused)).toBe('promo-code.not-found');
    }
    // Four guesses spent from .20; the fifth from .21 is his last, wherever he is.
    expect(await promoProblem(boris, '198.51.100.21', 'BORIS-4')).toBe('promo-code.not-found');
    expect(await promoProblem(boris, '198.51.100.21', 'BORIS-NEXT')).toBe('promo-code.too-many-attempts');
    expect(await promoProblem(boris, '198.51.100.21', 'WELCOME10')).toBe('promo-code.too-many-attempts');
    // Another customer at that address still has the address's budget.
    const vera = await newPerson(app, database.db);
    expect(await promoProblem(vera, '198.51.100.21', 'VERA-1')).toBe('promo-code.not-found');
  });
});

describe('orders per person and per client', () => {
  it(`takes ${REQUEST_LIMITS.placementsPerPerson} orders of one person in 10 minutes on any instance, then 429 orders.too-many with Retry-After; a replay is not counted`, async () => {
    const gleb = await newPerson(app, database.db);
    const ip = '198.51.100.30';
    const firstKey = randomUUID();
    expect((await placeFrom(app, gleb, ip, {}, firstKey)).statusCode).toBe(201);
    clock.advance(60);
    for (let i = 1; i < REQUEST_LIMITS.placementsPerPerson; i++)
      expect((await placeFrom(i % 2 ? other : app, gleb, ip)).statusCode).toBe(201);
    // The first order's key again: the same order, not a new one, and allowed.
    const replay = await placeFrom(other, gleb, ip, {}, firstKey);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    for (const instance of [app, other]) {
      const refused = await placeFrom(instance, gleb, ip);
      expect(refused.statusCode).toBe(429);
      expect(codeOf(refused)).toBe('orders.too-many');
      expect(refused.json()).toMatchObject({
        errors: [{ message: expect.stringMatching(/Too many orders/) }],
      });
      // The first order leaves the window 9 minutes from now.
      expect(refused.headers['retry-after']).toBe(String(9 * 60));
    }
    clock.advance(9 * 60 + 1);
    expect((await placeFrom(app, gleb, ip)).statusCode).toBe(201);
  });

  it(`takes ${REQUEST_LIMITS.placementsPerClient} orders from one client in 10 minutes, whoever places them`, async () => {
    clock.advance(3600);
    const ip = '2001:db8:77::1';
    const people: Person[] = [];
    for (let i = 0; i < REQUEST_LIMITS.placementsPerClient / 4 + 1; i++)
      people.push(await newPerson(app, database.db));
    for (let i = 0; i < REQUEST_LIMITS.placementsPerClient; i++) {
      const who = people[Math.floor(i / 4)] as Person;
      expect((await placeFrom(i % 2 ? other : app, who, ip)).statusCode).toBe(201);
    }
    // A new person at another address of the same /64: the client's limit.
    const refused = await placeFrom(app, people.at(-1) as Person, '2001:db8:77::2');
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('orders.too-many');
    expect(Number(refused.headers['retry-after'])).toBe(600);
    // The same person from elsewhere is not this client.
    expect((await placeFrom(app, people.at(-1) as Person, '198.51.100.40')).statusCode).toBe(201);
    // Loopback is no one client (this host, or a proxy not declared in TRUST_PROXY): only persons are counted.
    for (const who of people.slice(0, 2))
      expect((await placeFrom(app, who, '127.0.0.1')).statusCode).toBe(201);
  });
});
