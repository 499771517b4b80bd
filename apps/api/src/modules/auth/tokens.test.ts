import { personProfile, tokenSet } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { ACCESS_TOKEN_TTL_S } from '../../core/access-tokens.ts';
import { readAuthSettings } from '../../core/auth-settings.ts';
import { personDeliveries, persons, refreshTokens, whiteLabels } from '../../db/schema.ts';
import { authApp, logCapture, requestCode, signIn, testClock } from '../../test/auth-test-kit.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../../test/test-app.ts';
import {
  hashRefreshToken,
  REFRESH_REUSE_GRACE_S,
  REFRESH_TOKEN_TTL_S,
  startRefreshFamily,
} from './refresh-tokens.ts';

let database: TestDatabase;
let app: StorefrontApp;
const clock = testClock();
const log = logCapture();
const settings = readAuthSettings(testConfig());
let phoneSerial = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await authApp(database.db, { now: clock.now, log });
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

/** Signs a new phone in and answers its token set and person id. */
async function signedIn() {
  const phone = `+7914000${String(++phoneSerial).padStart(4, '0')}`;
  expect((await requestCode(app, phone)).statusCode).toBe(200);
  const response = await signIn(app, phone, log.lastCode(phone) as string);
  expect(response.statusCode, response.body).toBe(200);
  const set = tokenSet.parse(response.json());
  return { ...set, personId: Number(decodeJwt(set.accessToken).sub), phone };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => app.inject({ url: '/api/v1/me', headers: bearer(token) });
const refresh = (token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/sign/refresh', headers: bearer(token) });
/** Every token of the family the given token belongs to. */
async function familyOf(token: string) {
  const [row] = await database.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, row?.familyId as string));
}
const errorCode = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: string }[] }).errors[0]?.code;

