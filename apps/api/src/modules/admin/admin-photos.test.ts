import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_MAX_BYTES, photoSrcSets } from '@storefront/domain';
import {
  adminAuditEntry,
  adminAuditList,
  adminGroupList,
  adminPhotoList,
  positionsResponse,
} from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { positionGroups } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  demoDishId,
  errorsOf,
} from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3.ts';
import { getValid } from '../../test/http.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

const NOW = Date.parse('2026-03-04T12:00:00+03:00');
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let dataDir: string;
const images = {} as Record<'jpeg' | 'png' | 'webp', Buffer>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'admin-photos-'));
  ({ app, database, close } = await createTestApp({ now: () => NOW, env: { DATA_DIR: dataDir } }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'photos'));
  // Three pictures of different colours, so each has its own hash; wider than the widest variant.
  const picture = (r: number) =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g: 120, b: 80 } } });
  images.jpeg = await picture(200).jpeg().toBuffer();
  images.png = await picture(30).png().toBuffer();
  images.webp = await picture(90).webp().toBuffer();
});
afterAll(async () => {
  await close();
  await rm(dataDir, { recursive: true, force: true });
});

const photosUrl = (kind: 'dishes' | 'groups', id: number) => `/api/v1/admin/${kind}/${id}/photos`;
const storedFiles = async () =>
  (await readdir(join(dataDir, 'media'), { recursive: true }).catch(() => [])).length;

async function readPhotos(kind: 'dishes' | 'groups', id: number, who: AdminRole = 'manager') {
  const response = await adminCall(app, 'GET', photosUrl(kind, id), as[who]);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers.etag).toBe(`"${adminPhotoList.parse(response.json()).version}"`);
  return adminPhotoList.parse(response.json());
}

