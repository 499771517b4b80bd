import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type MenuFile, menuFile, menuFileJsonSchema } from '@storefront/domain';
import { adminAuditList, adminMenuFileImportResult, positionsResponse } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { positions } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  errorsOf,
} from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { getValid } from '../../test/http.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

// The audit entry is the import's last write: failing it on demand proves the import is all or nothing.
const failing = vi.hoisted(() => ({ audit: false }));
vi.mock('./admin-audit-log.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./admin-audit-log.ts')>();
  return {
    ...original,
    writeAuditEntry: (...args: Parameters<typeof original.writeAuditEntry>) => {
      if (failing.audit) throw new Error('the audit log is down');
      return original.writeAuditEntry(...args);
    },
  };
});

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'menu-file'));
});
afterAll(() => close());

const FILE_URL = '/api/v1/admin/menu-file';
const exportFile = async (who: AdminRole = 'manager'): Promise<MenuFile> => {
  const response = await adminCall(app, 'GET', FILE_URL, as[who]);
  expect(response.statusCode, response.body).toBe(200);
  return menuFile.parse(response.json());
};
const importFile = (file: unknown, dryRun: boolean, who: AdminRole = 'manager') =>
  adminCall(app, 'POST', `${FILE_URL}?dryRun=${dryRun}`, as[who], file);
const resultOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return adminMenuFileImportResult.parse(response.json());
};
const clone = <T>(value: T): T => structuredClone(value);
const storefrontDishes = () => getValid(app, '/1/p/menus/1/positions', positionsResponse);
const importEntries = async () => {
  const response = await adminCall(
    app,
    'GET',
    '/api/v1/admin/audit?entity=menu-import&limit=100',
    as.manager,
  );
  expect(response.statusCode, response.body).toBe(200);
  return adminAuditList.parse(response.json()).entries;
};

