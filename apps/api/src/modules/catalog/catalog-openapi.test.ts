import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * The catalog calls answer 304 to a matching If-None-Match: the OpenAPI document must say so, or generated
 * clients treat the 304 as an error. Found by behaviour, not by a list: every GET whose answer carries an
 * ETag and is then answered 304 must document 304 without a body.
 */
let app: StorefrontApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(() => close());

type Operation = { responses: Record<string, { content?: unknown }> };

it('lists 304 Not Modified, without a body, on every catalog operation', async () => {
  const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const revalidated: string[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    const operation = methods.get;
    if (!operation) continue;
    // Ids 1 exist in the demo chain; the catalog's queries all take cityId or nothing required else.
    const url = `${path.replace(/\{[^}]+\}/g, '1')}?cityId=1`;
    const first = await app.inject({ url });
    const etag = first.headers.etag;
    if (first.statusCode !== 200 || typeof etag !== 'string') continue;
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    if (again.statusCode !== 304) continue;
    revalidated.push(path);
    expect(operation.responses['304'], `GET ${path}`).toBeDefined();
    expect(operation.responses['304']?.content, `GET ${path}`).toBeUndefined();
  }
  // The twelve catalog calls: cities (2), restos (3), menus (4), deliveries, promotions, location.
  expect(revalidated.length, revalidated.join(', ')).toBeGreaterThanOrEqual(12);
});
