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
