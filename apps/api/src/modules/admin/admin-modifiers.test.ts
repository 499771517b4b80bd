import { adminAuditList, adminModifierGroup, adminModifierGroupList } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, demoDishId, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { cart, codesOf, DAY, line, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'modifiers'));
});
afterAll(() => close());

const url = '/api/v1/admin/modifier-groups';
const patch = (id: number, body: unknown, ifMatch: string | undefined, who: AdminRole = 'manager') =>
  adminCall(
    app,
    'PATCH',
    `${url}/${id}`,
    { ...as[who], ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    body,
  );
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};

describe('modifier groups in the back office', () => {
  it('lists the brand’s groups to every role, by menu too', async () => {
    for (const who of ['owner', 'manager', 'operator'] as const) {
      const response = await adminCall(app, 'GET', `${url}?menuId=1`, as[who]);
      expect(response.statusCode).toBe(200);
      expect(adminModifierGroupList.parse(response.json()).groups.length).toBeGreaterThan(0);
    }
    expect((await adminCall(app, 'GET', `${url}/999999`, as.manager)).statusCode).toBe(404);
  });

  it('refuses bad counts, a foreign item and dish with a 422 naming the field, and an operator, changing nothing', async () => {
    const before = await databaseFingerprint(database.db);
    const create = (body: unknown, who: AdminRole = 'manager') => adminCall(app, 'POST', url, as[who], body);
    const item = { name: { ru: 'Соус' }, price: 0 };
    const minAboveMax = await create({ name: { ru: 'Г' }, minCount: 2, maxCount: 1, items: [item, item] });
    expect(minAboveMax.statusCode).toBe(422);
    expect(errorsOf(minAboveMax)[0]).toMatchObject({
      code: 'admin.modifier-counts-invalid',
      field: 'minCount',
    });
    const zeroMax = await create({ name: { ru: 'Г' }, minCount: 0, maxCount: 0, items: [item] });
    expect(errorsOf(zeroMax)[0]).toMatchObject({ code: 'admin.modifier-counts-invalid', field: 'maxCount' });
    const fewItems = await create({ name: { ru: 'Г' }, minCount: 2, maxCount: 3, items: [item] });
    expect(errorsOf(fewItems)[0]).toMatchObject({ code: 'admin.modifier-counts-invalid', field: 'minCount' });
    const foreignDish = await create({
      name: { ru: 'Г' },
      minCount: 0,
      maxCount: 1,
      items: [item],
      positionIds: [999_999],
    });
    expect(errorsOf(foreignDish)[0]).toMatchObject({ code: 'admin.dish-not-found', field: 'positionIds' });
    const negative = await create({
      name: { ru: 'Г' },
      minCount: 0,
      maxCount: 1,
      items: [{ ...item, price: -1 }],
    });
    expect(negative.statusCode).toBe(400);
    expect(errorsOf(negative)[0]?.field).toBe('items.0.price');
    expect(
      (await create({ name: { ru: 'Г' }, minCount: 0, maxCount: 1, items: [item] }, 'operator')).statusCode,
    ).toBe(403);
    const [group] = adminModifierGroupList.parse(
      (await adminCall(app, 'GET', url, as.manager)).json(),
    ).groups;
    if (!group) throw new Error('no group');
    const foreignItem = await patch(
      group.id,
      { items: [{ id: 999_999, name: { ru: 'X' }, price: 1 }] },
      `"${group.version}"`,
    );
    expect(foreignItem.statusCode).toBe(422);
    expect(errorsOf(foreignItem)[0]).toMatchObject({
      code: 'admin.modifier-item-not-found',
      field: 'items.0.id',
    });
    expect((await patch(group.id, { minCount: 0 }, undefined)).statusCode).toBe(428);
    expect((await patch(group.id, { minCount: 0 }, `"${group.version + 5}"`)).statusCode).toBe(412);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a new group attached to a dish: the preflight prices its item and requires its minimum; the revert detaches it', async () => {
    const dish = await demoDishId(database.db, 3);
    const created = await adminCall(app, 'POST', url, as.manager, {
      name: { ru: 'Соус к блюду', en: 'Sauce' },
      minCount: 1,
      maxCount: 1,
      items: [
        { name: { ru: 'Сырный' }, price: 4_500 },
        { name: { ru: 'Без соуса' }, price: 0 },
      ],
      positionIds: [dish],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = adminModifierGroup.parse(created.json());
    expect(group).toMatchObject({ positionIds: [dish], version: 1 });
    const [cheese] = group.items;
    if (!cheese) throw new Error('no item');
    const missing = await priced(app, cart({ positions: [line(dish, 1)] }));
    expect(codesOf(missing)).toContain('person-order.modifier-count-invalid');
    const chosen = await priced(
      app,
      cart({
        positions: [line(dish, 1, { modifiers: [{ id: cheese.id, modifierId: group.id, count: 1 }] })],
      }),
    );
    expect(codesOf(chosen)).toEqual([]);
    const priceOf = (answer: Awaited<ReturnType<typeof priced>>) =>
      (answer.positions as { modifiers: { price: number }[] }[])[0]?.modifiers[0]?.price;
    expect(priceOf(chosen)).toBe(4_500);

    const changed = await patch(
      group.id,
      { minCount: 0, items: [{ id: cheese.id, name: { ru: 'Сырный' }, price: 5_000 }] },
      '"1"',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminModifierGroup.parse(changed.json()).items.map((i) => i.id)).toEqual([cheese.id]);
    expect(
      priceOf(
        await priced(
          app,
          cart({
            positions: [line(dish, 1, { modifiers: [{ id: cheese.id, modifierId: group.id, count: 1 }] })],
          }),
        ),
      ),
    ).toBe(5_000);
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toEqual([]);

    const entry = await lastEntry(`entity=modifier-group&entityId=${group.id}`);
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager)).statusCode,
    ).toBe(200);
    const back = adminModifierGroup.parse(
      (await adminCall(app, 'GET', `${url}/${group.id}`, as.manager)).json(),
    );
    expect(back.items.map((i) => [i.id, i.price])).toEqual(group.items.map((i) => [i.id, i.price]));
    expect(back.minCount).toBe(1);

    const detached = await patch(group.id, { positionIds: [] }, `"${back.version}"`);
    expect(detached.statusCode).toBe(200);
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toEqual([]);
  });
});
