import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from './app.ts';
import { AccessTokens } from './core/access-tokens.ts';
import { StaffTokens } from './core/staff-tokens.ts';
import { hashStaffPassword } from './modules/staff/staff-passwords.ts';
import { testClock } from './test/auth-test-kit.ts';
import {
  changedTables,
  databaseFingerprint,
  type Fingerprint,
  type WritableTable,
} from './test/database-fingerprint.ts';
import { newPerson, orderBody, type Person, place } from './test/orders-kit.ts';
import { demoIdOf, PAYER, placeOnline } from './test/payments-kit.ts';
import { cart, DAY, line } from './test/preflight-kit.ts';
import { addTestStaff } from './test/staff-kit.ts';
import { createTestApp, type TestDatabase } from './test/test-app.ts';

/**
 * Decision 27: a property-based fuzz of every ordering call (preflight, placement, the customer's orders,
 * payments and the providers' notifications, the demo payment page, the board and the other staff calls,
 * the order event streams). Each generated request is a valid request of the call with one to three
 * things made wrong: a body field dropped, of a wrong type, huge, negative or unicode; an extra field; the
 * whole body replaced or broken; a path id unknown, malformed or another person's; a token missing,
 * expired, forged, of the other audience or of another person; a bad Idempotency-Key, content type,
 * Accept-Language; another method. Every answer must be below 500; every refusal must be the docs/product.md §8 body
 * (errors[0] with a code and words) and must leave the database as it was — checked by a digest of every
 * table a request could write (test/database-fingerprint.ts), taken after every request. A mutation can
 * leave a request valid (an extra field is ignored): such a request is accepted, and the digest is simply
 * taken anew. A few refusals write by design, and say so in their call's `refusalWrites` (a wrong staff
 * password is counted; a refresh token used twice revokes its family; a payment call reads the provider
 * before it judges the request). The demo engine's page answers its own refusals as HTML pages.
 *
 * Deterministic: FUZZ_SEED (default below) seeds every call's generator (fc.sample, no shrinking: the
 * database moves on between requests, so every faulty request is listed as sent instead); FUZZ_RUNS sets
 * the requests per call (190 × 27 calls = 5,130). A failure names the seed and each faulty request.
 * Other seeds: FUZZ_SEED=7 npx vitest run apps/api/src/ordering-fuzz.test.ts
 */

const SEED = Number(process.env.FUZZ_SEED ?? 182026);
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 190);

const clock = testClock(DAY);
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;

/** Everything the calls' valid requests are built from. */
interface World {
  anna: Person;
  boris: Person;
  /** Anna's orders: cash to cancel, online for a new attempt, online to switch to cash, the demo page's, the board's. */
  cancelOrder: number;
  retryOrder: number;
  switchOrder: number;
  pageOrder: number;
  boardOrder: number;
  borisOrder: number;
  retryDemoId: string;
  pageDemoId: string;
  placeBody: Record<string, unknown>;
  usedKey: string;
  tokens: Record<TokenKind, () => Promise<string>>;
  staffRefresh: string;
  borisTicket: string;
}
let world: World;

type TokenKind =
  | 'anna'
  | 'boris'
  | 'ghost-person'
  | 'anna-expired'
  | 'anna-forged'
  | 'anna-other-brand'
  | 'operator'
  | 'operator-elsewhere'
  | 'manager'
  | 'ghost-staff'
  | 'operator-expired'
  | 'alg-none';

