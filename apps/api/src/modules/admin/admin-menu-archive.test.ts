import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MenuFile, menuFile, PHOTO_MAX_BYTES, uploadedPhotoKey } from '@storefront/domain';
import { adminMenuFileImportResult, positionsResponse } from '@storefront/domain/contracts';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { getValid } from '../../test/http.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let dataDir: string;
let roll: Buffer;
let banner: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'admin-menu-archive-'));
  ({ app, database, close } = await createTestApp({ now: () => DAY, env: { DATA_DIR: dataDir } }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'menu-archive'));
  const picture = (r: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 60 } } });
  roll = await picture(210).jpeg().toBuffer();
  banner = await picture(40).png().toBuffer();
});
afterAll(async () => {
  await close();
  await rm(dataDir, { recursive: true, force: true });
});

const FILE_URL = '/api/v1/admin/menu-file';
const exportFile = async (): Promise<MenuFile> => {
  const response = await adminCall(app, 'GET', FILE_URL, as.manager);
  expect(response.statusCode, response.body).toBe(200);
  return menuFile.parse(response.json());
};
const zip = (files: Record<string, Uint8Array | string>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, content]) => [
          name,
          typeof content === 'string' ? new TextEncoder().encode(content) : content,
        ]),
      ),
    ),
  );
