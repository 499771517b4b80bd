import { get, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../app.ts';
import { readPaymentsSettings } from '../modules/payments/payments-settings.ts';
import { listen, personTicket } from '../test/events-kit.ts';
import { newPerson } from '../test/orders-kit.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../test/test-app.ts';
import { CORS_MAX_AGE_SECONDS, storefrontOrigins } from './cors.ts';

const STOREFRONT = 'http://127.0.0.1:4180';
const OTHER_STOREFRONT = 'https://shop.example.com';
const STRANGER = 'https://evil.example';
// app.inject's requests come to http://localhost:80.
const SELF = 'http://localhost:80';

let database: TestDatabase;
let app: StorefrontApp;
let sameOriginOnly: StorefrontApp;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig({ CORS_ORIGINS: `${STOREFRONT}, ${OTHER_STOREFRONT}` }),
    db: database.db,
  });
  sameOriginOnly = await buildApp({ config: testConfig(), db: database.db });
});
afterAll(async () => {
  await app?.close();
  await sameOriginOnly?.close();
  await database?.dispose();
});

const preflight = (target: StorefrontApp, origin: string, url = '/api/v1/persons/1/orders') =>
  target.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  });

describe('CORS for the storefront origins', () => {
  it('answers an allowed origin’s preflight with its origin, the methods and headers, cached', async () => {
    const response = await preflight(app, STOREFRONT);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(response.headers['access-control-max-age']).toBe(String(CORS_MAX_AGE_SECONDS));
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    const allowedHeaders = String(response.headers['access-control-allow-headers']);
    for (const header of ['authorization', 'content-type', 'idempotency-key', 'accept-language', 'if-match'])
      expect(allowedHeaders).toContain(header);
    // The back office's versioned changes (decision 45).
    for (const method of ['PATCH', 'PUT', 'DELETE'])
      expect(String(response.headers['access-control-allow-methods'])).toContain(method);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toContain('Origin');
    // The security headers go on the preflight too.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes each allowed origin on real calls, exposes the headers the storefront reads, no credentials', async () => {
    for (const origin of [STOREFRONT, OTHER_STOREFRONT]) {
      const response = await app.inject({ url: '/1/p/cities?whiteLabel=demo', headers: { origin } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(String(response.headers['access-control-expose-headers'])).toContain('retry-after');
      // The back office reads a row's version from its ETag to send it back as If-Match.
      expect(String(response.headers['access-control-expose-headers'])).toContain('etag');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      // The catalog's own Vary keeps Origin beside Accept-Encoding: a shared cache keys on both.
      expect(response.headers.vary).toMatch(/Origin.*Accept-Encoding/);
    }
  });

  it('refuses another origin: its preflight is a coded 403, its calls carry no CORS headers', async () => {
    const refused = await preflight(app, STRANGER);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors: [{ code: 'origin.not-allowed', message: 'Запросы с этого сайта не принимаются' }],
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-max-age']).toBeUndefined();

    const call = await app.inject({ url: '/1/now', headers: { origin: STRANGER } });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('leaves same-origin requests alone, with or without an Origin header', async () => {
    for (const target of [app, sameOriginOnly]) {
      const plain = await target.inject('/1/now');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      // A browser sends Origin on a same-origin POST.
      const post = await target.inject({
        method: 'POST',
        url: '/1/persons/orders/preflight',
        headers: { origin: SELF, 'content-type': 'application/json' },
        payload: {},
      });
      expect(post.statusCode).toBe(400);
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
      expect(post.json().errors[0].code).not.toBe('origin.not-allowed');
    }
  });

  it('with no storefront origins configured, allows no other origin and does not vary by Origin', async () => {
    const refused = await preflight(sameOriginOnly, STOREFRONT);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('origin.not-allowed');
    const call = await sameOriginOnly.inject({
      url: '/1/p/cities?whiteLabel=demo',
      headers: { origin: STOREFRONT },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers.vary).toBe('Accept-Encoding');
    // An OPTIONS that is no preflight is an unknown route, as before: a coded 404, not a 500.
    const options = await sameOriginOnly.inject({ method: 'OPTIONS', url: '/1/now' });
    expect(options.statusCode).toBe(404);
    expect(options.json().errors[0].code).toBe('route.not-found');
  });
});

/** The status and headers of a GET, the body left unread (a stream never ends). */
function headersOf(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      response.destroy();
    });
    request.on('error', reject);
  });
}

describe('an event stream opened from a storefront origin', () => {
  it('carries the CORS and security headers although the stream writes its own head', async () => {
    const base = await listen(app);
    const anna = await newPerson(app, database.db);
    const url = `${base}/api/v1/persons/${anna.personId}/events?ticket=${await personTicket(app, anna)}`;
    const response = await headersOf(url, { origin: STOREFRONT, accept: 'text/event-stream' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.headers['access-control-allow-origin']).toBe(STOREFRONT);
    expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the OpenAPI document', () => {
  it('does not list the preflight route', async () => {
    const document = (await app.inject('/api/openapi.json')).json() as { paths: Record<string, object> };
    const methods = Object.values(document.paths).flatMap((operations) => Object.keys(operations));
    expect(methods).not.toContain('options');
  });
});

describe('the API on its own origin (PUBLIC_API_BASE)', () => {
  const env = { PUBLIC_URL: 'http://127.0.0.1:4180', PUBLIC_API_BASE: 'http://127.0.0.1:4173/' };

  it('publishes apiBase in /config.json; same-origin deployments publish an empty one', async () => {
    expect((await sameOriginOnly.inject('/config.json')).json().apiBase).toBe('');
    // Not NODE_ENV=production: the storefront's analytics counter stays off (decision 29).
    expect((await sameOriginOnly.inject('/config.json')).json().production).toBe(false);
    const split = await buildApp({ config: testConfig(env), db: database.db });
    try {
      const config = (await split.inject('/config.json')).json();
      expect(config.apiBase).toBe('http://127.0.0.1:4173');
      expect(config.whiteLabel).toBe('demo');
      // PUBLIC_URL's origin is the storefront: allowed across without being listed in CORS_ORIGINS.
      const response = await preflight(split, 'http://127.0.0.1:4180');
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4180');
    } finally {
      await split.close();
    }
  });

  it('builds the demo payment page on the API’s base (payment-gateways.ts), the return page on the storefront’s', () => {
    const settings = readPaymentsSettings(testConfig(env));
    expect(settings.apiBase).toBe('http://127.0.0.1:4173');
    expect(settings.publicUrl).toBe('http://127.0.0.1:4180');
  });
});

describe('storefrontOrigins', () => {
  it('adds PUBLIC_URL’s origin only when PUBLIC_API_BASE puts the API elsewhere', () => {
    const origins = (env: Record<string, string>) => storefrontOrigins(testConfig(env));
    expect(origins({})).toEqual([]);
    expect(origins({ PUBLIC_URL: 'https://shop.example.com/' })).toEqual([]);
    expect(
      origins({ PUBLIC_URL: 'https://shop.example.com', PUBLIC_API_BASE: 'https://shop.example.com' }),
    ).toEqual([]);
    expect(
      origins({ PUBLIC_URL: 'https://shop.example.com', PUBLIC_API_BASE: 'https://api.example.com/' }),
    ).toEqual(['https://shop.example.com']);
  });

  it('refuses an origin with a path, a wildcard or another scheme', () => {
    for (const value of ['https://shop.example.com/', '*', 'ftp://shop.example.com', 'shop.example.com'])
      expect(() => testConfig({ CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS/);
    expect(() => testConfig({ PUBLIC_API_BASE: 'api.example.com' })).toThrow(/PUBLIC_API_BASE/);
  });
});
