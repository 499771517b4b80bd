import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { testConfig } from '../test/test-app.ts';
import { registerAuthentication, signedInPerson } from './authentication.ts';
import { registerErrorHandler } from './error-handler.ts';

/** The plugin on a bare app: what a future route gets from its one line of config. */
const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandler(app);
// No staff route here, so no database: staff tokens are tested with the staff module.
registerAuthentication(app, { config: testConfig(), db: {} as Database, now: Date.now });
app.get('/open', async () => ({ person: null }));
app.post('/sign', { config: { auth: 'personal' } }, async () => ({ ok: true }));
app.get('/mine', { config: { auth: 'signed-in' } }, async (request) => signedInPerson(request));
app.get(
  '/persons/:personId/things',
  {
    schema: {
      params: z.object({ personId: z.coerce.number().int() }),
      response: { 200: z.array(z.number()) },
    },
    config: { auth: 'path-person' },
  },
  async (request) => [request.person?.personId ?? 0],
);

let token: string;
beforeAll(async () => {
  await app.ready();
  token = await app.authentication.tokens.sign(42);
});
afterAll(() => app.close());

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const codeOf = (body: string) => (JSON.parse(body) as { errors: { code: string }[] }).errors[0]?.code;

describe('the authentication plugin', () => {
  it('leaves routes without config.auth alone', async () => {
    const response = await app.inject({ url: '/open' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it("makes a 'personal' route no-store without asking for a token", async () => {
    const response = await app.inject({ method: 'POST', url: '/sign' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("reads the access token into request.person on a 'signed-in' route, else 401", async () => {
    const signedIn = await app.inject({ url: '/mine', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ personId: 42, whiteLabel: 'demo' });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ url: '/mine' });
    expect([missing.statusCode, codeOf(missing.body)]).toEqual([401, 'auth.token-missing']);
    expect(missing.headers['cache-control']).toBe('no-store');
    const invalid = await app.inject({ url: '/mine', headers: bearer('not.a.token') });
    expect([invalid.statusCode, codeOf(invalid.body)]).toEqual([401, 'auth.token-invalid']);
  });

  it("answers 403 auth.forbidden-person for another person's id on a 'path-person' route", async () => {
    const own = await app.inject({ url: '/persons/42/things', headers: bearer(token) });
    expect([own.statusCode, own.json()]).toEqual([200, [42]]);
    const other = await app.inject({ url: '/persons/43/things', headers: bearer(token) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      errors: [{ code: 'auth.forbidden-person', message: expect.any(String), field: 'personId' }],
    });
    expect(other.headers['cache-control']).toBe('no-store');
    const anonymous = await app.inject({ url: '/persons/42/things' });
    expect(anonymous.statusCode).toBe(401);
  });
});