function upload(
  kind: 'dishes' | 'groups',
  id: number,
  bytes: Buffer,
  ifMatch: string | number | undefined,
  options: { who?: AdminRole; type?: string; language?: string; target?: StorefrontApp } = {},
): Promise<LightMyRequestResponse> {
  return (options.target ?? app).inject({
    method: 'POST',
    url: photosUrl(kind, id),
    headers: {
      ...as[options.who ?? 'manager'],
      'content-type': options.type ?? 'image/jpeg',
      ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload: bytes,
  });
}

const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('dish photos', () => {
  it('takes a JPEG, a PNG and a WebP, each kept in three widths and three formats, shown on the storefront with srcset', async () => {
    const dishId = await demoDishId(database.db, 0);
    let list = await readPhotos('dishes', dishId);
    const seedPhotos = list.photos.length;
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const response = await upload('dishes', dishId, images[format], list.version, {
        type: format === 'png' ? 'application/octet-stream' : `image/${format}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const next = adminPhotoList.parse(response.json());
      expect(next.version).toBe(list.version + 1);
      expect(response.headers.etag).toBe(`"${next.version}"`);
      expect(next.photos).toHaveLength(list.photos.length + 1);
      list = next;
    }
    expect(await storedFiles()).toBeGreaterThanOrEqual(27);
    const added = list.photos.slice(seedPhotos);
    for (const photo of added) {
      expect(photo.src).toBe(`/media/u/${photo.id}/640.jpg`);
      expect(photo.srcSets).toEqual(photoSrcSets(photo.src));
    }
    // The same bytes again change nothing.
    const again = await upload('dishes', dishId, images.jpeg, list.version);
    expect(again.statusCode).toBe(200);
    expect(adminPhotoList.parse(again.json())).toEqual(list);

    // Served from the store, a year's cache, each variant its width and format.
    const first = added[0];
    if (!first) throw new Error('no photo');
    for (const [file, format, width] of [
      ['320.avif', 'heif', 320],
      ['640.webp', 'webp', 640],
      ['960.jpg', 'jpeg', 960],
    ] as const) {
      const served = await app.inject({ url: `/media/u/${first.id}/${file}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width]).toEqual([format, width]);
    }
    expect(String((await app.inject({ url: `/media/u/${first.id}/320.avif` })).headers['content-type'])).toBe(
      'image/avif',
    );
    expect((await app.inject({ url: `/media/u/${first.id}/123.jpg` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/media/u/${'0'.repeat(32)}/640.jpg` })).statusCode).toBe(404);

    // The storefront's menu lists them after the seed's photo.
    const dish = (await getValid(app, '/1/p/menus/1/positions', positionsResponse)).find(
      (p) => p.id === dishId,
    );
    expect(dish?.photos.slice(seedPhotos)).toEqual(added.map((p) => p.src));

    const entry = await lastEntry(`entity=dish&entityId=${dishId}`);
    expect(entry).toMatchObject({ action: 'photo-add', after: { photos: dish?.photos } });
  });

  it('refuses junk, a renamed text file, 11 MB and 41 megapixels with coded answers in the caller’s language, storing nothing', async () => {
    const dishId = await demoDishId(database.db, 1);
    const { version } = await readPhotos('dishes', dishId);
    const filesBefore = await storedFiles();
    const fingerprint = await databaseFingerprint(database.db);
    const huge = await sharp({
      create: { width: 8000, height: 5125, channels: 3, background: { r: 10, g: 10, b: 10 } },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(huge.length).toBeLessThan(PHOTO_MAX_BYTES);
    const tooLarge = Buffer.concat([images.jpeg, Buffer.alloc(11 * 1024 * 1024 - images.jpeg.length)]);
    const cases: [Buffer, string, number, string][] = [
      [
        Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31) % 256)),
        'image/png',
        422,
        'admin.photo-not-an-image',
      ],
      [Buffer.from('Not a photo at all, just text.\n'), 'image/jpeg', 422, 'admin.photo-not-an-image'],
      // A JPEG's first bytes, then nothing a decoder can read.
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]),
        'image/jpeg',
        422,
        'admin.photo-not-an-image',
      ],
      [tooLarge, 'image/jpeg', 413, 'admin.photo-too-large'],
      [huge, 'image/png', 422, 'admin.photo-too-many-pixels'],
    ];
    for (const [bytes, type, status, code] of cases) {
      for (const language of ['ru', 'en']) {
        const response = await upload('dishes', dishId, bytes, version, { type, language });
        expect(response.statusCode, `${code} ${response.body}`).toBe(status);
        const [error] = errorsOf(response);
        expect(error?.code).toBe(code);
        expect(error?.message).toMatch(language === 'ru' ? /[а-я]/ : /^[A-Za-z]/);
      }
    }
    // Read as bytes only under an image type or application/octet-stream: as text, not a photo.
    const text = await upload('dishes', dishId, images.jpeg, version, { type: 'text/plain' });
    expect([text.statusCode, errorsOf(text)[0]?.code]).toEqual([422, 'admin.photo-not-an-image']);
    expect(await storedFiles()).toBe(filesBefore);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('answers another brand’s dish 404, an operator 403, no If-Match 428, a stale one 412 with the photos now', async () => {
    const dishId = await demoDishId(database.db, 2);
    const otherDish = await addOtherBrandDish(database.db, 'photos-other');
    const fingerprint = await databaseFingerprint(database.db);
    const { version } = await readPhotos('dishes', dishId);
    expect((await upload('dishes', otherDish, images.jpeg, 1)).statusCode).toBe(404);
    expect((await adminCall(app, 'GET', photosUrl('dishes', otherDish), as.manager)).statusCode).toBe(404);
    const operator = await upload('dishes', dishId, images.jpeg, version, { who: 'operator' });
    expect([operator.statusCode, errorsOf(operator)[0]?.code]).toEqual([403, 'admin.forbidden-role']);
    expect((await readPhotos('dishes', dishId, 'operator')).version).toBe(version);
    const unversioned = await upload('dishes', dishId, images.jpeg, undefined);
    expect([unversioned.statusCode, errorsOf(unversioned)[0]?.code]).toEqual([428, 'admin.version-required']);
    const stale = await upload('dishes', dishId, images.jpeg, version + 5);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ errors: [{ code: 'admin.version-stale' }], current: { version } });
    const staleDelete = await adminCall(
      app,
      'DELETE' as 'GET',
      `${photosUrl('dishes', dishId)}/${'a'.repeat(32)}`,
      {
        ...as.manager,
        'if-match': `"${version + 5}"`,
      },
    );
    expect(staleDelete.statusCode).toBe(412);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('takes a photo off under If-Match, the seed’s too; the revert puts it back', async () => {
    const dishId = await demoDishId(database.db, 3);
    const before = await readPhotos('dishes', dishId);
    const added = adminPhotoList.parse((await upload('dishes', dishId, images.png, before.version)).json());
    const photo = added.photos.at(-1);
    if (!photo) throw new Error('no photo');
    const remove = (id: string, version: number, who: AdminRole = 'manager') =>
      app.inject({
        method: 'DELETE',
        url: `${photosUrl('dishes', dishId)}/${id}`,
        headers: { ...as[who], 'if-match': `"${version}"` },
      });
    expect((await remove(photo.id, added.version, 'operator')).statusCode).toBe(403);
    const missing = await remove('b'.repeat(32), added.version);
    expect([missing.statusCode, errorsOf(missing)[0]?.code]).toEqual([404, 'admin.photo-not-found']);
    const removed = await remove(photo.id, added.version);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = adminPhotoList.parse(removed.json());
    expect(after.photos).toEqual(before.photos);
    // The stored variants stay: a revert or another dish may name them.
    expect((await app.inject({ url: `/media/u/${photo.id}/640.jpg` })).statusCode).toBe(200);

    const entry = await lastEntry(`entity=dish&entityId=${dishId}`);
    expect(entry.action).toBe('photo-remove');
    expect(entry.summary?.name).toMatchObject({ ru: expect.any(String) });
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await readPhotos('dishes', dishId)).photos.map((p) => p.id)).toEqual(
      added.photos.map((p) => p.id),
    );

    // A seed photo (a plain URL) is taken off by the id its URL hashes to.
    const seed = before.photos[0];
    if (seed) {
      expect(seed.srcSets).toBeNull();
      const current = await readPhotos('dishes', dishId);
      const gone = await remove(seed.id, current.version);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(adminPhotoList.parse(gone.json()).photos.map((p) => p.src)).not.toContain(seed.src);
    }
  });
});

describe('group photos', () => {
  it('adds and takes off a group’s photo as a dish’s, audited and revertible; another brand’s group is 404', async () => {
    const list = await readPhotos('groups', 1);
    const added = await upload('groups', 1, images.webp, list.version, { type: 'image/webp' });
    expect(added.statusCode, added.body).toBe(200);
    const after = adminPhotoList.parse(added.json());
    expect(after.photos.at(-1)?.srcSets?.avif).toContain('960.avif 960w');
    // The menu's groups answer each one's photo URLs, so the Groups screen shows them without a call per group.
    const groups = await adminCall(app, 'GET', '/api/v1/admin/menus/1/groups', as.manager);
    const listed = adminGroupList.parse(groups.json()).groups.find((g) => g.id === 1);
    expect(listed).toMatchObject({ photos: after.photos.map((p) => p.src), version: after.version });
    const entry = await lastEntry('entity=group&entityId=1');
    expect(entry.action).toBe('photo-add');
    // The entry holds only the photos: the group's name is written beside them, for the change log.
    const [group] = await database.db
      .select({ name: positionGroups.name })
      .from(positionGroups)
      .where(eq(positionGroups.id, 1));
    expect(entry.summary).toEqual({ name: group?.name });
    expect(Object.keys(entry.before)).toEqual(['photos']);
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.owner);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(adminAuditEntry.parse(undo.json()).summary).toEqual({ name: group?.name });
    expect((await readPhotos('groups', 1)).photos).toEqual(list.photos);
    expect((await upload('groups', 987_654, images.webp, 1)).statusCode).toBe(404);
  });
});

describe('the S3 media store', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3('storefront-media');
  });
  afterAll(() => s3.close());

  it('keeps uploads in the bucket and serves them from it, with the same long cache', async () => {
    const second = await createTestApp({
      now: () => NOW,
      db: database,
      env: {
        DATA_DIR: dataDir,
        MEDIA_STORE: 's3',
        S3_ENDPOINT: s3.url,
        S3_BUCKET: 'storefront-media',
        S3_REGION: 'ru-central1',
        S3_ACCESS_KEY_ID: 'media-key',
        S3_SECRET_ACCESS_KEY: 'media-secret',
      },
    });
    try {
      const dishId = await demoDishId(database.db, 4);
      const { version } = await readPhotos('dishes', dishId);
      const bytes = await sharp({
        create: { width: 500, height: 400, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } },
      })
        .png()
        .toBuffer();
      const response = await upload('dishes', dishId, bytes, version, {
        type: 'image/png',
        target: second.app,
      });
      expect(response.statusCode, response.body).toBe(200);
      const photo = adminPhotoList.parse(response.json()).photos.at(-1);
      if (!photo) throw new Error('no photo');
      expect([...s3.objects.keys()].sort()).toEqual(
        ['320', '640', '960']
          .flatMap((w) => ['avif', 'jpg', 'webp'].map((e) => `${photo.id}/${w}.${e}`))
          .sort(),
      );
      expect(s3.objects.get(`${photo.id}/640.webp`)?.contentType).toBe('image/webp');
      expect(s3.requests.every((r) => r.accessKeyId === 'media-key')).toBe(true);
      const served = await second.app.inject({ url: `/media/u/${photo.id}/640.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Not enlarged: a 500 px picture stays 500 px in its wider variants.
      expect((await sharp(served.rawPayload).metadata()).width).toBe(500);
      expect((await second.app.inject({ url: `/media/u/${photo.id}/999.webp` })).statusCode).toBe(404);
      expect((await second.app.inject({ url: `/media/u/${'c'.repeat(32)}/640.webp` })).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });
});
