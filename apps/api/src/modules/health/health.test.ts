import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { healthRoutes, READY_DATABASE_TIMEOUT_MS } from './health.routes.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Only the health routes, on a bare Fastify, with the catalog and the database the test chooses. */
async function healthOnly(db: Database, loaded: boolean) {
  const app = Fastify().withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, { db, catalog: { loaded } });
  return app;
}

describe('GET /healthz', () => {
  it('answers alive without asking anything, never cached', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ alive: true });
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is ready once the database answers and the catalog is loaded', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ready: true });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while the catalog is not loaded: 503 service.not-ready', async () => {
    const app = await healthOnly(ctx.database.db, false);
    const answer = await app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      errors: [{ code: 'service.not-ready', message: 'The service is not ready' }],
    });
    // Alive all the same: a load balancer must not restart an instance that is still loading.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('is not ready, not failing, when the database is unreachable', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const unreachable = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    const app = await healthOnly(unreachable.db, true);
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().errors[0].code).toBe('service.not-ready');
    await app.close();
    await unreachable.close();
  });

  it('is not ready when the database does not answer in time', async () => {
    const stuck = { execute: () => new Promise(() => {}) } as unknown as Database;
    const app = await healthOnly(stuck, true);
    // The readiness wait on the fake clock: no real seconds pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answered = false;
    const answer = app.inject({ method: 'GET', url: '/readyz' }).finally(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(READY_DATABASE_TIMEOUT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await answer).statusCode).toBe(503);
    await app.close();
  });

  it('both are documented under the health tag', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.paths['/healthz'].get.tags).toEqual(['health']);
    expect(spec.paths['/readyz'].get.tags).toEqual(['health']);
    expect(Object.keys(spec.paths['/readyz'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});
