import { adminAuditList, adminResto, restoResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * A restaurant's online methods in the back office (decision 55): the methods its YooKassa shop has enabled,
 * changed under If-Match, audited and revertible, and on the storefront only where the restaurant takes online
 * payment at all.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
  ({ headers: as } = await addAdminStaff(app, database.db, 'methods'));
});
afterAll(() => close());

const url = '/api/v1/admin/restos';
const read = async (id: number) =>
  adminResto.parse((await adminCall(app, 'GET', `${url}/${id}`, as.owner)).json());
const patch = (id: number, version: number, body: unknown) =>
  adminCall(app, 'PATCH', `${url}/${id}`, { ...as.owner, 'if-match': `"${version}"` }, body);
const storefront = async (id: number) =>
  restoResponse.parse((await app.inject({ method: 'GET', url: `/1/p/restos/${id}` })).json());

describe('online methods of a restaurant', () => {
  it('the demo seed offers all three where a restaurant has a shop, none where it has not', async () => {
    expect((await read(1)).onlineMethods).toEqual(['card', 'sbp', 'sberpay']);
    expect((await storefront(1))?.onlineMethods).toEqual(['card', 'sbp', 'sberpay']);
    // Restaurant 2 takes no online payment: nothing to choose among on the storefront.
    expect((await read(2)).onlineMethods).toEqual(['card']);
    const two = await storefront(2);
    expect(two).toBeDefined();
    expect(two).not.toHaveProperty('onlineMethods');
  });

  it('a change is stored card first, reaches the storefront, is audited and undone from the log', async () => {
    const resto = await read(4);
    const changed = await patch(4, resto.version, { onlineMethods: ['sberpay', 'card'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminResto.parse(changed.json()).onlineMethods).toEqual(['card', 'sberpay']);
    expect((await storefront(4))?.onlineMethods).toEqual(['card', 'sberpay']);

    const response = await adminCall(
      app,
      'GET',
      `/api/v1/admin/audit?entity=resto&entityId=4&limit=1`,
      as.owner,
    );
    const [entry] = adminAuditList.parse(response.json()).entries;
    expect(entry).toMatchObject({
      action: 'update',
      before: { onlineMethods: ['card', 'sbp', 'sberpay'] },
      after: { onlineMethods: ['card', 'sberpay'] },
    });
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry?.id}/revert`, as.owner);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(4)).onlineMethods).toEqual(['card', 'sbp', 'sberpay']);
    expect((await storefront(4))?.onlineMethods).toEqual(['card', 'sbp', 'sberpay']);
  });

  it('refuses none, a repeat or an unknown method with the field, and changes nothing', async () => {
    const resto = await read(5);
    const before = await databaseFingerprint(database.db);
    for (const onlineMethods of [[], ['card', 'card'], ['paypal'], 'card']) {
      const response = await patch(5, resto.version, { onlineMethods });
      expect(response.statusCode, JSON.stringify(onlineMethods)).toBe(400);
      expect(errorsOf(response).map((e) => e.field?.split('.')[0])).toContain('onlineMethods');
    }
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a new restaurant is card only unless told, or takes the methods it is given', async () => {
    const base = {
      name: { ru: 'Нори-Нори на Кремлёвской' },
      address: { ru: 'Казань, ул. Кремлёвская, 2' },
      location: { lat: 55.79, lng: 49.12 },
      cityId: 1,
    };
    const plain = await adminCall(app, 'POST', url, as.owner, base);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(adminResto.parse(plain.json()).onlineMethods).toEqual(['card']);
    const withSbp = await adminCall(app, 'POST', url, as.owner, {
      ...base,
      onlineMethods: ['sbp', 'card'],
    });
    expect(withSbp.statusCode, withSbp.body).toBe(201);
    const saved = adminResto.parse(withSbp.json());
    expect(saved.onlineMethods).toEqual(['card', 'sbp']);
  });
});
