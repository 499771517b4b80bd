import { randomBytes, scryptSync } from 'node:crypto';
import { STAFF_SIGN_IN_ATTEMPTS } from '@storefront/domain';
import { staffProfile, staffTokenSet } from '@storefront/domain/contracts';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { restos, staff, staffRefreshTokens, staffSignInThrottle } from '../../db/schema.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson } from '../../test/orders-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { hashStaffPassword } from './staff-passwords.ts';
import { STAFF_REFRESH_TTL_S } from './staff-refresh-tokens.ts';
import {
  STAFF_FAILURES_FORGOTTEN_S,
  STAFF_FIRST_DELAY_S,
  STAFF_MAX_DELAY_S,
} from './staff-sign-in-throttle.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock();

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
});
afterAll(() => close());

const PASSWORD = 'shift-password-1';

/** A staff member with a real password (staff-kit's rows have none). */
async function addStaff(login: string, role: 'operator' | 'manager', restoIds: number[] = []) {
  const id = await addTestStaff(database.db, { login, role, restoIds, name: `Имя ${login}` });
  await database.db
    .update(staff)
    .set({ passwordHash: await hashStaffPassword(PASSWORD) })
    .where(eq(staff.id, id));
  return id;
}

const signIn = (login: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/staff/sign-in', payload: { login, password } });
const refresh = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/staff/token', payload: { refreshToken } });
const signOut = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/staff/sign-out', payload: { refreshToken } });
const me = (accessToken: string) =>
  app.inject({ url: '/api/v1/staff/me', headers: { authorization: `Bearer ${accessToken}` } });
const codeOf = (response: LightMyRequestResponse) =>
  (response.json() as { errors: { code: string }[] }).errors[0]?.code;

async function signedIn(login: string) {
  const response = await signIn(login, PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return staffTokenSet.parse(response.json());
}

describe('signing in', () => {
  it('answers staff tokens and the profile: an operator sees their restaurants, a manager every one', async () => {
    const operatorId = await addStaff('op.anna', 'operator', [2, 1]);
    const response = await signIn('  OP.Anna ', PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const set = staffTokenSet.parse(response.json());
    expect(set.staff).toEqual({
      id: operatorId,
      login: 'op.anna',
      name: 'Имя op.anna',
      role: 'operator',
      restoIds: [1, 2],
    });
    expect(set.expiresIn).toBe(15 * 60);
    expect(set.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored, with the shift's absolute end.
    const rows = await database.db
      .select()
      .from(staffRefreshTokens)
      .where(eq(staffRefreshTokens.staffId, operatorId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(set.refreshToken);
    expect(rows[0]?.expiresAt.getTime()).toBe(clock.now() + STAFF_REFRESH_TTL_S * 1000);

    const profile = await me(set.accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(staffProfile.parse(profile.json())).toEqual(set.staff);

    await addStaff('boss', 'manager');
    const manager = await signedIn('boss');
    const all = await database.db
      .select({ id: restos.id })
      .from(restos)
      .where(eq(restos.whiteLabelId, 'demo'))
      .orderBy(asc(restos.id));
    expect(all.length).toBeGreaterThan(2);
    expect(manager.staff.restoIds).toEqual(all.map((r) => r.id));
  });

  it('answers an unknown login, a wrong password and a disabled account alike', async () => {
    await addStaff('same.answer', 'operator', [1]);
    const disabledId = await addStaff('gone.away', 'operator', [1]);
    await database.db
      .update(staff)
      .set({ disabledAt: new Date(clock.now()) })
      .where(eq(staff.id, disabledId));
    const unknown = await signIn('nobody.here', PASSWORD);
    const wrong = await signIn('same.answer', 'not-the-password');
    const disabled = await signIn('gone.away', PASSWORD);
    const malformed = await signIn('Not A Login!', PASSWORD);
    for (const response of [unknown, wrong, disabled, malformed]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.body).toBe(unknown.body);
    }
    expect(codeOf(unknown)).toBe('staff.sign-in-failed');
  });

  it('answers an unknown login exactly as a known one, wrong answer after wrong answer: status, body and headers', async () => {
    await addStaff('known.one', 'operator', [1]);
    const sameHeaders = (response: LightMyRequestResponse) => {
      const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
      return rest;
    };
    for (let attempt = 1; attempt <= STAFF_SIGN_IN_ATTEMPTS + 1; attempt++) {
      const known = await signIn('known.one', `wrong-${attempt}`);
      const unknown = await signIn('unknown.one', `wrong-${attempt}`);
      expect(unknown.statusCode, `attempt ${attempt}`).toBe(known.statusCode);
      expect(unknown.body, `attempt ${attempt}`).toBe(known.body);
      expect(sameHeaders(unknown), `attempt ${attempt}`).toEqual(sameHeaders(known));
    }
    // Both were blocked at the same attempt: only a block tells, and it tells nothing about the account.
    expect(codeOf(await signIn('unknown.one', PASSWORD))).toBe('staff.locked');
  });

  it(`blocks a login from the ${STAFF_SIGN_IN_ATTEMPTS}th wrong password, doubling to the cap, even to the right one; the blocks run out`, async () => {
    await addStaff('slow.me', 'operator', [1]);
    for (let attempt = 1; attempt < STAFF_SIGN_IN_ATTEMPTS; attempt++)
      expect(codeOf(await signIn('slow.me', `wrong-${attempt}`))).toBe('staff.sign-in-failed');
    const fifth = await signIn('slow.me', 'wrong-5');
    expect(fifth.statusCode).toBe(429);
    expect(codeOf(fifth)).toBe('staff.locked');
    expect(fifth.headers['retry-after']).toBe(String(STAFF_FIRST_DELAY_S));
    expect(fifth.json()).toMatchObject({ retryAfter: STAFF_FIRST_DELAY_S });

    clock.advance(10);
    const right = await signIn('slow.me', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe(String(STAFF_FIRST_DELAY_S - 10));
    // Wrong passwords during the block neither count nor extend it.
    expect((await signIn('slow.me', 'wrong-6')).headers['retry-after']).toBe(
      String(STAFF_FIRST_DELAY_S - 10),
    );

    // Each wrong answer after a block blocks twice as long, up to the cap.
    const waits: number[] = [];
    let wait = STAFF_FIRST_DELAY_S - 10;
    for (let more = 0; more < 7; more++) {
      clock.advance(wait);
      const answer = await signIn('slow.me', `wrong-again-${more}`);
      expect(answer.statusCode).toBe(429);
      wait = Number(answer.headers['retry-after']);
      waits.push(wait);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900]);
    expect(STAFF_MAX_DELAY_S).toBe(900);

    // The block runs out: the owner signs in with the right password, and the count starts again.
    clock.advance(wait);
    expect((await signIn('slow.me', PASSWORD)).statusCode).toBe(200);
    expect((await signIn('slow.me', 'wrong-after')).statusCode).toBe(401);
  });

  it('forgets wrong passwords an hour after the last one', async () => {
    await addStaff('forget.me', 'operator', [1]);
    for (let attempt = 1; attempt < STAFF_SIGN_IN_ATTEMPTS; attempt++) await signIn('forget.me', 'wrong');
    clock.advance(STAFF_FAILURES_FORGOTTEN_S);
    // Counted from one again: this is the first of a new run, not the fifth.
    for (let attempt = 1; attempt < STAFF_SIGN_IN_ATTEMPTS; attempt++)
      expect((await signIn('forget.me', 'wrong')).statusCode).toBe(401);
    expect((await signIn('forget.me', 'wrong')).statusCode).toBe(429);
  });

  it('starts the count again after a success', async () => {
    await addStaff('count.reset', 'operator', [1]);
    for (let attempt = 1; attempt < STAFF_SIGN_IN_ATTEMPTS; attempt++) await signIn('count.reset', 'wrong');
    await signedIn('count.reset');
    const rows = await database.db
      .select()
      .from(staffSignInThrottle)
      .where(eq(staffSignInThrottle.login, 'count.reset'));
    expect(rows).toEqual([]);
    for (let attempt = 1; attempt < STAFF_SIGN_IN_ATTEMPTS; attempt++)
      expect((await signIn('count.reset', 'wrong')).statusCode).toBe(401);
    expect((await signIn('count.reset', 'wrong')).statusCode).toBe(429);
  });

  it("stores a hash with today's parameters when one made with older ones signs in", async () => {
    const id = await addStaff('old.hash', 'operator', [1]);
    const salt = randomBytes(16);
    // Yesterday's parameters (N = 2^15): still verified, upgraded at the next success.
    const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const older = `$scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await database.db.update(staff).set({ passwordHash: older }).where(eq(staff.id, id));
    // A wrong password keeps the old hash: only the right one may make the new one.
    expect((await signIn('old.hash', 'not-it')).statusCode).toBe(401);
    expect((await database.db.select().from(staff).where(eq(staff.id, id)))[0]?.passwordHash).toBe(older);
    await signedIn('old.hash');
    const [row] = await database.db.select().from(staff).where(eq(staff.id, id));
    expect(row?.passwordHash).toMatch(/^\$scrypt\$131072\$8\$1\$/);
    await signedIn('old.hash');
  });

  it('counts every one of concurrent wrong passwords', async () => {
    await addStaff('many.at.once', 'operator', [1]);
    const answers = await Promise.all(
      Array.from({ length: STAFF_SIGN_IN_ATTEMPTS }, () => signIn('many.at.once', 'wrong')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array(STAFF_SIGN_IN_ATTEMPTS - 1).fill(401),
      429,
    ]);
    expect((await signIn('many.at.once', PASSWORD)).statusCode).toBe(429);
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh token; a spent one revokes the whole family', async () => {
    await addStaff('rotate.me', 'operator', [1]);
    const first = await signedIn('rotate.me');
    const second = await refresh(first.refreshToken);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    const next = staffTokenSet.parse(second.json());
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.staff).toEqual(first.staff);
    expect((await me(next.accessToken)).statusCode).toBe(200);

    const reused = await refresh(first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(codeOf(reused)).toBe('staff.refresh-invalid');
    // The thief's copy and the owner's newer token both end.
    expect(codeOf(await refresh(next.refreshToken))).toBe('staff.refresh-invalid');

    // Another sign-in of the same account is another family, untouched.
    const other = await signedIn('rotate.me');
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('ends a shift 12 hours after the sign-in, however often it refreshed', async () => {
    await addStaff('long.shift', 'operator', [1]);
    let token = (await signedIn('long.shift')).refreshToken;
    for (let hour = 0; hour < 11; hour++) {
      clock.advance(3600);
      const response = await refresh(token);
      expect(response.statusCode).toBe(200);
      token = staffTokenSet.parse(response.json()).refreshToken;
    }
    clock.advance(3600);
    expect(codeOf(await refresh(token))).toBe('staff.refresh-invalid');
  });

  it('signs out: the family stops working at once; an unknown token is refused', async () => {
    await addStaff('sign.out', 'operator', [1]);
    const set = await signedIn('sign.out');
    const rotated = staffTokenSet.parse((await refresh(set.refreshToken)).json());
    const out = await signOut(rotated.refreshToken);
    expect(out.statusCode).toBe(204);
    expect(out.headers['cache-control']).toBe('no-store');
    expect(codeOf(await refresh(rotated.refreshToken))).toBe('staff.refresh-invalid');
    const unknown = await signOut('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(codeOf(unknown)).toBe('staff.refresh-invalid');
  });
});

describe('staff and customer tokens', () => {
  it('opens no customer call with a staff token, and no staff call with a customer token', async () => {
    const staffId = await addStaff('not.a.customer', 'manager');
    const set = await signedIn('not.a.customer');
    const person = await newPerson(app, database.db);
    for (const personId of [person.personId, staffId]) {
      const orders = await app.inject({
        url: `/api/v1/persons/${personId}/orders`,
        headers: { authorization: `Bearer ${set.accessToken}` },
      });
      expect(orders.statusCode).toBe(401);
    }
    const customerOnStaff = await me(person.token);
    expect(customerOnStaff.statusCode).toBe(401);
    expect(codeOf(customerOnStaff)).toBe('auth.token-invalid');
    expect(codeOf(await app.inject({ url: '/api/v1/staff/me' }))).toBe('auth.token-missing');
  });

  it("stops a disabled account's tokens at once", async () => {
    const id = await addStaff('soon.disabled', 'operator', [1]);
    const set = await signedIn('soon.disabled');
    expect((await me(set.accessToken)).statusCode).toBe(200);
    await database.db
      .update(staff)
      .set({ disabledAt: new Date(clock.now()) })
      .where(eq(staff.id, id));
    expect((await me(set.accessToken)).statusCode).toBe(401);
    expect(codeOf(await refresh(set.refreshToken))).toBe('staff.refresh-invalid');
    // The refusal revoked the family: enabling the account again does not bring the old session back.
    await database.db.update(staff).set({ disabledAt: null }).where(eq(staff.id, id));
    expect(codeOf(await refresh(set.refreshToken))).toBe('staff.refresh-invalid');
  });
});

describe('bad input', () => {
  it('answers a coded 400 to malformed bodies of every staff call, never a 500', async () => {
    const bodies = [
      undefined,
      null,
      'text',
      [],
      {},
      { login: 1, password: {} },
      { login: 'x'.repeat(101), password: PASSWORD },
      { login: 'anna', password: 'p'.repeat(201) },
      { login: 'anna', password: '' },
      { refreshToken: '' },
      { refreshToken: 'x'.repeat(201) },
      { refreshToken: 42 },
    ];
    for (const url of ['/api/v1/staff/sign-in', '/api/v1/staff/token', '/api/v1/staff/sign-out']) {
      for (const body of bodies) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const where = `${url} ${JSON.stringify(body)}`;
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, where).toBeLessThan(500);
        expect(typeof codeOf(response), where).toBe('string');
      }
    }
    const wrongToken = await refresh('not a token at all');
    expect(wrongToken.statusCode).toBe(401);
  });
});
