import { tokenSet } from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { personIdentities, persons } from '../../db/schema.ts';
import { nonceHash } from '../../integrations/identity/id-token-verifier.ts';
import {
  authApp,
  logCapture,
  requestCode,
  signIn,
  TEST_CLIENTS,
  testClock,
} from '../../test/auth-test-kit.ts';
import { type FakeServer, startFake } from '../../test/fakes/fake-server.ts';
import { startFakeJwks } from '../../test/fakes/jwks.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';

type Key = Awaited<ReturnType<typeof generateKeyPair>>;

let database: TestDatabase;
let app: StorefrontApp;
let jwks: FakeServer;
const clock = testClock();
const log = logCapture();
let rsa: Key;
let ec: Key;
/** Another RSA key, never published: it signs tokens that claim the published key's kid. */
let impostor: Key;
let published: JWK[];
const apps: StorefrontApp[] = [];

beforeAll(async () => {
  [rsa, ec, impostor] = await Promise.all([
    generateKeyPair('RS256', { extractable: true }),
    generateKeyPair('ES256', { extractable: true }),
    generateKeyPair('RS256', { extractable: true }),
  ]);
  published = [
    { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
  ];
  jwks = await startFakeJwks(() => published);
  database = await openTestDatabase();
  app = await testApp();
});
afterAll(async () => {
  for (const one of apps) await one.close();
  await jwks.close();
  await database.dispose();
});

async function testApp(options: Parameters<typeof authApp>[1] = {}) {
  const one = await authApp(database.db, {
    now: clock.now,
    log,
    clients: TEST_CLIENTS,
    ...options,
    env: { GOOGLE_JWKS_URL: `${jwks.url}/google`, APPLE_JWKS_URL: `${jwks.url}/apple`, ...options.env },
  });
  apps.push(one);
  return one;
}

const nowS = () => Math.floor(clock.now() / 1000);
let subjects = 0;
const newSubject = () => `1000${++subjects}${Date.now()}`;

function googleClaims(claims: JWTPayload = {}): JWTPayload {
  return {
    iss: 'https://accounts.google.com',
    aud: TEST_CLIENTS.googleClientId,
    sub: newSubject(),
    iat: nowS(),
    exp: nowS() + 3600,
    nonce: nonceHash('raw-nonce'),
    email_verified: true,
    ...claims,
  };
}

function appleClaims(claims: JWTPayload = {}): JWTPayload {
  return {
    iss: 'https://appleid.apple.com',
    aud: TEST_CLIENTS.appleClientId,
    sub: `001234.${newSubject()}.0101`,
    iat: nowS(),
    exp: nowS() + 600,
    nonce: nonceHash('raw-nonce'),
    email_verified: 'true',
    ...claims,
  };
}

function sign(
  claims: JWTPayload,
  options: { key?: Key['privateKey'] | Uint8Array; alg?: string; kid?: string | null } = {},
) {
  const alg = options.alg ?? 'RS256';
  const kid = options.kid === undefined ? (alg === 'ES256' ? 'ec-1' : 'rsa-1') : options.kid;
  const key = options.key ?? (alg === 'ES256' ? ec.privateKey : rsa.privateKey);
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', ...(kid ? { kid } : {}) }).sign(key);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function post(
  provider: 'google' | 'apple',
  headers: Record<string, string>,
  target: StorefrontApp = app,
  locale = 'ru',
) {
  return target.inject({
    method: 'POST',
    url: `/api/v1/sign/in/${provider}`,
    headers: { 'accept-language': locale, ...headers },
  });
}

const signInGoogle = async (claims: JWTPayload) =>
  post('google', { 'x-id-token': await sign(claims), 'x-id-token-nonce': 'raw-nonce' });

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { errors: { code: string; message: string }[] }).errors[0];

async function personOf(accessToken: string) {
  const me = await app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });
  expect(me.statusCode, me.body).toBe(200);
  return me.json() as { id: number; email: string | null; firstName: string | null; phone: string | null };
}