describe('a brand’s menu file', () => {
  it('exports the whole menu to every role, and importing it back changes nothing', async () => {
    const file = await exportFile('operator');
    expect(file.menus.map((m) => m.key)).toEqual(['menu-1', 'menu-2']);
    expect(file.menus[0]?.dishes.length).toBeGreaterThan(30);
    expect(file.modifiers.length).toBeGreaterThan(0);
    expect(file.timeSlots.length).toBeGreaterThan(0);
    const dryRun = resultOf(await importFile(file, true));
    expect(dryRun).toEqual({
      applied: false,
      diff: { counts: { added: 0, changed: 0, hidden: 0 }, added: [], changed: [], hidden: [] },
    });
    const applied = resultOf(await importFile(file, false));
    expect(applied.applied).toBe(true);
    expect(applied.diff.counts).toEqual({ added: 0, changed: 0, hidden: 0 });
    expect(await exportFile()).toEqual(file);
  });

  it('answers the difference on a dry run without changing anything, then applies it in one audited step', async () => {
    const before = await exportFile();
    const file = clone(before);
    const menu = file.menus[0] as MenuFile['menus'][number];
    const [first, second] = menu.dishes;
    if (!first || !second) throw new Error('menu 1 has too few dishes');
    first.price += 1000;
    menu.dishes = menu.dishes.filter((d) => d.key !== second.key);
    for (const slot of file.timeSlots) slot.dishes = slot.dishes.filter((key) => key !== second.key);
    menu.dishes.push({
      ...first,
      key: 'new-roll',
      name: { ru: 'Новый ролл', en: 'New roll' },
      price: 45_000,
      modifiers: [],
    });
    const fingerprint = await databaseFingerprint(database.db);
    const dryRun = resultOf(await importFile(file, true));
    expect(dryRun.applied).toBe(false);
    expect(dryRun.diff.counts).toEqual({
      added: 1,
      changed: 1 + (before.timeSlots.some((s) => s.dishes.includes(second.key)) ? 1 : 0),
      hidden: 1,
    });
    expect(dryRun.diff.added).toEqual([{ kind: 'dish', key: 'new-roll' }]);
    expect(dryRun.diff.changed).toContainEqual({
      kind: 'dish',
      key: first.key,
      fields: [{ field: 'price', before: first.price - 1000, after: first.price }],
    });
    expect(dryRun.diff.hidden).toEqual([{ kind: 'dish', key: second.key }]);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    expect(await exportFile()).toEqual(before);

    const entriesBefore = (await importEntries()).length;
    const applied = resultOf(await importFile(file, false));
    expect(applied).toEqual({ ...dryRun, applied: true });
    const dishes = await storefrontDishes();
    expect(dishes.find((d) => JSON.stringify(d.name).includes('Новый ролл'))?.price).toBe(45_000);
    const firstId = Number(first.key.replace('dish-', ''));
    const secondId = Number(second.key.replace('dish-', ''));
    expect(dishes.find((d) => d.id === firstId)?.price).toBe(first.price);
    expect(dishes.some((d) => d.id === secondId)).toBe(false);
    const entries = await importEntries();
    expect(entries.length).toBe(entriesBefore + 1);
    expect(entries[0]).toMatchObject({ entity: 'menu-import', action: 'import' });
    // The hidden dish is still there, unpublished; importing the same file again changes nothing.
    const after = await exportFile();
    expect(after.menus[0]?.dishes.find((d) => d.key === second.key)?.published).toBe(false);
    expect(after.menus[0]?.dishes.some((d) => d.key === 'new-roll')).toBe(true);
    const again = clone(file);
    (again.menus[0] as MenuFile['menus'][number]).dishes.push({
      ...second,
      published: false,
    });
    expect(resultOf(await importFile(again, true)).diff.counts).toEqual({ added: 0, changed: 0, hidden: 0 });
    // The revert refuses an import: import the previous file instead.
    const revert = await adminCall(app, 'POST', `/api/v1/admin/audit/${entries[0]?.id}/revert`, as.manager);
    expect(revert.statusCode).toBe(409);
    expect(errorsOf(revert)[0]?.code).toBe('admin.not-revertible');
    // Putting the old file back restores the menu, the hidden dish shown again.
    resultOf(
      await importFile(
        {
          ...before,
          menus: before.menus.map((m, i) =>
            i === 0
              ? {
                  ...m,
                  dishes: [
                    ...m.dishes,
                    ...(after.menus[0]?.dishes
                      .filter((d) => d.key === 'new-roll')
                      .map((d) => ({ ...d, published: false })) ?? []),
                  ],
                }
              : m,
          ),
        },
        false,
      ),
    );
    expect((await storefrontDishes()).find((d) => d.id === secondId)?.price).toBe(second.price);
  });

  it('reports every problem of a file with its JSON path, in the caller’s language, and changes nothing', async () => {
    const file = clone(await exportFile());
    const menu = file.menus[0] as MenuFile['menus'][number];
    (menu.dishes[0] as { price: unknown }).price = -5;
    (menu.dishes[1] as { group: string }).group = 'no-such-group';
    (menu.dishes[2] as { tags: string[] }).tags = ['no-such-tag'];
    (menu.dishes[3] as { key: string }).key = (menu.dishes[4] as { key: string }).key;
    menu.restaurants = ['Я'];
    const fingerprint = await databaseFingerprint(database.db);
    const before = await exportFile();
    for (const dryRun of [true, false]) {
      const response = await adminCall(
        app,
        'POST',
        `${FILE_URL}?dryRun=${dryRun}`,
        { ...as.manager, 'accept-language': 'en' },
        file,
      );
      expect(response.statusCode, response.body).toBe(422);
      const errors = errorsOf(response);
      expect(errors.every((e) => e.code === 'admin.menu-file-invalid')).toBe(true);
      expect(errors.map((e) => e.field)).toEqual(['menus.0.dishes.0.price']);
    }
    // Shape problems are answered first; once the shape is right, every reference problem comes at once.
    (menu.dishes[0] as { price: number }).price = 100;
    const response = await adminCall(
      app,
      'POST',
      `${FILE_URL}?dryRun=false`,
      { ...as.manager, 'accept-language': 'en' },
      file,
    );
    expect(response.statusCode, response.body).toBe(422);
    const fields = errorsOf(response).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'menus.0.dishes.1.group',
        'menus.0.dishes.2.tags.0',
        'menus.0.dishes.4.key',
        'menus.0.restaurants.0',
      ]),
    );
    expect(errorsOf(response).find((e) => e.field === 'menus.0.dishes.1.group')?.message).toContain(
      'this menu has no group "no-such-group"',
    );
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    expect(await exportFile()).toEqual(before);
  });

  it('answers 422 with the path of every shape problem, never 500, for junk', async () => {
    for (const junk of [null, [], 'menu', { schemaVersion: 2, menus: [] }, { schemaVersion: 1 }]) {
      const response = await app.inject({
        method: 'POST',
        url: `${FILE_URL}?dryRun=true`,
        headers: { ...as.manager, 'content-type': 'application/json' },
        payload: JSON.stringify(junk),
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response).length).toBeGreaterThan(0);
    }
    const response = await importFile({ schemaVersion: 2, menus: [] }, true);
    expect(errorsOf(response).map((e) => e.field)).toEqual(['schemaVersion', 'menus']);
  });

  it('applies all or nothing: a failure at the last write leaves the menu as it was', async () => {
    const before = await exportFile();
    const file = clone(before);
    (file.menus[0]?.dishes[0] as { price: number }).price += 777;
    file.menus[0]?.dishes.push({
      ...(file.menus[0]?.dishes[0] as MenuFile['menus'][number]['dishes'][number]),
      key: 'never-added',
    });
    const fingerprint = await databaseFingerprint(database.db);
    failing.audit = true;
    try {
      const response = await importFile(file, false);
      expect(response.statusCode).toBe(500);
    } finally {
      failing.audit = false;
    }
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    expect(await exportFile()).toEqual(before);
  });

  it('lets an operator read but not import; without a token 401', async () => {
    const file = await exportFile('operator');
    const response = await importFile(file, true, 'operator');
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response)[0]?.code).toBe('admin.forbidden-role');
    expect((await app.inject({ method: 'GET', url: FILE_URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: FILE_URL, payload: file })).statusCode).toBe(401);
  });

  it('keeps to the token’s brand: another brand’s rows are neither exported nor touched', async () => {
    const otherDish = await addOtherBrandDish(database.db, 'menu-file-brand');
    const file = await exportFile();
    expect(file.menus.flatMap((m) => m.dishes).some((d) => d.key === `dish-${otherDish}`)).toBe(false);
    // A key naming their dish adds a dish to this brand; theirs stays as it was.
    const mine = clone(file);
    mine.menus[0]?.dishes.push({
      ...(mine.menus[0]?.dishes[0] as MenuFile['menus'][number]['dishes'][number]),
      key: `dish-${otherDish}`,
    });
    expect(resultOf(await importFile(mine, true)).diff.added).toEqual([
      { kind: 'dish', key: `dish-${otherDish}` },
    ]);
    const [theirs] = await database.db.select().from(positions).where(eq(positions.id, otherDish));
    expect(theirs?.menuId).not.toBe(1);
  });

  it('publishes docs/menu-file.schema.json as generated from the zod schema, and serves it', async () => {
    const path = fileURLToPath(new URL('../../../../../docs/menu-file.schema.json', import.meta.url));
    const published = JSON.parse(await readFile(path, 'utf8'));
    expect(published).toEqual(menuFileJsonSchema());
    const response = await app.inject({ method: 'GET', url: '/api/v1/admin/menu-file.schema.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(published);
  });
});

