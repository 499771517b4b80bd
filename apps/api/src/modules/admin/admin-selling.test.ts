import {
  adminAuditList,
  adminBrandSettings,
  adminMenu,
  adminPromotion,
  adminResto,
} from '@storefront/domain/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  demoDishId,
  errorsOf,
} from '../../test/admin-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * What the back office sets for selling with and cooking within capacity (decision 56): a menu's add-ons, a gift
 * promotion, a restaurant's slot capacity and automatic delay, the brand's free condiments. Each: the happy path
 * under If-Match, bad input as coded errors with fields, the roles the existing routes allow, the revert.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let dishes: number[];
let foreignDish: number;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'selling'));
  dishes = await Promise.all([0, 1, 2, 3].map((i) => demoDishId(database.db, i)));
  foreignDish = await addOtherBrandDish(database.db, 'selling-other');
});
afterAll(() => close());

const get = async (url: string, who: AdminRole = 'owner') => {
  const response = await adminCall(app, 'GET', url, as[who]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const patch = (url: string, version: number, body: unknown, who: AdminRole = 'manager') =>
  adminCall(app, 'PATCH', url, { ...as[who], 'if-match': `"${version}"` }, body);
const lastEntry = async (entity: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?entity=${entity}&limit=1`, as.owner);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const revert = (id: number, who: AdminRole = 'manager') =>
  adminCall(app, 'POST', `/api/v1/admin/audit/${id}/revert`, as[who]);
const firstError = (response: LightMyRequestResponse) => errorsOf(response)[0];

describe('a menu’s add-ons', () => {
  const url = '/api/v1/admin/menus/1';
  it('sets the list in order under If-Match, audited, and the revert puts the old list back', async () => {
    const menu = adminMenu.parse(await get(url));
    const wanted = [dishes[2], dishes[0], dishes[1]] as number[];
    const changed = await patch(url, menu.version, { addOnPositionIds: wanted });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminMenu.parse(changed.json()).addOnPositionIds).toEqual(wanted);
    const entry = await lastEntry('menu');
    expect(entry.before).toMatchObject({ addOnPositionIds: menu.addOnPositionIds });
    expect(entry.after).toMatchObject({ addOnPositionIds: wanted });
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect(adminMenu.parse(await get(url)).addOnPositionIds).toEqual(menu.addOnPositionIds);
  });

  it('refuses another brand’s dish with its place, a dish twice, and an operator', async () => {
    const menu = adminMenu.parse(await get(url));
    const foreign = await patch(url, menu.version, { addOnPositionIds: [dishes[0], foreignDish] });
    expect(foreign.statusCode).toBe(422);
    expect(firstError(foreign)).toMatchObject({ code: 'admin.dish-not-found', field: 'addOnPositionIds.1' });
    const twice = await patch(url, menu.version, { addOnPositionIds: [dishes[0], dishes[0]] });
    expect(twice.statusCode).toBe(400);
    expect(firstError(twice)?.field).toMatch(/^addOnPositionIds/);
    const operator = await patch(url, menu.version, { addOnPositionIds: [dishes[0]] }, 'operator');
    expect(operator.statusCode).toBe(403);
    expect(adminMenu.parse(await get(url))).toMatchObject({
      version: menu.version,
      addOnPositionIds: menu.addOnPositionIds,
    });
  });
});

describe('a gift promotion', () => {
  const url = '/api/v1/admin/promotions';
  const gift = () => ({
    minSum: 250_000,
    positionIds: [dishes[1], dishes[3]] as number[],
    withPromoCode: false,
    withBonus: true,
  });

  it('is created with its terms, made a banner again by gift: null, and the revert makes it a gift again', async () => {
    const created = await adminCall(app, 'POST', url, as.manager, { title: { ru: 'Подарок' }, gift: gift() });
    expect(created.statusCode, created.body).toBe(201);
    const promotion = adminPromotion.parse(created.json());
    expect(promotion).toMatchObject({ kind: 'gift', gift: gift() });
    const banner = await patch(`${url}/${promotion.id}`, promotion.version, { gift: null });
    expect(banner.statusCode, banner.body).toBe(200);
    expect(adminPromotion.parse(banner.json())).toMatchObject({ kind: 'banner', gift: null });
    const entry = await lastEntry('promotion');
    expect(entry.before).toMatchObject({ gift: gift() });
    expect(entry.after).toMatchObject({ gift: null });
    expect((await revert(entry.id)).statusCode).toBe(200);
    const back = adminPromotion.parse(await get(`${url}/${promotion.id}`));
    expect(back).toMatchObject({ kind: 'gift', gift: gift() });
    // A banner made a gift by a patch, with other terms.
    const terms = { ...gift(), minSum: 300_000, withPromoCode: true };
    const again = await patch(`${url}/${promotion.id}`, back.version, { gift: terms });
    expect(adminPromotion.parse(again.json())).toMatchObject({ kind: 'gift', gift: terms });
  });

  it('refuses another brand’s gift dish with its place, a gift of no dish or no sum, and an operator', async () => {
    const foreign = await adminCall(app, 'POST', url, as.manager, {
      title: { ru: 'Чужой подарок' },
      gift: { ...gift(), positionIds: [dishes[0], foreignDish] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(firstError(foreign)).toMatchObject({ code: 'admin.dish-not-found', field: 'gift.positionIds.1' });
    const none = await adminCall(app, 'POST', url, as.manager, {
      title: { ru: 'Пустой подарок' },
      gift: { ...gift(), positionIds: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(firstError(none)?.field).toBe('gift.positionIds');
    const free = await adminCall(app, 'POST', url, as.manager, {
      title: { ru: 'Без суммы' },
      gift: { ...gift(), minSum: 0 },
    });
    expect(free.statusCode).toBe(400);
    expect(firstError(free)?.field).toBe('gift.minSum');
    const operator = await adminCall(app, 'POST', url, as.operator, { title: { ru: 'x' }, gift: gift() });
    expect(operator.statusCode).toBe(403);
  });
});

describe('a restaurant’s slot capacity and automatic delay', () => {
  const url = '/api/v1/admin/restos/2';
  it('sets either method alone and the delay’s parts alone, audited, and the revert puts them back', async () => {
    const resto = adminResto.parse(await get(url));
    expect(resto.slotCapacity).toEqual({ DELIVERY: null, TAKE_AWAY: null });
    const one = await patch(url, resto.version, { slotCapacity: { TAKE_AWAY: 4 } });
    expect(one.statusCode, one.body).toBe(200);
    expect(adminResto.parse(one.json()).slotCapacity).toEqual({ DELIVERY: null, TAKE_AWAY: 4 });
    const other = await patch(url, resto.version + 1, { slotCapacity: { DELIVERY: 6 } });
    expect(adminResto.parse(other.json()).slotCapacity).toEqual({ DELIVERY: 6, TAKE_AWAY: 4 });
    const delay = await patch(url, resto.version + 2, { autoDelay: { threshold: 5 } });
    expect(adminResto.parse(delay.json()).autoDelay).toEqual({
      threshold: 5,
      minutes: resto.autoDelay.minutes,
    });
    const minutes = await patch(url, resto.version + 3, { autoDelay: { minutes: 30 } });
    const after = adminResto.parse(minutes.json());
    expect(after.autoDelay).toEqual({ threshold: 5, minutes: 30 });
    const entry = await lastEntry('resto');
    expect(entry.before).toEqual({ autoDelay: { threshold: 5, minutes: resto.autoDelay.minutes } });
    expect(entry.after).toEqual({ autoDelay: { threshold: 5, minutes: 30 } });
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect(adminResto.parse(await get(url)).autoDelay).toEqual({
      threshold: 5,
      minutes: resto.autoDelay.minutes,
    });
    // Off again: null capacity and null threshold.
    const now = adminResto.parse(await get(url));
    const off = await patch(url, now.version, {
      slotCapacity: { DELIVERY: null, TAKE_AWAY: null },
      autoDelay: { threshold: null },
    });
    expect(adminResto.parse(off.json())).toMatchObject({
      slotCapacity: { DELIVERY: null, TAKE_AWAY: null },
      autoDelay: { threshold: null },
    });
  });

  it('refuses a capacity of 0, a delay of 20 minutes, and an operator', async () => {
    const resto = adminResto.parse(await get(url));
    const zero = await patch(url, resto.version, { slotCapacity: { DELIVERY: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(firstError(zero)?.field).toBe('slotCapacity.DELIVERY');
    const twenty = await patch(url, resto.version, { autoDelay: { minutes: 20 } });
    expect(twenty.statusCode).toBe(400);
    expect(firstError(twenty)?.field).toMatch(/^autoDelay\.minutes/);
    const operator = await patch('/api/v1/admin/restos/1', 1, { slotCapacity: { DELIVERY: 3 } }, 'operator');
    expect(operator.statusCode).toBe(403);
    expect(adminResto.parse(await get(url)).version).toBe(resto.version);
  });
});

describe('the brand’s free condiments', () => {
  const url = '/api/v1/admin/brand';
  const settingsNow = async () => adminBrandSettings.parse(await get(url));

  it('are set by the owner in order under the settings’ version, audited, and the revert puts the old list back', async () => {
    const before = await settingsNow();
    const wanted = [
      { positionId: dishes[3] as number, perPerson: 2 },
      { positionId: dishes[0] as number, perPerson: 1 },
    ];
    const changed = await patch(url, before.version, { freeCondiments: wanted }, 'owner');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminBrandSettings.parse(changed.json()).settings.freeCondiments).toEqual(wanted);
    const served = await app.inject({ method: 'GET', url: '/config.json' });
    expect((served.json() as { freeCondiments: unknown }).freeCondiments).toEqual(wanted);
    const entry = await lastEntry('brand-settings');
    expect(entry.before).toEqual({ freeCondiments: before.settings.freeCondiments });
    expect(entry.after).toEqual({ freeCondiments: wanted });
    expect((await revert(entry.id, 'manager')).statusCode).toBe(403);
    expect((await revert(entry.id, 'owner')).statusCode).toBe(200);
    expect((await settingsNow()).settings.freeCondiments).toEqual(before.settings.freeCondiments);
  });

  it('refuses another brand’s dish, a dish twice, 6 per person, 11 kinds, and a manager', async () => {
    const { version } = await settingsNow();
    const one = (positionId: number, perPerson = 1) => ({ positionId, perPerson });
    const cases: [unknown, number, string, string?][] = [
      [
        [one(dishes[0] as number), one(foreignDish)],
        422,
        'freeCondiments.1.positionId',
        'admin.dish-not-found',
      ],
      [[one(dishes[0] as number), one(dishes[0] as number, 2)], 400, 'freeCondiments.1.positionId'],
      [[one(dishes[0] as number, 6)], 400, 'freeCondiments.0.perPerson'],
      [Array.from({ length: 11 }, (_, i) => one(1000 + i)), 400, 'freeCondiments'],
    ];
    for (const [freeCondiments, status, field, code] of cases) {
      const refused = await patch(url, version, { freeCondiments }, 'owner');
      expect(refused.statusCode, refused.body).toBe(status);
      expect(firstError(refused)).toMatchObject({ field, ...(code ? { code } : {}) });
    }
    const manager = await patch(url, version, { freeCondiments: [one(dishes[0] as number)] }, 'manager');
    expect(manager.statusCode).toBe(403);
    expect((await settingsNow()).version).toBe(version);
  });
});