describe('Google sign-in', () => {
  it('creates the person on the first sign-in and finds it by subject on the next', async () => {
    const claims = googleClaims({
      email: 'Anna.Petrova@Example.com',
      given_name: 'Анна',
      family_name: 'Петрова',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    });
    const first = await signInGoogle(claims);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const set = tokenSet.parse(first.json());
    expect(set.source).toBe('GOOGLE');
    expect(set.vkAccessToken).toBeUndefined();
    const person = await personOf(set.accessToken);
    expect(person).toMatchObject({ email: 'anna.petrova@example.com', firstName: 'Анна', phone: null });

    clock.advance(60);
    const again = await signInGoogle({
      ...claims,
      iat: nowS(),
      exp: nowS() + 3600,
      email: 'new@example.com',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await personOf(tokenSet.parse(again.json()).accessToken)).id).toBe(person.id);
    const identities = await database.db
      .select()
      .from(personIdentities)
      .where(
        and(eq(personIdentities.provider, 'GOOGLE'), eq(personIdentities.subject, claims.sub as string)),
      );
    expect(identities).toHaveLength(1);

    // The refresh token it answered rotates like any other, keeping GOOGLE as the source.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/sign/refresh',
      headers: { authorization: `Bearer ${set.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ source: 'GOOGLE' });
  });

  it('accepts the issuer without the scheme', async () => {
    const response = await signInGoogle(googleClaims({ iss: 'accounts.google.com' }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('links a verified email to the person who signed in by phone', async () => {
    const phone = '+79123330001';
    await requestCode(app, phone);
    const byPhone = tokenSet.parse((await signIn(app, phone, log.lastCode(phone) as string)).json());
    const phonePerson = await personOf(byPhone.accessToken);
    await database.db
      .update(persons)
      .set({ email: 'Ivan@Example.com' })
      .where(eq(persons.id, phonePerson.id));

    const response = await signInGoogle(googleClaims({ email: 'ivan@example.COM', given_name: 'Иван' }));
    expect(response.statusCode, response.body).toBe(200);
    const linked = await personOf(tokenSet.parse(response.json()).accessToken);
    expect(linked).toMatchObject({ id: phonePerson.id, phone, firstName: 'Иван' });
  });

  it('does not link, nor keep, an email the provider has not verified', async () => {
    const [owner] = await database.db
      .insert(persons)
      .values({ whiteLabelId: 'demo', email: 'owner@example.com' })
      .returning();
    const response = await signInGoogle(googleClaims({ email: 'owner@example.com', email_verified: false }));
    expect(response.statusCode, response.body).toBe(200);
    const person = await personOf(tokenSet.parse(response.json()).accessToken);
    expect(person.id).not.toBe(owner?.id);
    expect(person.email).toBeNull();
  });

  it('does not link a verified email to a person whose email VK gave', async () => {
    const [vkPerson] = await database.db
      .insert(persons)
      .values({ whiteLabelId: 'demo', email: 'claimed@example.com' })
      .returning();
    await database.db
      .insert(personIdentities)
      .values({ personId: vkPerson?.id as number, whiteLabelId: 'demo', provider: 'VK', subject: '9000001' });
    const response = await signInGoogle(googleClaims({ email: 'claimed@example.com' }));
    expect(response.statusCode, response.body).toBe(200);
    const person = await personOf(tokenSet.parse(response.json()).accessToken);
    expect(person.id).not.toBe(vkPerson?.id);
    expect(person.email).toBe('claimed@example.com');
  });

  it('refuses tokens that are not good, each with its code and words', async () => {
    const cases: [string, Promise<string> | string, string][] = [
      ['bad signature', sign(googleClaims(), { key: impostor.privateKey }), 'auth.id-token-invalid'],
      ['wrong audience', sign(googleClaims({ aud: 'someone-else' })), 'auth.id-token-invalid'],
      ['wrong issuer', sign(googleClaims({ iss: 'https://evil.example' })), 'auth.id-token-invalid'],
      ['expired', sign(googleClaims({ iat: nowS() - 7200, exp: nowS() - 60 })), 'auth.id-token-expired'],
      ['not yet valid (nbf)', sign(googleClaims({ nbf: nowS() + 300 })), 'auth.id-token-invalid'],
      ['issued in the future', sign(googleClaims({ iat: nowS() + 300 })), 'auth.id-token-invalid'],
      ['unknown kid', sign(googleClaims(), { kid: 'rotated-away' }), 'auth.id-token-invalid'],
      ['no kid', sign(googleClaims(), { kid: null }), 'auth.id-token-invalid'],
      ['ES256 for Google', sign(googleClaims(), { alg: 'ES256' }), 'auth.id-token-invalid'],
      ['no subject', sign(googleClaims({ sub: undefined })), 'auth.id-token-invalid'],
      [
        'alg none',
        `${base64url({ alg: 'none', kid: 'rsa-1' })}.${base64url(googleClaims())}.`,
        'auth.id-token-invalid',
      ],
      [
        'HS256 keyed with the public key (algorithm confusion)',
        exportSPKI(rsa.publicKey).then((pem) =>
          sign(googleClaims(), { alg: 'HS256', key: new TextEncoder().encode(pem) }),
        ),
        'auth.id-token-invalid',
      ],
      ['garbage', 'not-a-token', 'auth.id-token-invalid'],
      [
        'nonce sent, none in the token',
        sign(googleClaims({ nonce: undefined })),
        'auth.id-token-nonce-mismatch',
      ],
      [
        'another nonce in the token',
        sign(googleClaims({ nonce: nonceHash('other') })),
        'auth.id-token-nonce-mismatch',
      ],
      [
        'the raw nonce in the token',
        sign(googleClaims({ nonce: 'raw-nonce' })),
        'auth.id-token-nonce-mismatch',
      ],
      ['no nonce sent', sign(googleClaims()), 'auth.id-token-nonce-mismatch'],
    ];
    for (const [name, token, code] of cases) {
      const headers: Record<string, string> = { 'x-id-token': await token };
      if (name !== 'no nonce sent') headers['x-id-token-nonce'] = 'raw-nonce';
      const response = await post('google', headers, app, 'en');
      expect(response.statusCode, name).toBe(401);
      expect(errorOf(response)?.code, name).toBe(code);
      expect(errorOf(response)?.message, name).toMatch(/sign-in token/);
    }
    const missing = await post('google', {});
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing)).toMatchObject({
      code: 'auth.id-token-missing',
      message: 'Не передан токен входа',
    });
  });

  it('answers 503 when the keys cannot be fetched', async () => {
    const gone = await startFake(() => undefined);
    await gone.close();
    const offline = await testApp({ env: { GOOGLE_JWKS_URL: `${gone.url}/certs` } });
    const response = await post('google', { 'x-id-token': await sign(googleClaims()) }, offline);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)?.code).toBe('auth.provider-unavailable');

    const broken = await startFake((_request, _body, answer) => answer.writeHead(500).end('oops'));
    const failing = await testApp({ env: { GOOGLE_JWKS_URL: `${broken.url}/certs` } });
    const again = await post('google', { 'x-id-token': await sign(googleClaims()) }, failing);
    expect(again.statusCode).toBe(503);
    await broken.close();
  });

  it('is 403 auth.provider-disabled without a client id or when the brand does not offer it', async () => {
    const demo = await testApp({ clients: {} });
    const token = await sign(googleClaims());
    for (const provider of ['google', 'apple'] as const) {
      const response = await post(provider, { 'x-id-token': token }, demo);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toMatchObject({
        code: 'auth.provider-disabled',
        message: 'Этот способ входа недоступен',
      });
    }
    const phoneOnly = await testApp({ authMethods: ['PHONE'] });
    expect((await post('google', { 'x-id-token': token }, phoneOnly)).statusCode).toBe(403);
  });
});

describe('Apple sign-in', () => {
  it('verifies an ES256 token, its nonce, and email_verified written as a string', async () => {
    const claims = appleClaims({ email: 'hidden@privaterelay.appleid.com', is_private_email: 'true' });
    const response = await post('apple', {
      'x-id-token': await sign(claims, { alg: 'ES256' }),
      'x-id-token-nonce': 'raw-nonce',
    });
    expect(response.statusCode, response.body).toBe(200);
    const set = tokenSet.parse(response.json());
    expect(set.source).toBe('APPLE');
    expect((await personOf(set.accessToken)).email).toBe('hidden@privaterelay.appleid.com');
  });

  it('accepts an RS256 key too', async () => {
    const response = await post('apple', {
      'x-id-token': await sign(appleClaims()),
      'x-id-token-nonce': 'raw-nonce',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a nonce that does not match, or none', async () => {
    const token = await sign(appleClaims(), { alg: 'ES256' });
    for (const nonce of ['other-nonce', nonceHash('raw-nonce'), undefined]) {
      const response = await post('apple', {
        'x-id-token': token,
        ...(nonce ? { 'x-id-token-nonce': nonce } : {}),
      });
      expect(response.statusCode, nonce).toBe(401);
      expect(errorOf(response)?.code).toBe('auth.id-token-nonce-mismatch');
    }
    const without = await post('apple', {
      'x-id-token': await sign(appleClaims({ nonce: undefined }), { alg: 'ES256' }),
      'x-id-token-nonce': 'raw-nonce',
    });
    expect(errorOf(without)?.code).toBe('auth.id-token-nonce-mismatch');
  });

  it("refuses Google's issuer and Google's audience", async () => {
    for (const claims of [
      appleClaims({ iss: 'https://accounts.google.com' }),
      appleClaims({ aud: TEST_CLIENTS.googleClientId }),
    ]) {
      const response = await post('apple', {
        'x-id-token': await sign(claims),
        'x-id-token-nonce': 'raw-nonce',
      });
      expect(errorOf(response)?.code).toBe('auth.id-token-invalid');
    }
  });
});

describe('bad input', () => {
  it('never answers 500, whatever the headers', async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 300 }).map((value) => value.replace(/[^\x20-\x7e]/g, 'x')),
      fc.constantFrom(
        '',
        ' ',
        'a.b.c',
        'e30.e30.',
        'e30.e30.e30',
        `${base64url({ alg: 'RS256', kid: 'rsa-1' })}.e30.AA`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('google', 'apple') as fc.Arbitrary<'google' | 'apple'>,
        header,
        header,
        async (provider, token, nonce) => {
          const response = await post(provider, { 'x-id-token': token, 'x-id-token-nonce': nonce });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
