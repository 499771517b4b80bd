import {
  adminAuditEntry,
  adminAuditList,
  adminDish,
  adminGroup,
  adminGroupList,
  positionsResponse,
} from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { adminAuditLog } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  demoDishId,
  errorsOf,
} from '../../test/admin-kit.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { getValid } from '../../test/http.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let staffIds: Record<AdminRole, number>;
const clock = testClock();

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  ({ headers: as, ids: staffIds } = await addAdminStaff(app, database.db, 'audit'));
});
afterAll(() => close());

const dishUrl = (id: number) => `/api/v1/admin/dishes/${id}`;
async function setPrice(id: number, price: number, who: AdminRole = 'manager') {
  const read = await adminCall(app, 'GET', dishUrl(id), as[who]);
  const response = await adminCall(
    app,
    'PATCH',
    dishUrl(id),
    { ...as[who], 'if-match': read.headers.etag as string },
    { price },
  );
  expect(response.statusCode, response.body).toBe(200);
  return adminDish.parse(response.json());
}
const audit = async (query: string, who: AdminRole = 'manager') => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}`, as[who]);
  expect(response.statusCode, response.body).toBe(200);
  return adminAuditList.parse(response.json());
};
const revert = (entryId: number, who: AdminRole = 'manager') =>
  adminCall(app, 'POST', `/api/v1/admin/audit/${entryId}/revert`, as[who]);
const menuPrice = async (id: number) =>
  (await getValid(app, '/1/p/menus/1/positions', positionsResponse)).find((p) => p.id === id)?.price;

describe('the audit trail', () => {
  it('keeps who, when (the API’s clock), and before and after of each change, newest first, paged by id', async () => {
    const id = await demoDishId(database.db, 10);
    const original = adminDish.parse((await adminCall(app, 'GET', dishUrl(id), as.manager)).json());
    await setPrice(id, 11_100, 'manager');
    clock.advance(60);
    await setPrice(id, 22_200, 'owner');

    const { entries, nextBefore } = await audit(`entity=dish&entityId=${id}`);
    expect(nextBefore).toBeNull();
    expect(entries.map((e) => [e.staff.login, e.action, e.before.price, e.after.price])).toEqual([
      ['audit-owner', 'update', 11_100, 22_200],
      ['audit-manager', 'update', original.price, 11_100],
    ]);
    expect(entries[0]?.at).toBe(new Date(clock.now()).toISOString());
    expect(entries[1]?.at).toBe(new Date(clock.now() - 60_000).toISOString());
    expect(entries[0]?.after).toEqual({
      name: original.name,
      description: original.description,
      price: 22_200,
      isPublished: original.isPublished,
      measure: original.measure,
      groupId: original.groupId,
      order: original.order,
      isAdult: original.isAdult,
      tagIds: original.tagIds,
    });

    const first = await audit(`entity=dish&entityId=${id}&limit=1`);
    expect(first.entries.map((e) => e.id)).toEqual([entries[0]?.id]);
    expect(first.nextBefore).toBe(entries[0]?.id);
    const second = await audit(`entity=dish&entityId=${id}&limit=1&before=${first.nextBefore}`);
    expect(second.entries.map((e) => e.id)).toEqual([entries[1]?.id]);
    expect(second.nextBefore).toBeNull();
  });

  it('shows a brand only its own entries, and an operator none', async () => {
    const foreign = await addOtherBrandDish(database.db, 'audit-other');
    const [row] = await database.db
      .insert(adminAuditLog)
      .values({
        whiteLabelId: 'audit-other',
        staffLogin: 'elsewhere',
        at: new Date(clock.now()),
        entityKind: 'dish',
        entityId: foreign,
        action: 'update',
        before: { price: 1 },
        after: { price: 50_000 },
      })
      .returning({ id: adminAuditLog.id });
    const all = await audit('limit=100');
    expect(all.entries.some((e) => e.id === row?.id)).toBe(false);
    const response = await revert(row?.id ?? 0);
    expect(response.statusCode).toBe(404);
    expect(errorsOf(response)[0]?.code).toBe('admin.audit-entry-not-found');

    const operator = await adminCall(app, 'GET', '/api/v1/admin/audit', as.operator);
    expect(operator.statusCode).toBe(403);
    expect(errorsOf(operator)[0]?.code).toBe('admin.forbidden-role');
    expect((await revert(all.entries[0]?.id ?? 0, 'operator')).statusCode).toBe(403);
  });
});

describe('reverting a change', () => {
  it('restores the state before, as an audited change of its own, and only once', async () => {
    const id = await demoDishId(database.db, 11);
    const original = adminDish.parse((await adminCall(app, 'GET', dishUrl(id), as.manager)).json());
    const changed = await setPrice(id, original.price + 5_000);
    const [entry] = (await audit(`entity=dish&entityId=${id}&limit=1`)).entries;
    if (!entry) throw new Error('no entry');

    const response = await revert(entry.id);
    expect(response.statusCode, response.body).toBe(200);
    const undo = adminAuditEntry.parse(response.json());
    expect(undo).toMatchObject({
      action: 'revert',
      entityId: id,
      revertsEntryId: entry.id,
      staff: { login: 'audit-manager' },
      before: { price: original.price + 5_000 },
      after: { price: original.price },
    });
    const now = adminDish.parse((await adminCall(app, 'GET', dishUrl(id), as.manager)).json());
    expect(now).toMatchObject({ price: original.price, version: changed.version + 1 });
    expect(await menuPrice(id)).toBe(original.price);
    const [marked] = (await audit(`entity=dish&entityId=${id}&limit=2`)).entries.filter(
      (e) => e.id === entry.id,
    );
    expect(marked?.revertedByEntryId).toBe(undo.id);

    const fingerprint = await databaseFingerprint(database.db);
    const twice = await revert(entry.id);
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]?.code).toBe('admin.already-reverted');
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('undoes an entry holding fewer fields (the first slice’s) by those fields only, leaving the others', async () => {
    const id = await demoDishId(database.db, 13);
    const original = adminDish.parse((await adminCall(app, 'GET', dishUrl(id), as.manager)).json());
    const read = await adminCall(app, 'GET', dishUrl(id), as.manager);
    const changed = await adminCall(
      app,
      'PATCH',
      dishUrl(id),
      { ...as.manager, 'if-match': read.headers.etag as string },
      { isAdult: !original.isAdult, price: original.price + 700 },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await database.db
      .insert(adminAuditLog)
      .values({
        whiteLabelId: 'demo',
        staffLogin: 'before-the-second-slice',
        at: new Date(clock.now()),
        entityKind: 'dish',
        entityId: id,
        action: 'update',
        before: {
          name: original.name,
          description: original.description,
          price: original.price,
          isPublished: true,
        },
        after: {
          name: original.name,
          description: original.description,
          price: original.price + 700,
          isPublished: true,
        },
      })
      .returning({ id: adminAuditLog.id });

    const response = await revert(row?.id ?? 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(adminAuditEntry.parse(response.json()).after).toEqual({
      name: original.name,
      description: original.description,
      price: original.price,
      isPublished: true,
    });
    expect(adminDish.parse((await adminCall(app, 'GET', dishUrl(id), as.manager)).json())).toMatchObject({
      price: original.price,
      isAdult: !original.isAdult,
    });
  });

  it('refuses while the row has changed since (409 admin.changed-since), and not once it is back', async () => {
    const id = await demoDishId(database.db, 12);
    await setPrice(id, 10_000);
    const [first] = (await audit(`entity=dish&entityId=${id}&limit=1`)).entries;
    await setPrice(id, 20_000);
    const [second] = (await audit(`entity=dish&entityId=${id}&limit=1`)).entries;
    if (!first || !second) throw new Error('no entries');

    const fingerprint = await databaseFingerprint(database.db);
    const refused = await adminCall(app, 'POST', `/api/v1/admin/audit/${first.id}/revert`, {
      ...as.manager,
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]).toMatchObject({
      code: 'admin.changed-since',
      message: 'It has been changed since, so this cannot be undone',
    });
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);

    expect((await revert(second.id)).statusCode).toBe(200);
    // The row holds the first change's `after` again: that one may be undone now.
    expect((await revert(first.id)).statusCode).toBe(200);
    expect(await menuPrice(id)).toBe(first.before.price);
  });
});

describe('the names an entry keeps', () => {
  const groupsOf = async (menuId: number) =>
    adminGroupList.parse(
      (await adminCall(app, 'GET', `/api/v1/admin/menus/${menuId}/groups`, as.manager)).json(),
    ).groups;
  async function renameGroup(groupId: number, name: { ru: string; en?: string }) {
    const version = `"${(await groupsOf(1)).find((g) => g.id === groupId)?.version}"`;
    const response = await adminCall(
      app,
      'PATCH',
      `/api/v1/admin/groups/${groupId}`,
      { ...as.manager, 'if-match': version },
      { name },
    );
    expect(response.statusCode, response.body).toBe(200);
    return adminGroup.parse(response.json());
  }

  it('writes the menu’s and the groups’ names into a reorder’s entry, as they were; its revert still compares ids only', async () => {
    const groups = await groupsOf(1);
    const [first, second] = groups;
    if (!first || !second) throw new Error('menu 1 has fewer than two groups');
    const ids = groups.map((g) => g.id);
    const moved = [second.id, first.id, ...ids.slice(2)];
    const response = await adminCall(app, 'PUT', '/api/v1/admin/menus/1/groups/order', as.manager, {
      groupIds: moved,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = (await audit('entity=menu-group-order&entityId=1&limit=1')).entries;
    if (!entry) throw new Error('no entry');
    expect(entry.before).toEqual({ groupIds: ids });
    expect(entry.after).toEqual({ groupIds: moved });
    const menu = (await adminCall(app, 'GET', '/api/v1/admin/menus/1', as.manager)).json() as {
      name: unknown;
    };
    expect(entry.summary?.name).toEqual(menu.name);
    expect(entry.summary?.groups).toEqual(Object.fromEntries(groups.map((g) => [String(g.id), g.name])));

    // A rename afterwards does not rewrite the entry: it names the group as it was when moved.
    const renamed = await renameGroup(first.id, { ru: `${first.name.ru} (новое)` });
    const [again] = (await audit('entity=menu-group-order&entityId=1&limit=1')).entries;
    expect(again?.summary?.groups?.[String(first.id)]).toEqual(first.name);

    const undo = await revert(entry.id);
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = adminAuditEntry.parse(undo.json());
    expect(undone.after).toEqual({ groupIds: ids });
    expect(undone.summary?.groups?.[String(first.id)]).toEqual(renamed.name);
    expect((await groupsOf(1)).map((g) => g.id)).toEqual(ids);
    await renameGroup(first.id, first.name);
  });

  it('names the group of a dishes’ reorder and its dishes, and the account of a password reset', async () => {
    const group = (await groupsOf(1)).find((g) => g.dishCount >= 2);
    if (!group) throw new Error('menu 1 has no group of two dishes');
    const dishes = (
      await adminCall(app, 'GET', '/api/v1/admin/dishes?menuId=1&limit=100', as.manager)
    ).json() as {
      dishes: { id: number; groupId: number | null; order: number; name: { ru: string } }[];
    };
    const inGroup = dishes.dishes
      .filter((d) => d.groupId === group.id)
      .sort((a, b) => a.order - b.order || a.id - b.id);
    const ids = inGroup.map((d) => d.id);
    const moved = [...ids].reverse();
    const response = await adminCall(
      app,
      'PUT',
      `/api/v1/admin/groups/${group.id}/dishes/order`,
      as.manager,
      {
        positionIds: moved,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = (await audit(`entity=group-dish-order&entityId=${group.id}&limit=1`)).entries;
    expect(entry?.summary).toEqual({
      name: group.name,
      dishes: Object.fromEntries(inGroup.map((d) => [String(d.id), d.name])),
    });
    expect((await revert(entry?.id ?? 0)).statusCode).toBe(200);

    const reset = await adminCall(app, 'POST', `/api/v1/admin/staff/${staffIds.operator}/password`, as.owner);
    expect(reset.statusCode, reset.body).toBe(200);
    const [resetEntry] = (await audit(`entity=staff&entityId=${staffIds.operator}&limit=1`)).entries;
    expect(resetEntry).toMatchObject({
      action: 'password-reset',
      before: {},
      after: {},
      summary: { name: 'audit-operator' },
    });
  });

  it('adds nothing a state already names (a dish’s change), and answers null for an entry written before names', async () => {
    const id = await demoDishId(database.db, 14);
    await setPrice(id, 12_300);
    const [entry] = (await audit(`entity=dish&entityId=${id}&limit=1`)).entries;
    expect(entry?.summary).toBeNull();
    const [row] = await database.db
      .insert(adminAuditLog)
      .values({
        whiteLabelId: 'demo',
        staffLogin: 'before-names',
        at: new Date(clock.now()),
        entityKind: 'group',
        entityId: 1,
        action: 'photo-add',
        before: { photos: [] },
        after: { photos: ['/media/a.jpg'] },
      })
      .returning({ id: adminAuditLog.id });
    const old = (await audit('entity=group&entityId=1&limit=100')).entries.find((e) => e.id === row?.id);
    expect(old).toMatchObject({ summary: null, before: { photos: [] } });
  });
});
