import { nowResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getJson, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

const PINNED = Date.parse('2026-03-02T09:30:00.000Z');
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => PINNED });
});
afterAll(() => ctx.close());

it("answers the server's clock in UTC and forbids caching it", async () => {
  const body = await getValid(ctx.app, '/1/now', nowResponse);
  expect(body.utc_time).toBe('2026-03-02T09:30:00.000Z');
  const { response } = await getJson(ctx.app, '/1/now');
  expect(response.headers['cache-control']).toBe('no-store');
});

it('answers unknown API paths with a coded JSON 404, never the storefront page', async () => {
  const { body } = await getJson(ctx.app, '/1/p/nothing-here', 404);
  expect(body).toEqual({ errors: [{ code: 'route.not-found', message: 'Такого адреса в API нет' }] });
  const post = await ctx.app.inject({
    method: 'POST',
    url: '/1/now',
    payload: '{not json',
    headers: { 'content-type': 'application/json' },
  });
  // Broken JSON is refused before routing: a 400 in the same coded body, never a 500.
  expect(post.statusCode).toBe(400);
  expect(post.json().errors[0].code).toBe('request.invalid');
});

it('publishes the OpenAPI document with every catalog path', async () => {
  const { body } = await getJson(ctx.app, '/api/openapi.json');
  const paths = Object.keys((body as { paths: Record<string, unknown> }).paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/1/now',
      '/1/p/cities',
      '/1/p/cities/{cityId}',
      '/1/p/restos',
      '/1/p/restos/{id}',
      '/1/p/menus/{id}/position-groups',
      '/1/p/menus/{id}/positions',
      '/1/restos/{restoId}/deliveries',
      '/1/restos/{restoId}/positions/modifiers',
      '/1/restos/{restoId}/position-time-slots',
      '/1/restos/{restoId}/working-hours',
      '/1/restos/{restoId}/promotions',
      '/1/p/location',
    ]),
  );
  const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(docs.statusCode).toBe(200);
  expect(docs.headers['content-type']).toContain('text/html');
});

it('serves the public brand config and the brand pictures', async () => {
  const { body } = await getJson(ctx.app, '/config.json');
  expect(body).toMatchObject({ whiteLabel: 'demo', theme: { primary: '#5bd0a4' } });
  const logo = await ctx.app.inject({ method: 'GET', url: '/media/brand/logo.svg' });
  expect(logo.statusCode).toBe(200);
  expect(logo.headers['content-type']).toContain('image/svg+xml');
  const page = await ctx.app.inject({ method: 'GET', url: '/content/pages/ru/dostavka.md' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toMatch(/^# /);
  expect((await ctx.app.inject('/content/pages/de/dostavka.md')).statusCode).toBe(404);
  const outside = await ctx.app.inject({ method: 'GET', url: '/media/../brand.json' });
  expect(outside.statusCode).toBe(404);
});