const GHOST_ID = 2_000_000_000;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  const anna = await newPerson(app, database.db);
  const boris = await newPerson(app, database.db);
  const cash = () => orderBody(app, anna, { positions: [line(1, 2)] });
  const placed = async (who: Person, body: Record<string, unknown>, key?: string) => {
    const response = await place(app, who, body, key);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    return (response.json() as { id: number }).id;
  };
  const usedKey = 'fuzz-used-key-0001';
  const cancelOrder = await placed(anna, await cash(), usedKey);
  const boardOrder = await placed(anna, await cash());
  const borisOrder = await placed(boris, await orderBody(app, boris));
  const retry = await placeOnline(app, anna);
  const switched = await placeOnline(app, anna);
  const page = await placeOnline(app, anna);
  const placeBody = { ...(await orderBody(app, anna, { payType: 'CARD_ONLINE' })), person: PAYER };

  const operator = await addTestStaff(database.db, { login: 'fuzz-op', role: 'operator', restoIds: [1] });
  const elsewhere = await addTestStaff(database.db, { login: 'fuzz-op2', role: 'operator', restoIds: [2] });
  const manager = await addTestStaff(database.db, { login: 'fuzz-manager', role: 'manager' });
  // One account with a password, for a real refresh token.
  const { createStaffAccount } = await import('./modules/staff/staff-accounts.ts');
  await createStaffAccount(
    database.db,
    {
      whiteLabel: 'demo',
      login: 'fuzz-signer',
      name: 'Signer',
      role: 'operator',
      passwordHash: await hashStaffPassword('correct horse battery'),
      restoIds: [1],
    },
    new Date(clock.now()),
  );
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/sign-in',
    payload: { login: 'fuzz-signer', password: 'correct horse battery' },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const ticket = await app.inject({
    method: 'POST',
    url: `/api/v1/persons/${boris.personId}/stream-tickets`,
    headers: { authorization: `Bearer ${boris.token}` },
  });
  expect(ticket.statusCode, ticket.body).toBe(201);

  const { settings, tokens, staffTokens } = app.authentication;
  const past = () => clock.now() - 3600_000;
  const expired = new AccessTokens(settings.accessTokenKey, settings.issuer, settings.whiteLabel, past);
  const forged = new AccessTokens(randomBytes(32), settings.issuer, settings.whiteLabel, clock.now);
  const otherBrand = new AccessTokens(settings.accessTokenKey, settings.issuer, 'other', clock.now);
  const staffExpired = new StaffTokens(settings.staffTokenKey, settings.issuer, settings.whiteLabel, past);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  world = {
    anna,
    boris,
    cancelOrder,
    retryOrder: retry.id,
    switchOrder: switched.id,
    pageOrder: page.id,
    boardOrder,
    borisOrder,
    retryDemoId: demoIdOf(retry.payment.confirmationUrl),
    pageDemoId: demoIdOf(page.payment.confirmationUrl),
    placeBody,
    usedKey,
    staffRefresh: (signedIn.json() as { refreshToken: string }).refreshToken,
    borisTicket: (ticket.json() as { ticket: string }).ticket,
    tokens: {
      anna: () => tokens.sign(anna.personId),
      boris: () => tokens.sign(boris.personId),
      'ghost-person': () => tokens.sign(GHOST_ID),
      'anna-expired': () => expired.sign(anna.personId),
      'anna-forged': () => forged.sign(anna.personId),
      'anna-other-brand': () => otherBrand.sign(anna.personId),
      operator: () => staffTokens.sign(operator),
      'operator-elsewhere': () => staffTokens.sign(elsewhere),
      manager: () => staffTokens.sign(manager),
      'ghost-staff': () => staffTokens.sign(GHOST_ID),
      'operator-expired': () => staffExpired.sign(operator),
      'alg-none': async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(anna.personId), wl: 'demo', iss: settings.issuer, iat: 1, exp: 4e9 })}.`,
    },
  };
}, 120_000);
afterAll(() => close());

// ——— The calls ———

type Slot = 'person' | 'order' | 'resto' | 'engine' | 'payment';
type Auth = 'person' | 'staff' | 'none';
type Method = 'GET' | 'POST';

interface Call {
  name: string;
  method: Method;
  /** The path with its slots, e.g. /api/v1/persons/{person}/orders/{order}. */
  path: string;
  auth: Auth;
  /** The valid values of the path's slots. */
  slots: () => Partial<Record<Slot, string>>;
  body?: () => unknown;
  query?: () => Record<string, string>;
  /** Sends an Idempotency-Key (placement). */
  idempotent?: boolean;
  /** The demo engine's page: form posts, HTML answers. */
  page?: boolean;
  /** Where a refusal may write by design (a wrong password is counted). */
  refusalWrites?: WritableTable[];
  /** From this address (the providers' notifications come from their published ranges). */
  remoteAddress?: string;
  /** A stream: never send it a ticket that opens one (app.inject would wait for its end). */
  stream?: boolean;
}

const pid = () => String(world.anna.personId);
const CALLS: Call[] = [
  {
    name: 'anonymous preflight',
    method: 'POST',
    path: '/1/persons/orders/preflight',
    auth: 'none',
    slots: () => ({}),
    body: () => cart({ promoCode: 'WELCOME10', positions: [line(1, 2), line(3, 1)] }),
  },
  {
    name: 'signed-in preflight',
    method: 'POST',
    path: '/1/persons/{person}/orders/preflight',
    auth: 'person',
    slots: () => ({ person: pid() }),
    body: () =>
      cart({
        deliveryType: 'DELIVERY',
        location: { lat: 55.79, lng: 49.118 },
        address: 'Казань, ул. Баумана, 1',
        personCount: 2,
        // Points (decision 55): the fuzz replaces the amount with junk too.
        bonusToSpend: 10000,
      }),
  },
  {
    name: 'placement',
    method: 'POST',
    path: '/api/v1/persons/{person}/orders',
    auth: 'person',
    slots: () => ({ person: pid() }),
    body: () => world.placeBody,
    idempotent: true,
  },
  {
    name: 'order list',
    method: 'GET',
    path: '/api/v1/persons/{person}/orders',
    auth: 'person',
    slots: () => ({ person: pid() }),
    query: () => ({ page: '0', size: '20' }),
  },
  {
    name: 'one order',
    method: 'GET',
    path: '/api/v1/persons/{person}/orders/{order}',
    auth: 'person',
    slots: () => ({ person: pid(), order: String(world.boardOrder) }),
  },
  {
    name: 'cancellation',
    method: 'POST',
    path: '/api/v1/persons/{person}/orders/{order}/cancel',
    auth: 'person',
    slots: () => ({ person: pid(), order: String(world.cancelOrder) }),
    body: () => ({}),
  },
  {
    name: 'new payment attempt',
    method: 'POST',
    path: '/api/v1/persons/{person}/orders/{order}/payments',
    auth: 'person',
    slots: () => ({ person: pid(), order: String(world.retryOrder) }),
    body: () => ({ replacesAttempt: 1 }),
    // The current attempt is read from the provider before the number is judged (a payment that arrived
    // meanwhile is the answer): a stale number's 409 keeps the read's bookkeeping (checks, next check).
    refusalWrites: ['payments'],
  },
  {
    name: 'pay on receipt',
    method: 'POST',
    path: '/api/v1/persons/{person}/orders/{order}/pay-type',
    auth: 'person',
    slots: () => ({ person: pid(), order: String(world.switchOrder) }),
    body: () => ({ payType: 'CASH_UPON_RECEIPT' }),
    // As the new attempt: the provider is read first, so a refusal after it may keep that read's bookkeeping.
    refusalWrites: ['payments'],
  },
  {
    name: 'payment return check',
    method: 'POST',
    path: '/api/v1/persons/{person}/orders/{order}/payment-check',
    auth: 'person',
    slots: () => ({ person: pid(), order: String(world.retryOrder) }),
    body: () => ({}),
  },
  {
    name: 'payment notification',
    method: 'POST',
    path: '/api/v1/payments/{engine}/notifications',
    auth: 'none',
    slots: () => ({ engine: 'demo' }),
    body: () => ({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: world.retryDemoId, status: 'succeeded' },
    }),
    remoteAddress: '185.71.76.1',
  },
  {
    name: 'demo payment page',
    method: 'GET',
    path: '/api/v1/payments/demo/pay/{payment}',
    auth: 'none',
    slots: () => ({ payment: world.pageDemoId }),
    page: true,
  },
  {
    name: 'demo payment form',
    method: 'POST',
    path: '/api/v1/payments/demo/pay/{payment}',
    auth: 'none',
    slots: () => ({ payment: world.pageDemoId }),
    body: () => ({ action: 'decline', reason: 'insufficient_funds' }),
    page: true,
  },
  {
    name: 'person stream ticket',
    method: 'POST',
    path: '/api/v1/persons/{person}/stream-tickets',
    auth: 'person',
    slots: () => ({ person: pid() }),
    body: () => ({}),
  },
  {
    name: 'person event stream',
    method: 'GET',
    path: '/api/v1/persons/{person}/events',
    auth: 'none',
    slots: () => ({ person: pid() }),
    query: () => ({ ticket: world.borisTicket, after: '0' }),
    stream: true,
  },
  {
    name: 'board',
    method: 'GET',
    path: '/api/v1/staff/board',
    auth: 'staff',
    slots: () => ({}),
    query: () => ({ restoId: '1' }),
  },
  {
    name: 'board order',
    method: 'GET',
    path: '/api/v1/staff/orders/{order}',
    auth: 'staff',
    slots: () => ({ order: String(world.boardOrder) }),
  },
  {
    name: 'accept',
    method: 'POST',
    path: '/api/v1/staff/orders/{order}/accept',
    auth: 'staff',
    slots: () => ({ order: String(world.boardOrder) }),
    body: () => ({ delayMinutes: 10 }),
  },
  {
    name: 'decline',
    method: 'POST',
    path: '/api/v1/staff/orders/{order}/decline',
    auth: 'staff',
    slots: () => ({ order: String(world.borisOrder) }),
    body: () => ({ reason: 'kitchen-overloaded' }),
  },
  {
    name: 'move',
    method: 'POST',
    path: '/api/v1/staff/orders/{order}/move',
    auth: 'staff',
    slots: () => ({ order: String(world.boardOrder) }),
    body: () => ({ from: 'accepted', to: 'cooking' }),
  },
  {
    name: 'stop-list',
    method: 'POST',
    path: '/api/v1/staff/restos/{resto}/stop-list',
    auth: 'staff',
    slots: () => ({ resto: '1' }),
    body: () => ({ positionId: 3, stopped: true }),
  },
  {
    name: 'busy',
    method: 'POST',
    path: '/api/v1/staff/restos/{resto}/busy',
    auth: 'staff',
    slots: () => ({ resto: '1' }),
    body: () => ({ minutes: 0 }),
  },
  {
    name: 'staff stream ticket',
    method: 'POST',
    path: '/api/v1/staff/stream-tickets',
    auth: 'staff',
    slots: () => ({}),
    body: () => ({}),
  },
  {
    name: 'staff event stream',
    method: 'GET',
    path: '/api/v1/staff/events',
    auth: 'none',
    slots: () => ({}),
    query: () => ({ ticket: world.borisTicket, after: '0' }),
    stream: true,
  },
  {
    name: 'staff profile',
    method: 'GET',
    path: '/api/v1/staff/me',
    auth: 'staff',
    slots: () => ({}),
  },
  {
    name: 'staff sign-in',
    method: 'POST',
    path: '/api/v1/staff/sign-in',
    auth: 'none',
    slots: () => ({}),
    body: () => ({ login: 'fuzz-signer', password: 'a wrong password' }),
    // Wrong passwords are counted on the login typed and on the client's address, by design.
    refusalWrites: ['staff_sign_in_throttle', 'sms_request_budget'],
  },
  {
    name: 'staff refresh',
    method: 'POST',
    path: '/api/v1/staff/token',
    auth: 'none',
    slots: () => ({}),
    body: () => ({ refreshToken: world.staffRefresh }),
    // A refresh token used twice revokes its family, by design.
    refusalWrites: ['staff_refresh_tokens'],
  },
  {
    name: 'staff sign-out',
    method: 'POST',
    path: '/api/v1/staff/sign-out',
    auth: 'none',
    slots: () => ({}),
    body: () => ({ refreshToken: `${world.staffRefresh}x` }),
  },
];

// ——— Values that are wrong in the usual ways ———

const long = (n: number, s = 'x') => s.repeat(n);
const WEIRD_CONSTANTS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  Number.MIN_VALUE,
  '',
  ' ',
  '0',
  '1',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '\u0000',
  'a\u0000b',
  '💥',
  '\u202e\u200b',
  '𝕏'.repeat(300),
  long(5000),
  [],
  [null],
  {},
  { id: 1 },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  '2026-11-25T12:00:00+03:00',
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00+14:00',
  '2026-11-25T03:00:00.123456789+03:00',
  [{ id: 1, modifierId: 1, count: 1 }],
  [{ id: 999_999, modifierId: -1, count: 99 }],
  { lat: 90, lng: 180 },
  { lat: 55.79, lng: 49.118, extra: true },
  '2026-02-30T10:00:00Z',
  "'; drop table orders; --",
];
const EXTRA_KEYS = [
  'extra',
  'id',
  'price',
  'sum',
  '__proto__',
  '',
  'preOrderAt',
  'promoCode',
  'location',
  'address',
  'modifiers',
  'personCount',
  'comment',
  'deliveryPlace',
  'email',
];
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...WEIRD_CONSTANTS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: -1 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const PATH_JUNK = [
  '0',
  '-1',
  '1.5',
  'abc',
  '1e3',
  '00001',
  ' 1',
  '2147483647',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '%00',
  '%F0%9F%92%A5',
  '..%2F..',
  'null',
  long(190, '9'),
];

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '\uFEFF{}',
  '{"a":1,"a":2}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/octet-stream',
  '',
];

const IDEMPOTENCY_JUNK = [
  'short',
  long(129, 'k'),
  'ключ-идемпотентности',
  'a b c d e f g h',
  '',
  '\u0000'.repeat(8),
];
const LANGUAGE_JUNK = [
  'xx',
  '*',
  'en',
  'ru;q=abc',
  long(5000, 'e'),
  'en-US,en;q=0.9,ru;q=0.8',
  '\u00ff',
  ',',
];

type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw-body'; raw: string }
  | { kind: 'huge-body' }
  | { kind: 'slot'; slot: Slot; value: string }
  | { kind: 'token'; token: TokenChoice }
  | { kind: 'idempotency'; key: string | null }
  | { kind: 'content-type'; value: string }
  | { kind: 'language'; value: string }
  | { kind: 'method'; method: 'PUT' | 'DELETE' | 'PATCH' }
  | { kind: 'query'; key: string; value: string | null }
  | { kind: 'forwarded'; value: string }
  | { kind: 'edge'; at: number; pick: number }
  | { kind: 'identity'; who: 'boris' | 'ghost' };

/** Edge values by the type of the leaf they replace: a number stays a number, a string a string. */
const EDGE_NUMBERS = [0, -1, -(2 ** 31), 2 ** 31, 2 ** 53, 1e308, 1.5, 999_999, 2_147_483_647, 100];
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '💥'.repeat(2000),
  long(5000),
  '\ud800',
  'ＷＥＬＣＯＭＥ10',
];

type TokenChoice = TokenKind | 'missing' | 'garbage' | 'basic' | 'empty-bearer' | 'huge';
const TOKEN_KINDS: TokenChoice[] = [
  'anna',
  'boris',
  'ghost-person',
  'anna-expired',
  'anna-forged',
  'anna-other-brand',
  'operator',
  'operator-elsewhere',
  'manager',
  'ghost-staff',
  'operator-expired',
  'alg-none',
  'missing',
  'garbage',
  'basic',
  'empty-bearer',
  'huge',
];

function mutationOf(call: Call): fc.Arbitrary<Mutation> {
  const at = fc.nat({ max: 1000 });
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(...TOKEN_KINDS).map((token) => ({ kind: 'token' as const, token })),
    fc.constantFrom(...LANGUAGE_JUNK).map((value) => ({ kind: 'language' as const, value })),
    fc.constantFrom('PUT' as const, 'DELETE' as const, 'PATCH' as const).map((method) => ({
      kind: 'method' as const,
      method,
    })),
    fc.constantFrom('1.2.3', '::1, 10.0.0.1', long(300, '9'), '185.71.76.1').map((value) => ({
      kind: 'forwarded' as const,
      value,
    })),
  ];
  if (call.body || call.method === 'POST') {
    options.push(
      at.map((i) => ({ kind: 'drop' as const, at: i })),
      at.map((i) => ({ kind: 'drop' as const, at: i })),
      fc.record({ at, value: weirdValue }).map((m) => ({ kind: 'set' as const, ...m })),
      fc.record({ at, value: weirdValue }).map((m) => ({ kind: 'set' as const, ...m })),
      fc.record({ at, value: weirdValue }).map((m) => ({ kind: 'set' as const, ...m })),
      fc
        .record({
          at,
          // Unknown keys, and the optional fields the valid requests leave out (so their checks run too).
          key: fc.constantFrom(...EXTRA_KEYS),
          value: weirdValue,
        })
        .map((m) => ({ kind: 'extra' as const, ...m })),
      weirdValue.map((value) => ({ kind: 'body' as const, value })),
      fc.constantFrom(...RAW_BODIES).map((raw) => ({ kind: 'raw-body' as const, raw })),
      fc.constant({ kind: 'huge-body' as const }),
      fc.constantFrom(...CONTENT_TYPES).map((value) => ({ kind: 'content-type' as const, value })),
    );
  }
  for (const slot of Object.keys(call.slots()) as Slot[]) {
    const known: string[] = [];
    if (slot === 'person')
      // Never Boris on a stream: his ticket would open it, and app.inject waits for a stream's end.
      known.push('{ghost}', ...(call.stream ? [] : ['{boris}']));
    if (slot === 'order') known.push('{borisOrder}', '{retryOrder}', '{cancelOrder}', '2147483647');
    if (slot === 'resto') known.push('2', '7', '999');
    if (slot === 'engine') known.push('yookassa', 'Demo', 'stripe', '__proto__', long(33, 'e'));
    if (slot === 'payment') known.push('{retryDemo}', 'not-a-payment', long(64, 'a'));
    options.push(
      fc.constantFrom(...PATH_JUNK, ...known).map((value) => ({ kind: 'slot' as const, slot, value })),
    );
  }
  if (call.body || call.method === 'POST')
    options.push(
      fc.record({ at, pick: fc.nat() }).map((m) => ({ kind: 'edge' as const, ...m })),
      fc.record({ at, pick: fc.nat() }).map((m) => ({ kind: 'edge' as const, ...m })),
    );
  // Another person's or an unknown person's token on their own path: past the 403, onto Anna's ids.
  if (call.auth === 'person')
    options.push(
      fc.constantFrom('boris' as const, 'ghost' as const).map((who) => ({ kind: 'identity' as const, who })),
    );
  if (call.idempotent)
    options.push(
      fc
        .constantFrom<string | null>(null, '{used}', ...IDEMPOTENCY_JUNK)
        .map((key) => ({ kind: 'idempotency' as const, key })),
    );
  if (call.query) {
    const keys = Object.keys(call.query());
    options.push(
      fc
        .record({
          key: fc.constantFrom(...keys, 'extra'),
          value: fc.oneof(
            fc.constantFrom<string | null>(null, ...PATH_JUNK, '', '1000000', 'true'),
            fc.string(),
          ),
        })
        .map((m) => ({ kind: 'query' as const, ...m })),
    );
  }
  return fc.oneof(...options);
}

/** A generated request: the call, its mutations, and a fresh idempotency key. */
interface Generated {
  call: Call;
  mutations: Mutation[];
  key: string;
}

const generatedOf = (call: Call) =>
  fc.record({
    call: fc.constant(call),
    mutations: fc.array(mutationOf(call), { minLength: 1, maxLength: 3 }),
    key: fc.uuid(),
  });

// ——— Applying mutations to a valid request ———

/** A copy of a generated value: constants are shared between samples, and mutations write into bodies. */
const fresh = (value: unknown): unknown => (value === undefined ? value : JSON.parse(JSON.stringify(value)));

type Json = unknown;
/** The places of a JSON value, depth first: each one a parent object or array and a key in it. */
function placesOf(value: Json): { parent: Record<string, unknown> | unknown[]; key: string | number }[] {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: Json) => {
    if (Array.isArray(node))
      node.forEach((child, index) => {
        places.push({ parent: node, key: index });
        walk(child);
      });
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) {
        places.push({ parent: node as Record<string, unknown>, key });
        walk(child);
      }
  };
  walk(value);
  return places;
}
function containersOf(value: Json): (Record<string, unknown> | unknown[])[] {
  const found: (Record<string, unknown> | unknown[])[] = [];
  const walk = (node: Json) => {
    if (node && typeof node === 'object') {
      found.push(node as Record<string, unknown>);
      for (const child of Object.values(node)) walk(child);
    }
  };
  walk(value);
  return found;
}

interface Built {
  options: InjectOptions;
  describe: string;
  /** The call it was built from. */
  call: Call;
}

async function tokenHeader(kind: TokenChoice) {
  switch (kind) {
    case 'missing':
      return undefined;
    case 'garbage':
      return 'Bearer not.a.token';
    case 'basic':
      return 'Basic YWRtaW46YWRtaW4=';
    case 'empty-bearer':
      return 'Bearer ';
    case 'huge':
      return `Bearer ${long(8000, 'A')}`;
    default:
      return `Bearer ${await world.tokens[kind]()}`;
  }
}

function slotValue(value: string): string {
  return value
    .replace('{boris}', String(world.boris.personId))
    .replace('{ghost}', String(GHOST_ID))
    .replace('{borisOrder}', String(world.borisOrder))
    .replace('{retryOrder}', String(world.retryOrder))
    .replace('{cancelOrder}', String(world.cancelOrder))
    .replace('{retryDemo}', world.retryDemoId);
}

async function build({ call, mutations, key }: Generated): Promise<Built> {
  const slots: Partial<Record<Slot, string>> = call.slots();
  let body: Json = call.body ? structuredClone(call.body()) : undefined;
  let raw: string | undefined;
  const query: Record<string, string> = call.query ? { ...call.query() } : {};
  let method: InjectOptions['method'] = call.method;
  const headers: Record<string, string> = {};
  let token: TokenChoice = call.auth === 'person' ? 'anna' : call.auth === 'staff' ? 'operator' : 'missing';
  let idempotencyKey: string | null = call.idempotent ? key : null;
  let contentType: string | undefined = call.page ? 'application/x-www-form-urlencoded' : 'application/json';
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'drop': {
        const places = placesOf(body);
        const place = places[mutation.at % Math.max(places.length, 1)];
        if (!place) body = undefined;
        else if (Array.isArray(place.parent)) place.parent.splice(place.key as number, 1);
        else delete place.parent[place.key as string];
        break;
      }
      case 'set': {
        const places = placesOf(body);
        const place = places[mutation.at % Math.max(places.length, 1)];
        if (!place) body = fresh(mutation.value);
        else (place.parent as Record<string, unknown>)[place.key as string] = fresh(mutation.value);
        break;
      }
      case 'extra': {
        const containers = containersOf(body);
        const container = containers[mutation.at % Math.max(containers.length, 1)];
        const value = fresh(mutation.value);
        if (Array.isArray(container)) container.push(value);
        else if (container)
          Object.defineProperty(container, mutation.key, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          });
        else body = { [mutation.key]: value };
        break;
      }
      case 'body':
        body = fresh(mutation.value);
        break;
      case 'raw-body':
        raw = mutation.raw;
        break;
      case 'huge-body':
        raw = JSON.stringify({ ...(body as object), padding: long(300 * 1024) });
        break;
      case 'slot':
        slots[mutation.slot] = mutation.value;
        break;
      case 'token':
        token = mutation.token;
        break;
      case 'idempotency':
        idempotencyKey = mutation.key === '{used}' ? world.usedKey : mutation.key;
        break;
      case 'content-type':
        contentType = mutation.value;
        break;
      case 'language':
        headers['accept-language'] = mutation.value;
        break;
      case 'method':
        method = mutation.method;
        break;
      case 'query':
        if (mutation.value === null) delete query[mutation.key];
        else query[mutation.key] = mutation.value;
        break;
      case 'forwarded':
        headers['x-forwarded-for'] = mutation.value;
        break;
      case 'edge': {
        const leaves = placesOf(body).filter(({ parent, key }) => {
          const value = (parent as Record<string, unknown>)[key as string];
          return typeof value === 'number' || typeof value === 'string';
        });
        const leaf = leaves[mutation.at % Math.max(leaves.length, 1)];
        if (!leaf) break;
        const record = leaf.parent as Record<string, unknown>;
        const edges: unknown[] = typeof record[leaf.key as string] === 'number' ? EDGE_NUMBERS : EDGE_STRINGS;
        record[leaf.key as string] = edges[mutation.pick % edges.length];
        break;
      }
      case 'identity':
        token = mutation.who === 'boris' ? 'boris' : 'ghost-person';
        slots.person = mutation.who === 'boris' ? '{boris}' : '{ghost}';
        break;
    }
  }
  const authorization = await tokenHeader(token);
  if (authorization !== undefined) headers.authorization = authorization;
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  let url = call.path.replace(/\{(\w+)\}/g, (_, slot: Slot) => {
    const value = slotValue(slots[slot] ?? '');
    // Junk is sent as written (a %00 stays an escape); real values are encoded.
    return /%|\.\./.test(value) ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  if (search) url += `?${search}`;
  let payload: string | undefined;
  if (method !== 'GET' && (raw !== undefined || body !== undefined || call.body)) {
    if (raw !== undefined) payload = raw;
    else if (call.page && body && typeof body === 'object' && !Array.isArray(body))
      payload = new URLSearchParams(
        Object.entries(body).map(([k, v]): [string, string] => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      ).toString();
    else payload = body === undefined ? '' : JSON.stringify(body);
    if (contentType) headers['content-type'] = contentType;
  }
  return {
    call,
    options: {
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: call.remoteAddress ?? '127.0.0.1',
    },
    describe: `${method} ${url.slice(0, 160)} [${mutations.map((m) => JSON.stringify(m).slice(0, 100)).join(' ')}] ${
      payload === undefined ? '' : payload.slice(0, 160)
    }`,
  };
}

// ——— Judging an answer ———

/** What is wrong with the answer to a request, or null. */
function faultOf(built: Built, response: LightMyRequestResponse, changed: WritableTable[]): string | null {
  const status = response.statusCode;
  if (status >= 500) return `${status}: ${response.body.slice(0, 200)}`;
  if (status >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    if (built.call.page && type.startsWith('text/html')) {
      if (!response.body.includes('<h1>')) return `${status} page without a heading`;
    } else {
      let first: { code?: unknown; message?: unknown } | undefined;
      try {
        first = (JSON.parse(response.body) as { errors?: { code?: unknown; message?: unknown }[] })
          .errors?.[0];
      } catch {
        return `${status} not JSON (${type}): ${response.body.slice(0, 120)}`;
      }
      if (typeof first?.code !== 'string' || typeof first.message !== 'string' || first.message === '')
        return `${status} without a coded message: ${response.body.slice(0, 200)}`;
      // Words in the request's language: English asked for, English answered (field names may be anything).
      const language = String(built.options.headers?.['accept-language'] ?? '');
      if (/^en\b/.test(language) && /[а-яё]/i.test(first.message.replace(/«[^»]*»|'[^']*'/g, '')))
        return `${status} in Russian for ${language}: ${first.message.slice(0, 120)}`;
    }
    const written = changed.filter((table) => !built.call.refusalWrites?.includes(table));
    if (written.length > 0) return `${status} refused but wrote ${written.join(', ')}`;
  }
  return null;
}

const stats = {
  requests: 0,
  accepted: 0,
  refused: 0,
  fingerprintMs: 0,
  statuses: new Map<number, number>(),
};

describe('ordering fuzz', () => {
  let fingerprint: Fingerprint;
  beforeAll(async () => {
    fingerprint = await databaseFingerprint(database.db);
  });
  afterAll(() => {
    console.info(
      `ordering fuzz, seed ${SEED}: ${stats.requests} requests, ${stats.accepted} accepted, ${stats.refused} refused (fingerprints ${Math.round(stats.fingerprintMs)} ms); statuses ${JSON.stringify(Object.fromEntries([...stats.statuses].sort()))}`,
    );
  });

  CALLS.forEach((call, index) => {
    it(`${call.name}: junk answers a coded 4xx and writes nothing`, async () => {
      const seed = SEED * 100 + index;
      const samples = fc.sample(generatedOf(call), { seed, numRuns: RUNS_PER_CALL });
      const faults: string[] = [];
      for (const generated of samples) {
        const built = await build(generated);
        const response = await app.inject(built.options);
        const started = performance.now();
        const after = await databaseFingerprint(database.db);
        stats.fingerprintMs += performance.now() - started;
        const changed = changedTables(fingerprint, after);
        fingerprint = after;
        stats.requests++;
        stats.statuses.set(response.statusCode, (stats.statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode < 400) stats.accepted++;
        else stats.refused++;
        const fault = faultOf(built, response, changed);
        if (fault) faults.push(`${built.describe}\n    → ${fault}`);
      }
      expect(faults.slice(0, 8), `FUZZ_SEED=${SEED} (call seed ${seed}): ${faults.length} faults`).toEqual(
        [],
      );
    }, 300_000);
  });

  it('sent at least 5,000 requests', () => {
    expect(stats.requests).toBeGreaterThanOrEqual(Math.min(5000, RUNS_PER_CALL * CALLS.length));
  });
});
