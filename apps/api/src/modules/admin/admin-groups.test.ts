import {
  adminAuditEntry,
  adminAuditList,
  adminDish,
  adminDishOrderResponse,
  adminGroup,
  adminGroupList,
  positionGroupsResponse,
  positionsResponse,
} from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { menus, positionGroups, positions, tags } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  errorsOf,
} from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { getValid } from '../../test/http.ts';
import { cart, codesOf, DAY, line, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  // A Wednesday noon in Kazan: restaurant 1 is open, so the preflight prices its lines.
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'groups'));
});
afterAll(() => close());

const groupsUrl = (menuId: number) => `/api/v1/admin/menus/${menuId}/groups`;
const groupUrl = (groupId: number) => `/api/v1/admin/groups/${groupId}`;
const listGroups = async (menuId = 1, who: AdminRole = 'manager') => {
  const response = await adminCall(app, 'GET', groupsUrl(menuId), as[who]);
  expect(response.statusCode, response.body).toBe(200);
  return adminGroupList.parse(response.json()).groups;
};
const patchGroup = (
  groupId: number,
  body: unknown,
  ifMatch: string | undefined,
  who: AdminRole = 'manager',
) =>
  adminCall(
    app,
    'PATCH',
    groupUrl(groupId),
    { ...as[who], ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    body,
  );
const storefrontGroups = async () =>
  (await getValid(app, '/1/p/menus/1/position-groups', positionGroupsResponse)).map((g) => g.id);
const storefrontDishes = () => getValid(app, '/1/p/menus/1/positions', positionsResponse);
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const revert = (entryId: number) =>
  adminCall(app, 'POST', `/api/v1/admin/audit/${entryId}/revert`, as.manager);
/** A shown group of menu 1 holding at least `min` published dishes, by its place in the list. */
async function groupWithDishes(min: number, index = 0) {
  const groups = (await listGroups()).filter((g) => g.isPublished && g.dishCount >= min);
  const group = groups[index];
  if (!group) throw new Error(`menu 1 has no group #${index} of ${min} dishes`);
  return group;
}

describe('a menu’s groups', () => {
  it('lists them in the storefront’s order with dish counts and versions, to every role of the brand only', async () => {
    const groups = await listGroups(1, 'operator');
    const shown = (await storefrontGroups()).filter((id) => id !== 0);
    expect(groups.map((g) => g.id)).toEqual(shown);
    const dishes = await storefrontDishes();
    for (const group of groups) {
      expect(group.version).toBeGreaterThanOrEqual(1);
      expect(group.dishCount).toBeGreaterThanOrEqual(
        dishes.filter((d) => d.positionGroup?.id === group.id).length,
      );
    }
    await addOtherBrandDish(database.db, 'groups-other');
    const [foreignMenu] = await database.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.whiteLabelId, 'groups-other'));
    const foreign = await adminCall(app, 'GET', groupsUrl(foreignMenu?.id ?? 0), as.manager);
    expect(foreign.statusCode).toBe(404);
    expect(errorsOf(foreign)[0]?.code).toBe('menu.not-found');
  });

  it('adds a group last in the menu, shown on the storefront; an operator may not, nor a manager of another brand’s menu', async () => {
    const before = await listGroups();
    const response = await adminCall(app, 'POST', groupsUrl(1), as.owner, {
      name: { ru: ' Супы ', en: 'Soups' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const group = adminGroup.parse(response.json());
    expect(group).toMatchObject({
      menuId: 1,
      name: { ru: 'Супы', en: 'Soups' },
      isPublished: true,
      dishCount: 0,
    });
    expect(response.headers.etag).toBe(`"${group.version}"`);
    expect((await listGroups()).map((g) => g.id)).toEqual([...before.map((g) => g.id), group.id]);
    expect(await storefrontGroups()).toContain(group.id);
    const created = await lastEntry(`entity=group&entityId=${group.id}`);
    expect(created).toMatchObject({ action: 'create', after: { name: { ru: 'Супы', en: 'Soups' } } });

    const fingerprint = await databaseFingerprint(database.db);
    const operator = await adminCall(app, 'POST', groupsUrl(1), as.operator, { name: { ru: 'Нет' } });
    expect(operator.statusCode).toBe(403);
    expect(errorsOf(operator)[0]?.code).toBe('admin.forbidden-role');
    const blank = await adminCall(app, 'POST', groupsUrl(1), as.manager, { name: { ru: '   ' } });
    expect(blank.statusCode).toBe(400);
    const [foreignMenu] = await database.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.whiteLabelId, 'groups-other'));
    const foreign = await adminCall(app, 'POST', groupsUrl(foreignMenu?.id ?? 0), as.manager, {
      name: { ru: 'Чужая' },
    });
    expect(foreign.statusCode).toBe(404);
    const undo = await revert(created.id);
    expect(undo.statusCode).toBe(409);
    expect(errorsOf(undo)[0]?.code).toBe('admin.not-revertible');
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});

describe('hiding a group', () => {
  it('takes it and its dishes off the menu, the preflight refusing them as a hidden dish; the revert shows them again', async () => {
    const group = await groupWithDishes(1);
    const [dish] = (await storefrontDishes()).filter((d) => d.positionGroup?.id === group.id);
    if (!dish) throw new Error('no dish');
    const answered = await priced(app, cart({ positions: [line(dish.id, 1)] }));
    expect(codesOf(answered)).not.toContain('person-order.position-not-found-in-resto');

    const response = await patchGroup(group.id, { isPublished: false }, `"${group.version}"`);
    expect(response.statusCode, response.body).toBe(200);
    expect(adminGroup.parse(response.json())).toMatchObject({
      isPublished: false,
      version: group.version + 1,
    });
    expect(await storefrontGroups()).not.toContain(group.id);
    expect((await storefrontDishes()).some((d) => d.positionGroup?.id === group.id)).toBe(false);
    const refused = await priced(app, cart({ positions: [line(dish.id, 1)] }));
    expect(codesOf(refused)).toContain('person-order.position-not-found-in-resto');
    // Still listed in the back office, hidden.
    expect((await listGroups()).find((g) => g.id === group.id)).toMatchObject({ isPublished: false });

    const hidden = await lastEntry(`entity=group&entityId=${group.id}`);
    expect(hidden).toMatchObject({
      action: 'update',
      before: { isPublished: true },
      after: { isPublished: false },
    });
    const undo = await revert(hidden.id);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(adminAuditEntry.parse(undo.json())).toMatchObject({
      action: 'revert',
      after: { isPublished: true },
    });
    expect(await storefrontGroups()).toContain(group.id);
    expect((await storefrontDishes()).some((d) => d.id === dish.id)).toBe(true);
    expect(codesOf(await priced(app, cart({ positions: [line(dish.id, 1)] })))).not.toContain(
      'person-order.position-not-found-in-resto',
    );
  });

  it('answers 428 without If-Match and 412 with the group now on a stale one; an operator 403; nothing changes', async () => {
    const group = await groupWithDishes(0, 1);
    const fingerprint = await databaseFingerprint(database.db);
    const missing = await patchGroup(group.id, { isPublished: false }, undefined);
    expect(missing.statusCode).toBe(428);
    expect(errorsOf(missing)[0]?.code).toBe('admin.version-required');
    const stale = await patchGroup(group.id, { name: { ru: 'Старое' } }, `"${group.version + 7}"`);
    expect(stale.statusCode).toBe(412);
    expect(errorsOf(stale)[0]?.code).toBe('admin.version-stale');
    expect(adminGroup.parse((stale.json() as { current: unknown }).current)).toEqual(group);
    expect(stale.headers.etag).toBe(`"${group.version}"`);
    const operator = await patchGroup(group.id, { isPublished: false }, `"${group.version}"`, 'operator');
    expect(operator.statusCode).toBe(403);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});

describe('reordering', () => {
  it('puts the menu’s groups in the order sent, as the storefront lists them, and the revert puts them back', async () => {
    const before = (await listGroups()).map((g) => g.id);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const next = [...before].reverse();
    const response = await adminCall(app, 'PUT', `${groupsUrl(1)}/order`, as.manager, { groupIds: next });
    expect(response.statusCode, response.body).toBe(200);
    expect(adminGroupList.parse(response.json()).groups.map((g) => g.id)).toEqual(next);
    expect((await storefrontGroups()).filter((id) => id !== 0)).toEqual(next);

    const entry = await lastEntry('entity=menu-group-order&entityId=1');
    expect(entry).toMatchObject({
      action: 'reorder',
      before: { groupIds: before },
      after: { groupIds: next },
    });
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect((await storefrontGroups()).filter((id) => id !== 0)).toEqual(before);
  });

  it('refuses a list that is not exactly the menu’s groups with a coded 422 in the request’s language, changing nothing', async () => {
    const ids = (await listGroups()).map((g) => g.id);
    const [foreignGroup] = await database.db
      .insert(positionGroups)
      .values({ menuId: 2, name: { ru: 'Другое меню' } })
      .returning({ id: positionGroups.id });
    const fingerprint = await databaseFingerprint(database.db);
    for (const groupIds of [
      ids.slice(1),
      [...ids, ids[0] ?? 0],
      [...ids.slice(1), foreignGroup?.id ?? 0],
      [...ids, 987_654],
    ]) {
      const response = await adminCall(
        app,
        'PUT',
        `${groupsUrl(1)}/order`,
        { ...as.manager, 'accept-language': 'en' },
        {
          groupIds,
        },
      );
      expect(response.statusCode, JSON.stringify(groupIds)).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({
        code: 'admin.order-mismatch',
        message: 'The new order must list every item of the list exactly once: reload the page',
      });
    }
    const operator = await adminCall(app, 'PUT', `${groupsUrl(1)}/order`, as.operator, { groupIds: ids });
    expect(operator.statusCode).toBe(403);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('puts a group’s dishes in the order sent, as the storefront lists them; 422 on a wrong list; the revert puts them back', async () => {
    const group = await groupWithDishes(2);
    const inGroup = async () =>
      (await storefrontDishes()).filter((d) => d.positionGroup?.id === group.id).map((d) => d.id);
    const all = await database.db
      .select({ id: positions.id, order: positions.order })
      .from(positions)
      .where(eq(positions.groupId, group.id));
    const before = all.sort((a, b) => a.order - b.order || a.id - b.id).map((d) => d.id);
    const shownBefore = await inGroup();
    const next = [...before].reverse();

    const fingerprint = await databaseFingerprint(database.db);
    const wrong = await adminCall(app, 'PUT', `${groupUrl(group.id)}/dishes/order`, as.manager, {
      positionIds: next.slice(1),
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)[0]?.code).toBe('admin.order-mismatch');
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);

    const response = await adminCall(app, 'PUT', `${groupUrl(group.id)}/dishes/order`, as.manager, {
      positionIds: next,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(adminDishOrderResponse.parse(response.json()).dishes.map((d) => d.id)).toEqual(next);
    expect(await inGroup()).toEqual([...shownBefore].reverse());

    const entry = await lastEntry(`entity=group-dish-order&entityId=${group.id}`);
    expect(entry).toMatchObject({ action: 'reorder', before: { positionIds: before } });
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect(await inGroup()).toEqual(shownBefore);
  });
});

describe('a dish’s other fields', () => {
  const dishUrl = (id: number) => `/api/v1/admin/dishes/${id}`;
  const read = async (id: number) => {
    const response = await adminCall(app, 'GET', dishUrl(id), as.manager);
    return { dish: adminDish.parse(response.json()), etag: response.headers.etag as string };
  };

  it('changes weight, group, order, 18+ and tags in one audited change the storefront shows', async () => {
    const [from, to] = [await groupWithDishes(1, 0), await groupWithDishes(1, 1)];
    const [dishRow] = await database.db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.groupId, from.id), eq(positions.isPublished, true)));
    const id = dishRow?.id ?? 0;
    const [brand] = await database.db.select({ id: menus.whiteLabelId }).from(menus).where(eq(menus.id, 1));
    const [tag] = await database.db
      .insert(tags)
      .values({
        whiteLabelId: brand?.id ?? '',
        code: 'groups-spicy',
        kind: 'position',
        name: { ru: 'Острое' },
      })
      .returning({ id: tags.id });
    const tagId = tag?.id ?? 0;
    const { dish, etag } = await read(id);

    const change = {
      measure: { value: 350, unit: 'ml' },
      groupId: to.id,
      order: 0,
      isAdult: true,
      tagIds: [tagId],
    };
    const response = await adminCall(app, 'PATCH', dishUrl(id), { ...as.manager, 'if-match': etag }, change);
    expect(response.statusCode, response.body).toBe(200);
    expect(adminDish.parse(response.json())).toMatchObject({ ...change, version: dish.version + 1 });
    const shown = (await storefrontDishes()).find((d) => d.id === id);
    expect(shown).toMatchObject({
      positionGroup: { id: to.id },
      measure: { value: 350, unit: 'ml' },
      isAdult: true,
    });
    expect(shown?.tags.map((t) => t.id)).toEqual([tagId]);
    const entry = await lastEntry(`entity=dish&entityId=${id}`);
    expect(entry.before).toMatchObject({ groupId: from.id, isAdult: dish.isAdult, tagIds: dish.tagIds });
    expect(entry.after).toMatchObject(change);

    expect((await revert(entry.id)).statusCode).toBe(200);
    expect((await read(id)).dish).toMatchObject({
      groupId: from.id,
      measure: dish.measure,
      isAdult: dish.isAdult,
      tagIds: dish.tagIds,
      order: dish.order,
    });
  });

  it('refuses a group of another menu and a tag of no one’s with a coded 422, changing nothing', async () => {
    const group = await groupWithDishes(1);
    const [dishRow] = await database.db
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.groupId, group.id));
    const id = dishRow?.id ?? 0;
    const [foreignGroup] = await database.db
      .insert(positionGroups)
      .values({ menuId: 2, name: { ru: 'Другое меню, снова' } })
      .returning({ id: positionGroups.id });
    const { etag } = await read(id);
    const fingerprint = await databaseFingerprint(database.db);
    const headers = { ...as.manager, 'if-match': etag };
    const otherMenu = await adminCall(app, 'PATCH', dishUrl(id), headers, { groupId: foreignGroup?.id });
    expect(otherMenu.statusCode).toBe(422);
    expect(errorsOf(otherMenu)[0]).toMatchObject({ code: 'admin.group-of-another-menu', field: 'groupId' });
    const unknownTag = await adminCall(app, 'PATCH', dishUrl(id), headers, { tagIds: [987_654] });
    expect(unknownTag.statusCode).toBe(422);
    expect(errorsOf(unknownTag)[0]?.code).toBe('admin.tag-not-found');
    for (const measure of [
      { value: 0, unit: 'g' },
      { value: 10, unit: 'kg' },
    ]) {
      const bad = await adminCall(app, 'PATCH', dishUrl(id), headers, { measure });
      expect(bad.statusCode, JSON.stringify(measure)).toBe(400);
    }
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});
