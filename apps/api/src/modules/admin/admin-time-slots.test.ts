import { adminAuditList, adminTimeSlot } from '@storefront/domain/contracts';
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
  // Wednesday noon in Kazan.
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'slots'));
});
afterAll(() => close());

const url = '/api/v1/admin/time-slots';
const outside = 'person-order.position-not-available-at-time';
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const remove = (id: number, ifMatch?: string) =>
  app.inject({
    method: 'DELETE',
    url: `${url}/${id}`,
    headers: { ...as.manager, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
  });

describe('time slots in the back office', () => {
  it('refuses a day ending before it starts and a day twice with a 422 naming the field, changing nothing', async () => {
    const before = await databaseFingerprint(database.db);
    const backwards = await adminCall(
      app,
      'POST',
      url,
      { ...as.manager, 'accept-language': 'en' },
      {
        name: 'Вечер',
        details: [{ dayOfWeek: 3, startAt: '18:00', endAt: '17:00' }],
      },
    );
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)[0]).toMatchObject({
      code: 'admin.time-slot-ends-before-start',
      field: 'details.0.endAt',
      message: 'The end time must be later than the start time',
    });
    const twice = await adminCall(app, 'POST', url, as.manager, {
      name: 'Вечер',
      details: [
        { dayOfWeek: 3, startAt: '18:00', endAt: '20:00' },
        { dayOfWeek: 3, startAt: '10:00', endAt: '11:00' },
      ],
    });
    expect(errorsOf(twice)[0]).toMatchObject({
      code: 'admin.time-slot-day-repeated',
      field: 'details.1.dayOfWeek',
    });
    const foreign = await adminCall(app, 'POST', url, as.manager, {
      name: 'X',
      details: [],
      positionIds: [999_999],
    });
    expect(errorsOf(foreign)[0]).toMatchObject({ code: 'admin.dish-not-found', field: 'positionIds' });
    expect((await adminCall(app, 'POST', url, as.manager, { name: ' ', details: [] })).statusCode).toBe(400);
    expect((await adminCall(app, 'POST', url, as.operator, { name: 'X', details: [] })).statusCode).toBe(403);
    expect((await adminCall(app, 'GET', `${url}/999999`, as.operator)).statusCode).toBe(404);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a dish put in an evening slot is refused at noon; moved to cover noon it sells; deleted and reverted it is refused again', async () => {
    const dish = await demoDishId(database.db, 4);
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toEqual([]);
    const created = await adminCall(app, 'POST', url, as.manager, {
      name: 'Вечер',
      details: [{ dayOfWeek: 3, startAt: '18:00', endAt: '00:00' }],
      positionIds: [dish],
    });
    expect(created.statusCode, created.body).toBe(201);
    const slot = adminTimeSlot.parse(created.json());
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toContain(outside);

    const noPrecondition = await adminCall(app, 'PATCH', `${url}/${slot.id}`, as.manager, { name: 'Y' });
    expect(noPrecondition.statusCode).toBe(428);
    const moved = await adminCall(
      app,
      'PATCH',
      `${url}/${slot.id}`,
      { ...as.manager, 'if-match': '"1"' },
      {
        details: [{ dayOfWeek: 3, startAt: '11:00', endAt: '13:00' }],
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toEqual([]);
    const stale = await adminCall(
      app,
      'PATCH',
      `${url}/${slot.id}`,
      { ...as.manager, 'if-match': '"1"' },
      { name: 'Z' },
    );
    expect(stale.statusCode).toBe(412);

    const update = await lastEntry(`entity=time-slot&entityId=${slot.id}`);
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${update.id}/revert`, as.manager)).statusCode,
    ).toBe(200);
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toContain(outside);

    const current = adminTimeSlot.parse(
      (await adminCall(app, 'GET', `${url}/${slot.id}`, as.manager)).json(),
    );
    expect((await remove(slot.id)).statusCode).toBe(428);
    const deleted = await remove(slot.id, `"${current.version}"`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toEqual([]);
    const deletion = await lastEntry(`entity=time-slot&entityId=${slot.id}`);
    expect(deletion.action).toBe('delete');
    const restored = await adminCall(app, 'POST', `/api/v1/admin/audit/${deletion.id}/revert`, as.manager);
    expect(restored.statusCode, restored.body).toBe(200);
    const back = adminTimeSlot.parse((await adminCall(app, 'GET', `${url}/${slot.id}`, as.manager)).json());
    expect(back).toMatchObject({
      name: 'Вечер',
      positionIds: [dish],
      details: [{ dayOfWeek: 3, startAt: '18:00', endAt: '00:00' }],
    });
    expect(codesOf(await priced(app, cart({ positions: [line(dish, 1)] })))).toContain(outside);
  });
});
