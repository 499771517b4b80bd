import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoVariantKey, uploadedPhotoKey } from '@storefront/domain';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../integrations/media-store/local-media-store.ts';
import { exportMenuFile } from '../modules/admin/admin-menu-file.ts';
import { DAY } from '../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../test/test-app.ts';
import { BrandImportError, runBrandImport } from './brand-import.ts';
import { positions } from './schema.ts';

let database: TestDatabase;
let close: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ database, close } = await createTestApp({ now: () => DAY }));
  dir = await mkdtemp(join(tmpdir(), 'brand-import-'));
});
afterAll(async () => {
  await close();
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const lines: string[] = [];
  const ok = await runBrandImport(argv, {
    db: database.db,
    whiteLabel: 'demo',
    now: () => new Date(DAY),
    print: (line) => lines.push(line),
    mediaStore: new LocalMediaStore(join(dir, 'media')),
  });
  return { ok, lines };
}

describe('npm run brand:import', () => {
  it('prints the difference of a dry run, applies it without --dry-run, and then finds nothing to change', async () => {
    const file = await exportMenuFile(database.db, 'demo');
    const first = file.menus[0]?.dishes[0];
    if (!first) throw new Error('no dish');
    first.price += 100;
    const path = join(dir, 'menu.json');
    // As a spreadsheet tool may save it: with a byte order mark.
    await writeFile(path, `\uFEFF${JSON.stringify(file)}`);
    const dryRun = await run([path, '--dry-run']);
    expect(dryRun.ok).toBe(true);
    expect(dryRun.lines[0]).toBe('0 added, 1 changed, 0 hidden (left out of the file).');
    expect(dryRun.lines).toContain(`    price: ${first.price - 100} → ${first.price}`);
    expect(dryRun.lines.at(-1)).toBe("Dry run: nothing changed in brand 'demo'.");
    expect((await exportMenuFile(database.db, 'demo')).menus[0]?.dishes[0]?.price).toBe(first.price - 100);
    const applied = await run([path, '--brand', 'demo']);
    expect(applied.lines.at(-1)).toBe("Applied to brand 'demo'.");
    expect((await exportMenuFile(database.db, 'demo')).menus[0]?.dishes[0]?.price).toBe(first.price);
    expect((await run([path])).lines[0]).toBe('0 added, 0 changed, 0 hidden (left out of the file).');
  });

  it('prints every problem with its path and fails, changing nothing', async () => {
    const file = await exportMenuFile(database.db, 'demo');
    const before = JSON.stringify(file);
    const menu = file.menus[0];
    if (!menu?.dishes[0] || !menu.dishes[1]) throw new Error('no dishes');
    menu.dishes[0].group = 'nowhere';
    menu.dishes[1].tags = ['no-tag'];
    const path = join(dir, 'bad.json');
    await writeFile(path, JSON.stringify(file));
    const { ok, lines } = await run([path]);
    expect(ok).toBe(false);
    expect(lines).toEqual([
      `${path} has 2 problem(s); nothing changed:`,
      '  menus.0.dishes.0.group: this menu has no group "nowhere"',
      '  menus.0.dishes.1.tags.0: the brand has no dish tag "no-tag"',
    ]);
    expect(JSON.stringify(await exportMenuFile(database.db, 'demo'))).toBe(before);
  });

  it('refuses a missing file, a file that is not JSON, an unknown brand and wrong arguments', async () => {
    const notJson = join(dir, 'not.json');
    await writeFile(notJson, '{');
    await expect(run([join(dir, 'missing.json')])).rejects.toThrow(BrandImportError);
    await expect(run([notJson])).rejects.toThrow(/is not JSON/);
    await expect(run([notJson, '--brand', 'nobody'])).rejects.toThrow("No brand 'nobody'");
    await expect(run([])).rejects.toThrow(/Name one menu file/);
    await expect(run([notJson, '--bogus'])).rejects.toThrow(BrandImportError);
  });

  it('imports a .zip of menu.json and its photos, the pictures written to the media store', async () => {
    const file = await exportMenuFile(database.db, 'demo');
    const dish = file.menus[0]?.dishes[0];
    if (!dish) throw new Error('the demo has dishes');
    dish.photos = ['photos/roll.jpg'];
    const roll = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0503c' } })
      .jpeg()
      .toBuffer();
    const path = join(dir, 'menu-with-photos.zip');
    await writeFile(
      path,
      zipSync({ 'menu.json': new TextEncoder().encode(JSON.stringify(file)), 'photos/roll.jpg': roll }),
    );

    const { ok, lines } = await run([path]);
    expect(ok, lines.join('\n')).toBe(true);
    expect(lines).toContain(`~ dish ${dish.key}`);
    const uploaded = (await database.db.select({ photos: positions.photos }).from(positions))
      .map((row) => uploadedPhotoKey(row.photos[0] ?? ''))
      .filter((key) => key !== null);
    expect(uploaded).toHaveLength(1);
    const stored = await new LocalMediaStore(join(dir, 'media')).get(
      photoVariantKey(uploaded[0] ?? '', 640, 'webp'),
    );
    expect(stored?.contentType).toBe('image/webp');
    stored?.body.destroy();

    dish.photos = ['photos/missing.jpg'];
    await writeFile(path, zipSync({ 'menu.json': new TextEncoder().encode(JSON.stringify(file)) }));
    const refused = await run([path]);
    expect(refused.ok).toBe(false);
    expect(refused.lines.join('\n')).toContain(
      'menus.0.dishes.0.photos.0: there is no such file in the archive',
    );
  });
});
