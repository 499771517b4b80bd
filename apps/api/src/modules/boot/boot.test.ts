import { brotliDecompressSync } from 'node:zlib';
import { bootMenuPaths, menusFor } from '@storefront/domain';
import { bootResponse, type LocationResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError, getJson, getValid } from '../../test/http.ts';
import { createTestApp } from '../../test/test-app.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(() => ctx.close());

const boot = (query: string, headers: Record<string, string> = {}) =>
  getJson(ctx.app, `/1/p/boot?${query}`, 200, headers).then(({ body }) => bootResponse.parse(body).answers);

/** What the call answers when asked alone: status and body. */
async function alone(path: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url: path, headers });
  return { path, status: response.statusCode, body: response.json() as unknown };
}

it("answers every call of a returning customer's boot exactly as each answers alone, in the boot's order", async () => {
  const answers = await boot('cityId=1&restoId=1&method=TAKE_AWAY&whiteLabel=demo');
  const location = (await alone('/1/p/location?cityId=1&whiteLabel=demo')).body as LocationResponse;
  const resto = location.restos.find((r) => r.id === 1);
  const menus = menusFor(resto ?? null, 'TAKE_AWAY');
  expect(menus.length).toBeGreaterThan(0);
  expect(answers.map((a) => a.path)).toEqual([
    '/1/now',
    '/1/p/cities?whiteLabel=demo',
    '/1/p/location?cityId=1&whiteLabel=demo',
    '/1/restos/1/promotions',
    '/1/restos/1/positions/modifiers',
    '/1/restos/1/position-time-slots',
    // The demo brand takes pre-orders.
    '/1/restos/1/working-hours',
    ...menus.flatMap((m) => [`/1/p/menus/${m.id}/position-groups`, `/1/p/menus/${m.id}/positions`]),
  ]);
  for (const answer of answers) expect(answer, answer.path).toEqual(await alone(answer.path));
  expect(answers[0]?.body).toEqual({ utc_time: new Date(NOW).toISOString() });
});

it('answers the menus of the saved method only', async () => {
  const location = (await alone('/1/p/location?cityId=1&whiteLabel=demo')).body as LocationResponse;
  for (const method of ['DELIVERY', 'TAKE_AWAY'] as const) {
    const answers = await boot(`cityId=1&restoId=1&method=${method}`);
    const menuPaths = answers.map((a) => a.path).filter((p) => p.startsWith('/1/p/menus/'));
    expect(menuPaths).toEqual(bootMenuPaths({ restoId: 1, method }, location));
  }
});

it("carries each call's own error, in the request's language, and goes on with the rest", async () => {
  const answers = await boot('cityId=404&restoId=999&method=DELIVERY', { 'accept-language': 'en' });
  const byPath = new Map(answers.map((a) => [a.path, a]));
  // No city: its location is the call's own 404, and no menu can be known.
  expect(byPath.get('/1/p/location?cityId=404&whiteLabel=demo')).toEqual(
    await alone('/1/p/location?cityId=404&whiteLabel=demo', { 'accept-language': 'en' }),
  );
  expect(byPath.get('/1/p/location?cityId=404&whiteLabel=demo')?.status).toBe(404);
  const promotions = byPath.get('/1/restos/999/promotions');
  expect(promotions?.status).toBe(404);
  expect(promotions).toEqual(await alone('/1/restos/999/promotions', { 'accept-language': 'en' }));
  expect(answers.some((a) => a.path.startsWith('/1/p/menus/'))).toBe(false);
  expect(byPath.get('/1/now')?.status).toBe(200);
  // Another brand's id: the location call's own answer for it.
  const ghost = await boot('cityId=1&restoId=1&method=DELIVERY&whiteLabel=ghost');
  expect(ghost.find((a) => a.path.startsWith('/1/p/location'))?.status).toBe(404);
});

it('refuses a malformed choice with the field it names, and asks nothing', async () => {
  const missing = await expectError(ctx.app, '/1/p/boot?restoId=1&method=DELIVERY', 400, 'request.invalid');
  expect(missing.field).toBe('cityId');
  for (const query of [
    'cityId=0&restoId=1&method=DELIVERY',
    'cityId=1&restoId=1e3&method=DELIVERY',
    'cityId=1&restoId=1&method=DRONE',
    'cityId=1&restoId=1',
    'cityId=1&restoId=1&method=DELIVERY&whiteLabel=Not%20A%20Brand',
  ])
    await expectError(ctx.app, `/1/p/boot?${query}`, 400, 'request.invalid');
  const english = await expectError(
    ctx.app,
    '/1/p/boot?cityId=x&restoId=1&method=DELIVERY',
    400,
    'request.invalid',
    {
      'accept-language': 'en',
    },
  );
  expect(english.message).toMatch(/cityId/);
});

it('is compressed for a client that takes it, and never cached (the clock is read per request)', async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/1/p/boot?cityId=1&restoId=1&method=TAKE_AWAY',
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.vary).toMatch(/accept-encoding/i);
  const plain = await getValid(ctx.app, '/1/p/boot?cityId=1&restoId=1&method=TAKE_AWAY', bootResponse);
  expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(plain);
});
