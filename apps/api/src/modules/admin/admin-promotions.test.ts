import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminAuditList,
  adminPromotion,
  adminPromotionList,
  promotionsResponse,
} from '@storefront/domain/contracts';
import sharp from 'sharp';
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
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { getValid } from '../../test/http.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

const NOW = Date.parse('2026-11-25T12:00:00+03:00');
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'admin-promotions-'));
  ({ app, database, close } = await createTestApp({ now: () => NOW, env: { DATA_DIR: dataDir } }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'promos'));
});
afterAll(async () => {
  await close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = '/api/v1/admin/promotions';
const carousel = async (restoId = 1) => getValid(app, `/1/restos/${restoId}/promotions`, promotionsResponse);
const create = async (body: Record<string, unknown>) => {
  const response = await adminCall(app, 'POST', url, as.manager, body);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  return adminPromotion.parse(response.json());
};
const send = (
  method: 'PATCH' | 'DELETE' | 'PUT',
  path: string,
  ifMatch: string | null,
  payload?: unknown,
  type?: string,
) =>
  app.inject({
    method,
    url: `${url}/${path}`,
    headers: {
      ...as.manager,
      ...(ifMatch ? { 'if-match': ifMatch } : {}),
      ...(type ? { 'content-type': type } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('promotions in the back office', () => {
  it('refuses bad input with the field, saving nothing; an operator gets 403, another brand’s dish is not a link', async () => {
    const foreignDish = await addOtherBrandDish(database.db, 'other-promos');
    const before = await databaseFingerprint(database.db);
    const blank = await adminCall(app, 'POST', url, as.manager, { title: { ru: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(errorsOf(blank)[0]?.field).toBe('title.ru');
    const backwards = await adminCall(
      app,
      'POST',
      url,
      { ...as.manager, 'accept-language': 'en' },
      {
        title: { ru: 'Акция' },
        startsAt: '2026-12-01T00:00:00+03:00',
        endsAt: '2026-11-01T00:00:00+03:00',
      },
    );
    expect(errorsOf(backwards)[0]).toMatchObject({
      code: 'admin.ends-before-start',
      field: 'endsAt',
      message: 'The end must be after the start',
    });
    const dishOnly = await adminCall(app, 'POST', url, as.manager, {
      title: { ru: 'Акция' },
      linkPositionId: await demoDishId(database.db, 0),
    });
    expect(errorsOf(dishOnly)[0]).toMatchObject({
      code: 'admin.promotion-link-invalid',
      field: 'linkPositionId',
    });
    const foreign = await adminCall(app, 'POST', url, as.manager, {
      title: { ru: 'Акция' },
      linkMenuId: 1,
      linkPositionId: foreignDish,
    });
    expect(errorsOf(foreign)[0]).toMatchObject({
      code: 'admin.promotion-link-invalid',
      field: 'linkPositionId',
    });
    const noMenu = await adminCall(app, 'POST', url, as.manager, {
      title: { ru: 'Акция' },
      linkMenuId: 999_999,
    });
    expect(errorsOf(noMenu)[0]).toMatchObject({ code: 'menu.not-found', field: 'linkMenuId' });
    expect((await adminCall(app, 'POST', url, as.operator, { title: { ru: 'Акция' } })).statusCode).toBe(403);
    expect((await adminCall(app, 'GET', url, as.operator)).statusCode).toBe(403);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a published promotion in its dates shows in the carousel by priority with its link; unpublished or ended it goes', async () => {
    const dish = await demoDishId(database.db, 1);
    const promotion = await create({
      title: { ru: 'Сет недели', en: 'Set of the week' },
      text: { ru: 'Скидка на сет', en: 'A set for less' },
      priority: 9999,
      startsAt: '2026-11-20T00:00:00+03:00',
      endsAt: '2026-12-01T00:00:00+03:00',
      linkMenuId: 1,
      linkPositionId: dish,
      restoIds: [1],
    });
    expect(promotion).toMatchObject({ state: 'active', version: 1, restoIds: [1], isPublished: true });
    const shown = await carousel();
    expect(shown[0]).toMatchObject({ id: promotion.id, linkMenuId: 1, linkPositionId: dish });
    expect((await carousel(2)).some((p) => p.id === promotion.id)).toBe(false);

    const list = adminPromotionList.parse(
      (await adminCall(app, 'GET', `${url}?search=сет%20НЕДЕЛИ`, as.manager)).json(),
    );
    expect(list.promotions.map((p) => p.id)).toEqual([promotion.id]);
    const ended = adminPromotionList.parse(
      (await adminCall(app, 'GET', `${url}?state=ended`, as.manager)).json(),
    );
    expect(ended.promotions.every((p) => p.state === 'ended')).toBe(true);

    expect((await send('PATCH', String(promotion.id), null, { isPublished: false })).statusCode).toBe(428);
    const hidden = await send('PATCH', String(promotion.id), '"1"', { isPublished: false });
    expect(hidden.statusCode).toBe(200);
    expect((await carousel()).some((p) => p.id === promotion.id)).toBe(false);
    const stale = await send('PATCH', String(promotion.id), '"1"', { isPublished: true });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { isPublished: false, version: 2 } });
    const later = await send('PATCH', String(promotion.id), '"2"', {
      isPublished: true,
      startsAt: '2026-11-26T00:00:00+03:00',
    });
    expect(later.json()).toMatchObject({ state: 'scheduled' });
    expect((await carousel()).some((p) => p.id === promotion.id)).toBe(false);
    // Another menu drops the dish of the old one.
    const menuOnly = await send('PATCH', String(promotion.id), '"3"', { linkMenuId: 2, startsAt: null });
    expect(menuOnly.json()).toMatchObject({ linkMenuId: 2, linkPositionId: null, state: 'active' });
  });

  it('takes a picture through the image pipeline and takes it off; both revertible', async () => {
    const promotion = await create({ title: { ru: 'С картинкой' } });
    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    expect(
      (await send('PUT', `${promotion.id}/picture`, '"1"', Buffer.from('not an image'), 'image/png'))
        .statusCode,
    ).toBe(422);
    const set = await send('PUT', `${promotion.id}/picture`, '"1"', png, 'image/png');
    expect(set.statusCode, set.body.slice(0, 300)).toBe(200);
    const withPicture = adminPromotion.parse(set.json());
    expect(withPicture.image).toMatch(/^\/media\/u\/[0-9a-f]{32}\/640\.jpg$/);
    const served = await app.inject({ method: 'GET', url: withPicture.image as string });
    expect(served.statusCode).toBe(200);
    const off = await send('DELETE', `${promotion.id}/picture`, '"2"');
    expect(off.json()).toMatchObject({ image: null, version: 3 });
    const audit = adminAuditList.parse(
      (await adminCall(app, 'GET', '/api/v1/admin/audit?entity=promotion&limit=1', as.manager)).json(),
    );
    const entry = audit.entries[0];
    expect(entry).toMatchObject({ action: 'update', entityId: promotion.id });
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${entry?.id}/revert`, as.manager, {})).statusCode,
    ).toBe(200);
    const back = adminPromotion.parse(
      (await adminCall(app, 'GET', `${url}/${promotion.id}`, as.manager)).json(),
    );
    expect(back.image).toBe(withPicture.image);
  });

  it('deletes a promotion; reverting the deletion brings it back under its id, in the carousel again', async () => {
    const promotion = await create({ title: { ru: 'Ненадолго' }, priority: 5000 });
    expect((await carousel()).some((p) => p.id === promotion.id)).toBe(true);
    expect((await send('DELETE', String(promotion.id), '"1"')).statusCode).toBe(204);
    expect((await carousel()).some((p) => p.id === promotion.id)).toBe(false);
    expect((await adminCall(app, 'GET', `${url}/${promotion.id}`, as.manager)).statusCode).toBe(404);
    const audit = adminAuditList.parse(
      (await adminCall(app, 'GET', '/api/v1/admin/audit?entity=promotion&limit=1', as.manager)).json(),
    );
    const entry = audit.entries[0];
    expect(entry).toMatchObject({ action: 'delete', entityId: promotion.id });
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${entry?.id}/revert`, as.owner, {})).statusCode,
    ).toBe(200);
    expect((await carousel()).some((p) => p.id === promotion.id)).toBe(true);
  });
});
