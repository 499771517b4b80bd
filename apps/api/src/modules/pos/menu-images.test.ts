import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PHOTO_MAX_BYTES } from '@storefront/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPosImage, posImageAddress, posImageKey, storePosImages } from './menu-images.ts';

/* Fetching the POS's pictures from a server of the test's own on 127.0.0.1: what is refused, and why. */

let server: Server;
let base: string;
const held: { end(): void }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '';
    if (path === '/small') {
      response.end(Buffer.from([0xff, 0xd8, 0xff, 0x00]));
    } else if (path === '/declared-large') {
      response.writeHead(200, { 'content-length': String(PHOTO_MAX_BYTES + 1) });
      response.write(Buffer.alloc(10));
      held.push(response);
    } else if (path === '/streamed-large') {
      // No length declared: the bytes go on past the limit.
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent <= PHOTO_MAX_BYTES) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    } else if (path === '/silent') {
      held.push(response);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a POS picture', () => {
  it('is stored under the hash of its address, 32 hex digits, as an upload’s key', () => {
    expect(posImageKey('https://iiko.example/a.jpg')).toMatch(/^[0-9a-f]{32}$/);
    expect(posImageKey('https://iiko.example/a.jpg')).not.toBe(posImageKey('https://iiko.example/b.jpg'));
    expect(posImageAddress('https://iiko.example/a.jpg')).toBe(
      `/media/u/${posImageKey('https://iiko.example/a.jpg')}/640.jpg`,
    );
  });

  it('is fetched over http(s) only, whole when small', async () => {
    expect(await fetchPosImage(`${base}/small`)).toHaveLength(4);
    await expect(fetchPosImage('ftp://127.0.0.1/a.jpg')).rejects.toThrow('not http(s)');
    await expect(fetchPosImage('file:///etc/passwd')).rejects.toThrow('not http(s)');
    await expect(fetchPosImage('not a url')).rejects.toThrow('not an address');
    await expect(fetchPosImage(`${base}/missing`)).rejects.toThrow('HTTP 404');
  });

  it('is refused above 10 MB, declared or not', async () => {
    await expect(fetchPosImage(`${base}/declared-large`)).rejects.toThrow('larger than 10 MB');
    await expect(fetchPosImage(`${base}/streamed-large`)).rejects.toThrow('larger than 10 MB');
  });

  it('is given up when it does not arrive in time', async () => {
    await expect(fetchPosImage(`${base}/silent`, 200)).rejects.toThrow('timed out');
  });

  it('already stored is not fetched again; a failure is named, never thrown', async () => {
    const stored = new Set([posImageAddress(`${base}/kept`)]);
    const store = { put: async () => {}, get: async () => null, delete: async () => {} };
    const { ready, failed } = await storePosImages(store, [`${base}/kept`, `${base}/missing`], stored);
    expect([...ready]).toEqual([`${base}/kept`]);
    expect(failed).toEqual(new Map([[`${base}/missing`, 'HTTP 404']]));
  });
});
