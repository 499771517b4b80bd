import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3.ts';
import { LocalMediaStore } from './local-media-store.ts';
import type { MediaStore } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';

let s3: FakeS3;
let dir: string;
beforeAll(async () => {
  s3 = await startFakeS3('photos');
  dir = await mkdtemp(join(tmpdir(), 'media-store-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => MediaStore][] = [
  ['local', () => new LocalMediaStore(dir)],
  [
    's3',
    () =>
      new S3MediaStore({
        kind: 's3',
        bucket: 'photos',
        region: 'ru-central1',
        endpoint: s3.url,
        forcePathStyle: true,
        credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
      }),
  ],
];

describe.each(stores)('the %s media store', (kind, make) => {
  it('keeps bytes under a key with their content type, answers null for a missing key, deletes', async () => {
    const store = make();
    const key = 'ab12cd34/640.webp';
    await store.put(key, Buffer.from('RIFF-not-really'), 'image/webp');
    const found = await store.get(key);
    if (!found) throw new Error('not stored');
    expect(found.contentType).toBe('image/webp');
    expect(await text(found.body)).toBe('RIFF-not-really');
    expect(await store.get('ab12cd34/320.webp')).toBeNull();
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    if (kind === 's3') {
      // Path-style requests to the bucket, signed with the configured key.
      expect(s3.requests.map((r) => `${r.method} ${r.path} ${r.accessKeyId}`)).toEqual(
        expect.arrayContaining([`PUT /photos/${key} test-key`, `DELETE /photos/${key} test-key`]),
      );
    }
  });

  it('keeps binary bytes exactly', async () => {
    const store = make();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    await store.put('ff00/960.avif', bytes, 'image/avif');
    const found = await store.get('ff00/960.avif');
    const chunks: Buffer[] = [];
    for await (const chunk of found?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});

it('refuses a key that would leave the local folder', async () => {
  const store = new LocalMediaStore(dir);
  await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  expect(await store.get('../escape.jpg')).toBeNull();
});
