import { adminAuditList, adminMenu, adminMenuList } from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { cart, codesOf, DAY, line, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'menus'));
});
afterAll(() => close());

const menuUrl = (id: number) => `/api/v1/admin/menus/${id}`;
const getMenu = async (id: number) => {
  const response = await adminCall(app, 'GET', menuUrl(id), as.manager);
  expect(response.statusCode, response.body).toBe(200);
  return adminMenu.parse(response.json());
};
const patch = (id: number, body: unknown, ifMatch: string | undefined, who: AdminRole = 'manager') =>
  adminCall(
    app,
    'PATCH',
    menuUrl(id),
    { ...as[who], ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    body,
  );
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('menus in the back office', () => {
  it('lists the brand’s menus with counts, restaurants and methods to every role, and none of another brand', async () => {
    await addOtherBrandDish(database.db, 'menus-other');
    for (const who of ['owner', 'manager', 'operator'] as const) {
      const response = await adminCall(app, 'GET', '/api/v1/admin/menus', as[who]);
      expect(response.statusCode).toBe(200);
      const { menus } = adminMenuList.parse(response.json());
      expect(menus.map((m) => m.id)).toContain(1);
      const main = menus.find((m) => m.id === 1);
      expect(main?.groupCount).toBeGreaterThan(0);
      expect(main?.dishCount).toBeGreaterThan(0);
      expect(main?.restoIds).toContain(1);
      expect(main?.methods.isDelivery).toBe(true);
      expect(menus.every((m) => m.name.ru !== 'Чужое меню')).toBe(true);
    }
    expect((await adminCall(app, 'GET', '/api/v1/admin/menus', {})).statusCode).toBe(401);
  });

  it('answers another brand’s menu as 404 and an operator’s write as 403, changing nothing', async () => {
    const otherDish = await addOtherBrandDish(database.db, 'menus-other-2');
    const [row] = await database.db
      .select({ menuId: positions.menuId })
      .from(positions)
      .where(eq(positions.id, otherDish));
    const foreign = row?.menuId ?? 0;
    expect((await adminCall(app, 'GET', menuUrl(foreign), as.manager)).statusCode).toBe(404);
    const before = await databaseFingerprint(database.db);
    expect((await patch(foreign, { order: 3 }, '"1"')).statusCode).toBe(404);
    const forbidden = await patch(1, { order: 3 }, '"1"', 'operator');
    expect(forbidden.statusCode).toBe(403);
    expect(errorsOf(forbidden)[0]?.code).toBe('admin.forbidden-role');
    expect(
      (await adminCall(app, 'POST', '/api/v1/admin/menus', as.operator, { name: { ru: 'X' } })).statusCode,
    ).toBe(403);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('creates a menu selling nothing until switched on; a foreign restaurant is a 422 naming restoIds', async () => {
    const bad = await adminCall(
      app,
      'POST',
      '/api/v1/admin/menus',
      { ...as.manager, 'accept-language': 'en' },
      {
        name: { ru: 'Новое' },
        restoIds: [1, 999_999],
      },
    );
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)[0]).toMatchObject({
      code: 'admin.resto-not-found',
      field: 'restoIds',
      message: 'There is no such restaurant',
    });
    const blank = await adminCall(app, 'POST', '/api/v1/admin/menus', as.manager, { name: { ru: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(errorsOf(blank)[0]?.field).toBe('name.ru');
    const long = await adminCall(app, 'POST', '/api/v1/admin/menus', as.manager, {
      name: { ru: 'x'.repeat(121) },
    });
    expect(long.statusCode).toBe(400);
    const created = await adminCall(app, 'POST', '/api/v1/admin/menus', as.owner, {
      name: { ru: 'Ночное', en: 'Night' },
      restoIds: [1],
    });
    expect(created.statusCode, created.body).toBe(201);
    const menu = adminMenu.parse(created.json());
    expect(created.headers.etag).toBe('"1"');
    expect(menu).toMatchObject({
      restoIds: [1],
      groupCount: 0,
      dishCount: 0,
      methods: { isDelivery: false, isTakeAway: false },
    });
    expect((await lastEntry(`entity=menu&entityId=${menu.id}`)).action).toBe('create');
  });

  it('changes a menu under If-Match (428, 412 with the row now), audited, and the revert puts it back', async () => {
    const menu = await getMenu(1);
    expect((await patch(1, { order: 5 }, undefined)).statusCode).toBe(428);
    const stale = await patch(1, { order: 5 }, `"${menu.version + 7}"`);
    expect(stale.statusCode).toBe(412);
    expect((stale.json() as { current: { version: number } }).current.version).toBe(menu.version);
    const changed = await patch(1, { name: { ru: 'Главное', en: 'Main' }, order: 4 }, `"${menu.version}"`);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminMenu.parse(changed.json())).toMatchObject({
      name: { ru: 'Главное' },
      order: 4,
      version: menu.version + 1,
    });
    const entry = await lastEntry('entity=menu&entityId=1');
    expect(entry.before).toMatchObject({ order: menu.order, name: menu.name });
    const reverted = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager);
    expect(reverted.statusCode, reverted.body).toBe(200);
    const back = await getMenu(1);
    expect(back).toMatchObject({ name: menu.name, order: menu.order, version: menu.version + 2 });
  });

  it('a menu switched off for take-away leaves the restaurant’s take-away: the preflight refuses its dishes, the revert sells them again', async () => {
    expect(codesOf(await priced(app, cart({ positions: [line(1, 1)] })))).not.toContain(
      'person-order.position-not-found-in-resto',
    );
    const menu = await getMenu(1);
    const off = await patch(1, { methods: { isTakeAway: false } }, `"${menu.version}"`);
    expect(off.statusCode, off.body).toBe(200);
    expect(adminMenu.parse(off.json()).methods).toMatchObject({ isTakeAway: false, isDelivery: true });
    const refused = await priced(app, cart({ positions: [line(1, 1)] }));
    expect(codesOf(refused).length).toBeGreaterThan(0);
    const entry = await lastEntry('entity=menu&entityId=1');
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager)).statusCode,
    ).toBe(200);
    expect(codesOf(await priced(app, cart({ positions: [line(1, 1)] })))).toEqual([]);
  });

  it('restaurants listing a menu follow restoIds into the storefront', async () => {
    const menu = await getMenu(1);
    const without = menu.restoIds.filter((id) => id !== 1);
    const response = await patch(1, { restoIds: without }, `"${menu.version}"`);
    expect(response.statusCode, response.body).toBe(200);
    const resto1 = (await app.inject({ method: 'GET', url: '/1/p/restos/1' })).json() as {
      menus: { id: number }[];
    };
    expect(resto1.menus.map((m) => m.id)).not.toContain(1);
    const entry = await lastEntry('entity=menu&entityId=1');
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager)).statusCode,
    ).toBe(200);
    expect((await getMenu(1)).restoIds).toEqual(menu.restoIds);
  });
});