describe('access tokens', () => {
  it('carry the person, brand, issuer and a 15-minute expiry, signed HS256', async () => {
    const { accessToken, personId } = await signedIn();
    expect(decodeProtectedHeader(accessToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({ sub: String(personId), wl: 'demo', iss: 'storefront/demo' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_S);
  });

  it('open GET /api/v1/me with the docs/product.md §3 profile, no-store', async () => {
    const { accessToken, personId, phone } = await signedIn();
    await database.db
      .update(persons)
      .set({ firstName: 'Анна', email: 'anna@example.com' })
      .where(eq(persons.id, personId));
    await database.db.insert(personDeliveries).values([
      { personId, personName: 'Анна К.', phone: '+79990000000', email: null, position: 0 },
      { personId, personName: 'Офис', phone: null, email: 'office@example.com', position: 1 },
    ]);
    const response = await me(accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(personProfile.strict().parse(response.json())).toEqual({
      id: personId,
      accountIds: [],
      avatar: null,
      deliveries: [
        { email: null, personName: 'Анна К.', phone: '+79990000000' },
        { email: 'office@example.com', personName: 'Офис', phone: null },
      ],
      email: 'anna@example.com',
      firstName: 'Анна',
      lastName: null,
      patronymic: null,
      phone,
    });
  });

  it('expire after 15 minutes', async () => {
    const { accessToken } = await signedIn();
    clock.advance(ACCESS_TOKEN_TTL_S - 1);
    expect((await me(accessToken)).statusCode).toBe(200);
    clock.advance(1);
    const late = await me(accessToken);
    expect(late.statusCode).toBe(401);
    expect(errorCode(late)).toBe('auth.token-expired');
  });

  it('are refused when missing, tampered, unsigned, signed otherwise or by someone else', async () => {
    const { accessToken, personId } = await signedIn();
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = decodeJwt(accessToken);
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: String(personId + 1) }));
    const now = Math.floor(clock.now() / 1000);
    const sign = (key: Uint8Array, alg = 'HS256', change: (jwt: SignJWT) => SignJWT = (jwt) => jwt) =>
      change(
        new SignJWT({ wl: 'demo' })
          .setProtectedHeader({ alg })
          .setSubject(String(personId))
          .setIssuer('storefront/demo')
          .setIssuedAt(now)
          .setExpirationTime(now + 60),
      ).sign(key);
    const none = new UnsecuredJWT({ wl: 'demo' })
      .setSubject(String(personId))
      .setIssuer('storefront/demo')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .encode();
    const cases: [string, Record<string, string>, string][] = [
      ['no header', {}, 'auth.token-missing'],
      ['not bearer', { authorization: `Basic ${accessToken}` }, 'auth.token-missing'],
      ['garbage', bearer('not-a-token'), 'auth.token-invalid'],
      ['other person', bearer(`${header}.${forged}.${signature}`), 'auth.token-invalid'],
      ['flipped signature', bearer(`${header}.${payload}.${signature.slice(0, -2)}AA`), 'auth.token-invalid'],
      ['alg none', bearer(none), 'auth.token-invalid'],
      ['alg none, signature kept', bearer(`${none}${signature}`), 'auth.token-invalid'],
      ['other key', bearer(await sign(new Uint8Array(32).fill(7))), 'auth.token-invalid'],
      ['HS512 with our key', bearer(await sign(settings.accessTokenKey, 'HS512')), 'auth.token-invalid'],
      [
        'wrong issuer',
        bearer(await sign(settings.accessTokenKey, 'HS256', (jwt) => jwt.setIssuer('someone-else'))),
        'auth.token-invalid',
      ],
      [
        'expired',
        bearer(await sign(settings.accessTokenKey, 'HS256', (jwt) => jwt.setExpirationTime(now - 1))),
        'auth.token-expired',
      ],
    ];
    for (const [name, headers, code] of cases) {
      const response = await app.inject({ url: '/api/v1/me', headers });
      expect(response.statusCode, name).toBe(401);
      expect(errorCode(response), name).toBe(code);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The same claims signed properly pass: the cases above fail for the reason they name.
    expect((await me(await sign(settings.accessTokenKey))).statusCode).toBe(200);
  });
});

describe('/persons/{personId}/…', () => {
  it("answers the person's own data and 403 for anybody else's", async () => {
    const anna = await signedIn();
    const boris = await signedIn();
    const own = await app.inject({
      url: `/api/v1/persons/${anna.personId}/profile`,
      headers: bearer(anna.accessToken),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: anna.personId, phone: anna.phone });
    const other = await app.inject({
      url: `/api/v1/persons/${boris.personId}/profile`,
      headers: bearer(anna.accessToken),
    });
    expect(other.statusCode).toBe(403);
    expect(errorCode(other)).toBe('auth.forbidden-person');
    expect((await app.inject({ url: `/api/v1/persons/${anna.personId}/profile` })).statusCode).toBe(401);
    const bad = await app.inject({ url: '/api/v1/persons/abc/profile', headers: bearer(anna.accessToken) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new set and retires the presented token', async () => {
    const first = await signedIn();
    const response = await refresh(first.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const second = tokenSet.parse(response.json());
    expect(second.source).toBe('PHONE');
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken).sub).toBe(String(first.personId));
    const third = tokenSet.parse((await refresh(second.refreshToken)).json());
    expect((await me(third.accessToken)).statusCode).toBe(200);
    // Only hashes are stored.
    const stored = await database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.map((row) => row.hash)).toContain(hashRefreshToken(third.refreshToken));
    expect(stored.map((row) => row.hash)).not.toContain(third.refreshToken);
  });

  it('revoke the whole family when a rotated token comes back after the grace', async () => {
    const stolen = await signedIn();
    const rotated = tokenSet.parse((await refresh(stolen.refreshToken)).json());
    clock.advance(REFRESH_REUSE_GRACE_S + 1);
    const reuse = await refresh(stolen.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(errorCode(reuse)).toBe('auth.refresh-reused');
    // The legitimate holder's newer token died with the family.
    const after = await refresh(rotated.refreshToken);
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe('auth.token-invalid');
  });

  it('rotate once for simultaneous refreshes with one token: each gets the same successor', async () => {
    const { refreshToken } = await signedIn();
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const successors = new Set(answers.map((response) => tokenSet.parse(response.json()).refreshToken));
    expect(successors.size).toBe(1);
    const family = await familyOf(refreshToken);
    expect(family).toHaveLength(2);
  });

  it('take the just-rotated token again within the grace: the same successor, nothing revoked', async () => {
    const first = await signedIn();
    const second = tokenSet.parse((await refresh(first.refreshToken)).json());
    clock.advance(REFRESH_REUSE_GRACE_S);
    const again = await refresh(first.refreshToken);
    expect(again.statusCode, again.body).toBe(200);
    const repeated = tokenSet.parse(again.json());
    expect(repeated.refreshToken).toBe(second.refreshToken);
    expect(repeated.source).toBe('PHONE');
    expect(decodeJwt(repeated.accessToken).sub).toBe(String(first.personId));
    expect((await familyOf(first.refreshToken)).every((row) => row.revokedAt === null)).toBe(true);
    // The shared successor goes on working, once.
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
    expect((await me(tokenSet.parse(third.json()).accessToken)).statusCode).toBe(200);
  });

  it('revoke the family when an older token than the immediate predecessor comes back, even within the grace', async () => {
    const first = await signedIn();
    const second = tokenSet.parse((await refresh(first.refreshToken)).json());
    const third = tokenSet.parse((await refresh(second.refreshToken)).json());
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(errorCode(reuse)).toBe('auth.refresh-reused');
    expect(errorCode(await refresh(third.refreshToken))).toBe('auth.token-invalid');
  });

  it('give no grace to a token whose family was signed out', async () => {
    const first = await signedIn();
    const second = tokenSet.parse((await refresh(first.refreshToken)).json());
    await app.inject({ method: 'POST', url: '/api/v1/sign/out', headers: bearer(second.refreshToken) });
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(errorCode(again)).toBe('auth.token-invalid');
  });

  it('expire 30 days after the sign-in, however often they rotate', async () => {
    let { refreshToken } = await signedIn();
    const step = 10 * 24 * 3600 - 10;
    for (let i = 0; i < 3; i++) {
      clock.advance(step);
      const response = await refresh(refreshToken);
      expect(response.statusCode, `after ${(i + 1) * step} s`).toBe(200);
      refreshToken = tokenSet.parse(response.json()).refreshToken;
    }
    clock.advance(REFRESH_TOKEN_TTL_S - 3 * step);
    const late = await refresh(refreshToken);
    expect(late.statusCode).toBe(401);
    expect(errorCode(late)).toBe('auth.token-expired');
  });

  it('refuse unknown, malformed or missing tokens and access tokens', async () => {
    const { accessToken } = await signedIn();
    for (const [headers, code] of [
      [{}, 'auth.token-missing'],
      [bearer('x'.repeat(43)), 'auth.token-invalid'],
      [bearer('short'), 'auth.token-invalid'],
      [bearer(accessToken), 'auth.token-invalid'],
    ] as const) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/sign/refresh', headers });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe(code);
    }
  });
});

describe('brands sharing one database', () => {
  it("refuse another brand's refresh token without touching it", async () => {
    await database.db.insert(whiteLabels).values({ id: 'other', name: { ru: 'Другой' } });
    const [person] = await database.db
      .insert(persons)
      .values({ whiteLabelId: 'other', phone: '+79149999999' })
      .returning({ id: persons.id });
    const token = await startRefreshFamily(database.db, person?.id as number, 'PHONE', new Date(clock.now()));
    const response = await refresh(token);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('auth.token-invalid');
    const out = await app.inject({ method: 'POST', url: '/api/v1/sign/out', headers: bearer(token) });
    expect(out.statusCode).toBe(401);
    const [row] = await database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    expect(row).toMatchObject({ rotatedAt: null, revokedAt: null });
  });
});

describe('sign-out', () => {
  it('revokes the refresh token and its family at once', async () => {
    const session = await signedIn();
    const next = tokenSet.parse((await refresh(session.refreshToken)).json());
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/sign/out',
      headers: bearer(next.refreshToken),
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect(errorCode(await refresh(next.refreshToken))).toBe('auth.token-invalid');
    // Signing out twice is harmless; an unknown token is refused.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/sign/out',
      headers: bearer(next.refreshToken),
    });
    expect(again.statusCode).toBe(204);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/sign/out',
      headers: bearer('y'.repeat(43)),
    });
    expect(unknown.statusCode).toBe(401);
  });
});
