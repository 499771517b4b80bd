import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const TEMPLATES = [
  '/1/p/cities?{q}',
  '/1/p/cities/{s}',
  '/1/p/restos?{q}',
  '/1/p/restos/{s}',
  '/1/p/location?{q}',
  '/1/p/menus/{s}/position-groups',
  '/1/p/menus/{s}/positions?{q}',
  '/1/restos/{s}/deliveries?{q}',
  '/1/restos/{s}/positions/modifiers',
  '/1/restos/{s}/position-time-slots',
  '/1/restos/{s}/working-hours',
  '/1/restos/{s}/promotions',
];
const KEYS = ['cityId', 'whiteLabel', 'groupId', 'size', 'id', '__proto__', 'constructor'];

const segment = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  fc.constantFrom('0', '1', '-1', '1e3', '0x1', '9'.repeat(30), 'null', '[]', '%', '%00', '..', '%2e%2e'),
);
const query = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), segment), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'));

it('answers any path segment and query with a coded 2xx/304/4xx, never a 500', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...TEMPLATES),
      segment,
      query,
      fc.boolean(),
      async (template, s, q, raw) => {
        // Half the time the segment goes in raw, to reach the router's own URL decoding.
        const url = template
          .replace('{s}', raw ? s.replaceAll('/', '') : encodeURIComponent(s))
          .replace('{q}', q);
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const body = response.json();
          expect(body.errors?.[0]?.code, url).toEqual(expect.any(String));
          expect(body.errors?.[0]?.message, url).toEqual(expect.any(String));
        }
      },
    ),
    { numRuns: 400 },
  );
});