const importArchive = (
  bytes: Buffer,
  dryRun: boolean,
  options: { who?: AdminRole; language?: string; type?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: `${FILE_URL}?dryRun=${dryRun}`,
    headers: {
      ...as[options.who ?? 'manager'],
      'content-type': options.type ?? 'application/zip',
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload: bytes,
  });
const storedFiles = async () =>
  (await readdir(join(dataDir, 'media'), { recursive: true }).catch(() => [])).length;

/** The demo's file with its first dish and first group given photos by their path in the archive. */
async function fileWithArchivePhotos(dishPhoto: string, groupPhoto: string) {
  const file = structuredClone(await exportFile());
  const menu = file.menus[0];
  const dish = menu?.dishes[0];
  const group = menu?.groups[0];
  if (!menu || !dish || !group) throw new Error('the demo has a menu with a group and a dish');
  dish.photos = [dishPhoto];
  group.photos = [groupPhoto];
  return { file, dish, group };
}

describe('a menu archive (.zip with menu.json and its photos)', () => {
  it('answers a dry run without storing a picture, then applies: the photos in every size, the storefront showing them', async () => {
    const { file, dish } = await fileWithArchivePhotos('photos/roll.jpg', './img//banner.png');
    const archive = zip({
      'menu.json': JSON.stringify(file),
      'photos/roll.jpg': roll,
      'img/banner.png': banner,
    });
    const before = await databaseFingerprint(database.db);

    const dryRun = adminMenuFileImportResult.parse((await importArchive(archive, true)).json());
    expect(dryRun.applied).toBe(false);
    expect(dryRun.diff.changed.map((row) => `${row.kind} ${row.key}`).sort()).toEqual(
      [`dish ${dish.key}`, `group ${file.menus[0]?.groups[0]?.key}`].sort(),
    );
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
    expect(await storedFiles()).toBe(0);

    const applied = await importArchive(archive, false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(adminMenuFileImportResult.parse(applied.json()).applied).toBe(true);
    const shown = (await getValid(app, '/1/p/menus/1/positions', positionsResponse)).find(
      (p) => p.name.ru === dish.name.ru,
    );
    const url = shown?.photos[0] ?? '';
    const key = uploadedPhotoKey(url);
    expect(key, url).not.toBeNull();
    expect((await app.inject({ url: `/media/u/${key}/640.webp` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/media/u/${key}/320.avif` })).statusCode).toBe(200);
    // Two pictures, each in three widths and three formats.
    expect(await storedFiles()).toBeGreaterThanOrEqual(2 * 9);

    // The exported file now names the uploaded addresses: importing the same archive again changes nothing.
    const again = adminMenuFileImportResult.parse((await importArchive(archive, true)).json());
    expect(again.diff.counts).toEqual({ added: 0, changed: 0, hidden: 0 });
  });

  it('finds menu.json in the archive’s one folder, as "compress this folder" packs it', async () => {
    const { file } = await fileWithArchivePhotos('photos/roll.jpg', 'photos/roll.jpg');
    const archive = zip({ 'menu/menu.json': JSON.stringify(file), 'menu/photos/roll.jpg': roll });
    const response = await importArchive(archive, true);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers every problem of the pictures and of the file together, at their paths, and changes nothing', async () => {
    const { file } = await fileWithArchivePhotos('photos/missing.jpg', '../outside.png');
    const second = file.menus[0]?.dishes[1];
    const third = file.menus[0]?.dishes[2];
    const fourth = file.menus[0]?.dishes[3];
    if (!second || !third || !fourth) throw new Error('the demo has dishes');
    second.photos = ['photos/not-a-picture.jpg'];
    third.price = -5;
    fourth.photos = ['photos/huge.jpg'];
    const archive = zip({
      'menu.json': JSON.stringify(file),
      'photos/not-a-picture.jpg': 'plain text, not a JPEG',
      'photos/huge.jpg': new Uint8Array(PHOTO_MAX_BYTES + 1),
    });
    const before = await databaseFingerprint(database.db);
    const stored = await storedFiles();
    for (const dryRun of [true, false]) {
      const response = await importArchive(archive, dryRun, { language: 'en' });
      expect(response.statusCode, response.body).toBe(422);
      const errors = errorsOf(response);
      expect(errors.every((e) => e.code === 'admin.menu-file-invalid')).toBe(true);
      const byField = Object.fromEntries(errors.map((e) => [e.field, e.message]));
      expect(Object.keys(byField).sort()).toEqual(
        [
          'menus.0.dishes.0.photos.0',
          'menus.0.groups.0.photos.0',
          'menus.0.dishes.1.photos.0',
          'menus.0.dishes.2.price',
          'menus.0.dishes.3.photos.0',
        ].sort(),
      );
      expect(byField['menus.0.dishes.0.photos.0']).toContain(
        'there is no such file in the archive: photos/missing.jpg',
      );
      expect(byField['menus.0.groups.0.photos.0']).toContain('the path leads outside the archive');
      expect(byField['menus.0.dishes.1.photos.0']).toContain('This is not a photo');
      expect(byField['menus.0.dishes.3.photos.0']).toContain('over 10 MB');
    }
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
    expect(await storedFiles()).toBe(stored);
  });

  it('refuses what is not a menu archive with a reason in the staff’s language', async () => {
    const cases: [Buffer, string][] = [
      [Buffer.from('PK but not really a zip'), 'это не архив .zip'],
      [zip({ 'readme.txt': 'no menu here' }), 'в архиве нет menu.json'],
      [zip({ 'menu.json': '{ not json' }), 'menu.json — не JSON'],
      [zip({ 'a/menu.json': '{}', 'b/menu.json': '{}' }), 'в архиве нет menu.json'],
    ];
    for (const [bytes, message] of cases) {
      const response = await importArchive(bytes, true, { language: 'ru' });
      expect(response.statusCode, response.body).toBe(422);
      const [error] = errorsOf(response);
      expect(error?.field).toBe('archive');
      expect(error?.message).toContain(message);
    }
  });

  it('takes the zip type Windows browsers send, and refuses an operator', async () => {
    const { file } = await fileWithArchivePhotos('photos/roll.jpg', 'photos/roll.jpg');
    const archive = zip({ 'menu.json': JSON.stringify(file), 'photos/roll.jpg': roll });
    expect((await importArchive(archive, true, { type: 'application/x-zip-compressed' })).statusCode).toBe(
      200,
    );
    const refused = await importArchive(archive, true, { who: 'operator' });
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.code).toBe('admin.forbidden-role');
  });

  it('tells a plain JSON file with a photo path in it that such paths need the archive', async () => {
    const { file } = await fileWithArchivePhotos('photos/roll.jpg', 'https://cdn.example.com/banner.jpg');
    const response = await adminCall(
      app,
      'POST',
      `${FILE_URL}?dryRun=true`,
      {
        ...as.manager,
        'accept-language': 'ru',
      },
      file,
    );
    expect(response.statusCode, response.body).toBe(422);
    const error = errorsOf(response).find((e) => e.field === 'menus.0.dishes.0.photos.0');
    expect(error?.message).toContain('фотографией из архива .zip');
  });

  it('still refuses a JSON file over 5 MB while taking larger archives', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${FILE_URL}?dryRun=true`,
      headers: { ...as.manager, 'content-type': 'application/json' },
      payload: `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
  });
});
