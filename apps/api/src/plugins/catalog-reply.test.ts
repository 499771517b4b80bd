import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { pickEncoding } from './catalog-reply.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('compressed catalog answers', () => {
  it('chooses brotli, then gzip, and respects q=0', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity, deflate')).toBe('identity');
  });

  it('sends the same JSON compressed, with its own ETag that revalidates', async () => {
    const url = '/1/p/menus/1/positions';
    const plain = await ctx.app.inject(url);
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const etags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(etags.size).toBe(3);
    const again = await ctx.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves small answers uncompressed', async () => {
    const response = await ctx.app.inject({
      url: '/1/p/cities/1',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().id).toBe(1);
  });
});
