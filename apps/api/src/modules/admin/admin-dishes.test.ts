import { minor } from '@storefront/domain';
import { adminDish, adminDishList, positionsResponse } from '@storefront/domain/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { adminAuditLog, catalogRevision, positions } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  demoDishId,
  errorsOf,
} from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { getValid } from '../../test/http.ts';
import { cart, DAY, line, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  // A Wednesday noon in Kazan: restaurant 1 is open, so the preflight prices its lines.
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'dishes'));
});
afterAll(() => close());

const dishUrl = (id: number) => `/api/v1/admin/dishes/${id}`;
const read = async (id: number, who: AdminRole = 'manager') => {
  const response = await adminCall(app, 'GET', dishUrl(id), as[who]);
  expect(response.statusCode, response.body).toBe(200);
  return { dish: adminDish.parse(response.json()), etag: response.headers.etag as string };
};
const patch = (id: number, body: unknown, ifMatch: string | undefined, who: AdminRole = 'manager') =>
  adminCall(
    app,
    'PATCH',
    dishUrl(id),
    { ...as[who], ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    body,
  );
const revision = async () =>
  (await database.db.select().from(catalogRevision).where(eq(catalogRevision.id, 1)))[0]?.revision;

describe('reading dishes', () => {
  it('finds the brand’s dishes by Russian or English name and answers a dish’s version as its ETag', async () => {
    const id = await demoDishId(database.db, 0);
    const { dish, etag } = await read(id);
    expect(etag).toBe(`"${dish.version}"`);
    const ruWord = dish.name.ru.split(' ')[0] ?? '';
    const byRu = adminDishList.parse(
      (
        await adminCall(
          app,
          'GET',
          `/api/v1/admin/dishes?q=${encodeURIComponent(ruWord.toUpperCase())}`,
          as.manager,
        )
      ).json(),
    );
    expect(byRu.dishes.map((d) => d.id)).toContain(id);
    expect(
      byRu.dishes.every((d) =>
        `${d.name.ru} ${d.name.en ?? ''}`.toLowerCase().includes(ruWord.toLowerCase()),
      ),
    ).toBe(true);
    if (dish.name.en) {
      const byEn = adminDishList.parse(
        (
          await adminCall(
            app,
            'GET',
            `/api/v1/admin/dishes?q=${encodeURIComponent(dish.name.en)}`,
            as.manager,
          )
        ).json(),
      );
      expect(byEn.dishes.map((d) => d.id)).toContain(id);
    }
    const page = adminDishList.parse(
      (await adminCall(app, 'GET', '/api/v1/admin/dishes?menuId=1&limit=2&offset=1', as.operator)).json(),
    );
    expect(page.dishes).toHaveLength(2);
    expect(page.total).toBeGreaterThan(3);
    expect(page.dishes.every((d) => d.menuId === 1)).toBe(true);
    // '%' is a character to find, not a wildcard.
    const none = adminDishList.parse(
      (await adminCall(app, 'GET', '/api/v1/admin/dishes?q=%25', as.manager)).json(),
    );
    expect(none.total).toBe(0);
  });
});

describe('changing a dish', () => {
  it('saves under If-Match, bumps the version, and the storefront’s menu and preflight show the new price', async () => {
    const id = await demoDishId(database.db, 0);
    const { dish, etag } = await read(id);
    const before = await priced(app, cart({ positions: [line(id, 1)] }));
    expect((before.positions as { id: number; price: number }[])[0]?.price).toBe(dish.price);
    const revisionBefore = await revision();

    const newPrice = dish.price + 1_000;
    const response = await patch(id, { price: newPrice }, etag);
    expect(response.statusCode, response.body).toBe(200);
    const saved = adminDish.parse(response.json());
    expect(saved).toMatchObject({ id, price: newPrice, version: dish.version + 1, name: dish.name });
    expect(response.headers.etag).toBe(`"${dish.version + 1}"`);
    expect(Number(await revision())).toBeGreaterThan(Number(revisionBefore));

    // This instance reloaded at once; another one would on its next poll (catalog.refresh()).
    await app.catalog.refresh();
    const menu = await getValid(app, '/1/p/menus/1/positions', positionsResponse);
    expect(menu.find((p) => p.id === id)?.price).toBe(newPrice);
    const after = await priced(app, cart({ positions: [line(id, 1)] }));
    expect((after.positions as { id: number; price: number }[])[0]?.price).toBe(newPrice);
  });

  it('hides a dish: it leaves the menu', async () => {
    const id = await demoDishId(database.db, 5);
    const { etag } = await read(id);
    const response = await patch(
      id,
      { isPublished: false, name: { ru: 'Скрытое', en: 'Hidden' } },
      etag,
      'owner',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(adminDish.parse(response.json())).toMatchObject({
      isPublished: false,
      name: { ru: 'Скрытое', en: 'Hidden' },
    });
    const menu = await getValid(app, '/1/p/menus/1/positions', positionsResponse);
    expect(menu.some((p) => p.id === id)).toBe(false);
  });

  it('answers a stale version 412 with the dish as it is now, and no If-Match 428; nothing changes', async () => {
    const id = await demoDishId(database.db, 1);
    const { dish, etag } = await read(id);
    const first = await patch(id, { price: dish.price + 100 }, etag);
    expect(first.statusCode).toBe(200);

    const fingerprint = await databaseFingerprint(database.db);
    const stale = await patch(id, { price: dish.price + 200 }, etag);
    expect(stale.statusCode).toBe(412);
    expect(errorsOf(stale)[0]?.code).toBe('admin.version-stale');
    const body = stale.json() as { current: unknown };
    expect(adminDish.parse(body.current)).toMatchObject({
      price: dish.price + 100,
      version: dish.version + 1,
    });
    expect(stale.headers.etag).toBe(`"${dish.version + 1}"`);

    const missing = await patch(id, { price: dish.price + 300 }, undefined);
    expect(missing.statusCode).toBe(428);
    expect(errorsOf(missing)[0]?.code).toBe('admin.version-required');
    const junk = await patch(id, { price: dish.price + 300 }, 'not-a-version');
    expect(junk.statusCode).toBe(412);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    // The weak form of the current ETag is taken.
    expect((await patch(id, { price: dish.price + 300 }, `W/"${dish.version + 1}"`)).statusCode).toBe(200);
  });

  it('refuses bad input with field errors from the contract, in the request’s language, changing nothing', async () => {
    const id = await demoDishId(database.db, 2);
    const { etag } = await read(id);
    const fingerprint = await databaseFingerprint(database.db);
    const cases: [unknown, string][] = [
      [{ name: { ru: '   ' } }, 'name.ru'],
      [{ name: { ru: 'x'.repeat(121) } }, 'name.ru'],
      [{ name: { ru: 'Борщ', en: '' } }, 'name.en'],
      [{ description: { ru: 'x'.repeat(2001) } }, 'description.ru'],
      [{ price: -1 }, 'price'],
      [{ price: 0 }, 'price'],
      [{ price: 10.5 }, 'price'],
      [{ price: '100' }, 'price'],
      [{ isPublished: 'yes' }, 'isPublished'],
      [{}, ''],
    ];
    for (const [body, field] of cases) {
      const response = await adminCall(
        app,
        'PATCH',
        dishUrl(id),
        { ...as.manager, 'if-match': etag, 'accept-language': 'en' },
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const [error] = errorsOf(response);
      expect(error?.code).toBe('request.invalid');
      expect(error?.field ?? '').toBe(field);
      expect(error?.message).toMatch(/[a-z]/);
    }
    const unknown = await patch(987_654, { price: 100 }, '"1"');
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)[0]).toMatchObject({ code: 'position.not-found', field: 'positionId' });
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});

describe('roles and brands', () => {
  it('refuses an operator every change with 403 admin.forbidden-role in the request’s language', async () => {
    const id = await demoDishId(database.db, 3);
    const { etag } = await read(id, 'operator');
    const fingerprint = await databaseFingerprint(database.db);
    const ru = await patch(id, { price: 100 }, etag, 'operator');
    expect(ru.statusCode).toBe(403);
    expect(errorsOf(ru)[0]).toMatchObject({
      code: 'admin.forbidden-role',
      message: 'Ваша роль не позволяет это делать',
    });
    const en = await adminCall(
      app,
      'POST',
      '/api/v1/admin/dishes/bulk-price',
      { ...as.operator, 'accept-language': 'en' },
      {
        positionIds: [id],
        change: { amount: 100 },
      },
    );
    expect(en.statusCode).toBe(403);
    expect(errorsOf(en)[0]).toMatchObject({
      code: 'admin.forbidden-role',
      message: 'Your role does not allow this',
    });
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    // An owner may, as a manager.
    expect((await patch(id, { price: 12_300 }, etag, 'owner')).statusCode).toBe(200);
  });

  it('lets a manager of one brand touch nothing of another’s: not listed, not read, not changed', async () => {
    const foreign = await addOtherBrandDish(database.db);
    const list = adminDishList.parse(
      (
        await adminCall(
          app,
          'GET',
          `/api/v1/admin/dishes?limit=100&q=${encodeURIComponent('Чужое')}`,
          as.manager,
        )
      ).json(),
    );
    expect(list.total).toBe(0);
    const fingerprint = await databaseFingerprint(database.db);
    expect((await adminCall(app, 'GET', dishUrl(foreign), as.manager)).statusCode).toBe(404);
    const patched = await patch(foreign, { price: 1 }, '"1"');
    expect(patched.statusCode).toBe(404);
    expect(errorsOf(patched)[0]?.code).toBe('position.not-found');
    const own = await demoDishId(database.db, 4);
    const bulk = await adminCall(app, 'POST', '/api/v1/admin/dishes/bulk-price', as.owner, {
      positionIds: [own, foreign],
      change: { amount: -1 },
    });
    expect(bulk.statusCode).toBe(404);
    expect(errorsOf(bulk)[0]).toMatchObject({ code: 'position.not-found', field: 'positionIds.1' });
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    const [row] = await database.db
      .select({ price: positions.price })
      .from(positions)
      .where(eq(positions.id, foreign));
    expect(row?.price).toBe(50_000);
  });

  it('answers 401 without a staff token and to a customer’s', async () => {
    const id = await demoDishId(database.db, 0);
    expect((await adminCall(app, 'GET', dishUrl(id), {})).statusCode).toBe(401);
    const customer = await app.authentication.tokens.sign(1);
    expect(
      (await adminCall(app, 'GET', dishUrl(id), { authorization: `Bearer ${customer}` })).statusCode,
    ).toBe(401);
  });
});

describe('bulk price change', () => {
  it('rounds each dish’s change to whole kopecks in one transaction, with one audit entry per dish', async () => {
    const ids = [await demoDishId(database.db, 6), await demoDishId(database.db, 7)];
    const [a, b] = ids as [number, number];
    await database.db
      .update(positions)
      .set({ price: minor(1_005) })
      .where(eq(positions.id, a));
    await database.db
      .update(positions)
      .set({ price: minor(333) })
      .where(eq(positions.id, b));
    const versions = await Promise.all(ids.map(async (id) => (await read(id)).dish.version));
    const lastEntry = async () =>
      (await database.db.select({ id: adminAuditLog.id }).from(adminAuditLog)).reduce(
        (max, r) => Math.max(max, r.id),
        0,
      );
    const since = await lastEntry();

    const up = await adminCall(app, 'POST', '/api/v1/admin/dishes/bulk-price', as.manager, {
      positionIds: ids,
      change: { percent: 10 },
    });
    expect(up.statusCode, up.body).toBe(200);
    // 100.5 → +101; 33.3 → +33.
    const dishes = (up.json() as { dishes: { id: number; price: number; version: number }[] }).dishes;
    expect(dishes.map((d) => [d.id, d.price, d.version])).toEqual([
      [a, 1_106, (versions[0] ?? 0) + 1],
      [b, 366, (versions[1] ?? 0) + 1],
    ]);
    const entries = await database.db
      .select()
      .from(adminAuditLog)
      .where(inArray(adminAuditLog.entityId, ids));
    const fresh = entries.filter((e) => e.id > since);
    expect(fresh.map((e) => [e.entityId, e.action, e.before.price, e.after.price]).sort()).toEqual(
      [
        [a, 'bulk-price', 1_005, 1_106],
        [b, 'bulk-price', 333, 366],
      ].sort(),
    );

    // −10 % of 1 106 is 110.6 → −111 and of 366 is 36.6 → −37.
    const down = await adminCall(app, 'POST', '/api/v1/admin/dishes/bulk-price', as.manager, {
      positionIds: ids,
      change: { percent: -10 },
    });
    expect((down.json() as { dishes: { price: number }[] }).dishes.map((d) => d.price)).toEqual([995, 329]);
  });

  it('refuses a result at zero or below for any dish and changes none of them', async () => {
    const ids = [await demoDishId(database.db, 8), await demoDishId(database.db, 9)];
    await database.db
      .update(positions)
      .set({ price: minor(50_000) })
      .where(eq(positions.id, ids[0] ?? 0));
    await database.db
      .update(positions)
      .set({ price: minor(300) })
      .where(eq(positions.id, ids[1] ?? 0));
    const fingerprint = await databaseFingerprint(database.db);
    const response = await adminCall(app, 'POST', '/api/v1/admin/dishes/bulk-price', as.manager, {
      positionIds: ids,
      change: { amount: -300 },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]?.code).toBe('admin.price-out-of-range');
    expect(response.json()).toMatchObject({ positionId: ids[1], price: 0 });
    const tooPrecise = await adminCall(app, 'POST', '/api/v1/admin/dishes/bulk-price', as.manager, {
      positionIds: ids,
      change: { percent: 1.234 },
    });
    expect(tooPrecise.statusCode).toBe(400);
    const both = await adminCall(app, 'POST', '/api/v1/admin/dishes/bulk-price', as.manager, {
      positionIds: ids,
      change: { percent: 1, amount: 1 },
    });
    expect(both.statusCode).toBe(400);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});