/** Text in Windows-1251, as a Russian Excel saves a CSV sheet: Cyrillic А–я from 0xC0, Ё ё, « », the rest ASCII. */
function windows1251(text: string): Buffer {
  const special: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '«': 0xab, '»': 0xbb };
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      const byte = special[char];
      if (byte === undefined) throw new Error(`no Windows-1251 byte for ${char}`);
      return byte;
    }),
  );
}

describe('the dishes as CSV', () => {
  const CSV_URL = '/api/v1/admin/dishes.csv';
  const postCsv = (text: string, dryRun: boolean, who: AdminRole = 'manager', lang = 'ru') =>
    app.inject({
      method: 'POST',
      url: `${CSV_URL}?dryRun=${dryRun}`,
      headers: { ...as[who], 'content-type': 'text/csv', 'accept-language': lang },
      payload: text,
    });

  it('exports every dish with a BOM, ";" and rubles with a decimal comma, and takes the same sheet back unchanged', async () => {
    const response = await adminCall(app, 'GET', CSV_URL, as.operator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith('\uFEFFkey;menu;group;name_ru;name_en;price;published\r\n')).toBe(true);
    const file = await exportFile();
    const first = file.menus[0]?.dishes[0];
    if (!first) throw new Error('no dish');
    const price = `${Math.trunc(first.price / 100)},${String(first.price % 100).padStart(2, '0')}`;
    expect(response.body).toContain(`\r\n${first.key};menu-1;`);
    expect(response.body).toContain(`;${price};yes\r\n`);
    expect(resultOf(await postCsv(response.body, true)).diff.counts).toEqual({
      added: 0,
      changed: 0,
      hidden: 0,
    });
  });

  it('edits the dishes its rows name from a "," sheet without a BOM, leaving the others as they are', async () => {
    const before = await exportFile();
    const [a, b] = before.menus[0]?.dishes ?? [];
    if (!a || !b) throw new Error('no dishes');
    const sheet = `key,name_ru,price,published\n${a.key},"Ролл, новый","1 250,50",да\n${b.key},${b.name.ru},99.9,нет\n`;
    const dryRun = resultOf(await postCsv(sheet, true));
    expect(dryRun.diff.counts).toEqual({ added: 0, changed: 2, hidden: 0 });
    expect(dryRun.diff.changed.find((c) => c.key === a.key)?.fields).toEqual([
      { field: 'name', before: a.name, after: { ...a.name, ru: 'Ролл, новый' } },
      { field: 'price', before: a.price, after: 125_050 },
    ]);
    const applied = resultOf(await postCsv(sheet, false));
    expect(applied.applied).toBe(true);
    const after = await exportFile();
    const dishes = after.menus[0]?.dishes ?? [];
    expect(dishes.find((d) => d.key === a.key)).toMatchObject({
      price: 125_050,
      name: { ru: 'Ролл, новый' },
    });
    expect(dishes.find((d) => d.key === b.key)).toMatchObject({ price: 9_990, published: false });
    expect(after.menus[1]).toEqual(before.menus[1]);
    // Back as they were, through the JSON file.
    resultOf(await importFile(before, false));
  });

  it('reports every bad row and column, in the caller’s language, and changes nothing', async () => {
    const file = await exportFile();
    const [a, b] = file.menus[0]?.dishes ?? [];
    if (!a || !b) throw new Error('no dishes');
    const fingerprint = await databaseFingerprint(database.db);
    const sheet = [
      '\uFEFFkey;name_ru;price;published',
      `${a.key};${a.name.ru};12,345;да`,
      'no-such-dish;Что-то;100;да',
      `${b.key};   ;100;может быть`,
      `${a.key};${a.name.ru};100;да`,
    ].join('\r\n');
    const response = await postCsv(sheet, false, 'manager', 'en');
    expect(response.statusCode, response.body).toBe(422);
    expect(errorsOf(response).map((e) => e.field)).toEqual([
      'row 2.price',
      'row 3.key',
      'row 4.published',
      'row 5.key',
    ]);
    expect(errorsOf(response)[0]?.message).toContain('the price must be rubles');
    // Once the sheet reads, the file's own checks are placed on it too: a blank name.
    const blank = await postCsv(`key;name_ru;price\n${b.key}; ;100`, true, 'manager', 'en');
    expect(blank.statusCode).toBe(422);
    expect(errorsOf(blank).map((e) => e.field)).toEqual(['row 2.name_ru']);
    const header = await postCsv('key;title;price\n', true);
    expect(errorsOf(header).map((e) => e.field)).toEqual(['row 1.title', 'row 1.name_ru']);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('reads a sheet a Russian Excel saved in Windows-1251 as well as one in UTF-8', async () => {
    const [dish] = (await exportFile()).menus[0]?.dishes ?? [];
    if (!dish) throw new Error('no dishes');
    const sheet = `key;name_ru;price\r\n${dish.key};Ролл «Осенний»;${dish.price / 100}\r\n`;
    for (const payload of [Buffer.from(sheet, 'utf8'), windows1251(sheet)]) {
      const response = await app.inject({
        method: 'POST',
        url: `${CSV_URL}?dryRun=true`,
        headers: { ...as.manager, 'content-type': 'text/csv' },
        payload,
      });
      expect(resultOf(response).diff.changed.find((c) => c.key === dish.key)?.fields).toEqual([
        { field: 'name', before: dish.name, after: { ...dish.name, ru: 'Ролл «Осенний»' } },
      ]);
    }
  });

  it('lets an operator read but not import', async () => {
    const response = await postCsv('key;name_ru;price\n', true, 'operator');
    expect(response.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: CSV_URL })).statusCode).toBe(401);
  });
});
