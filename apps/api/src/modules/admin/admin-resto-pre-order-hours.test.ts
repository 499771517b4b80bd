import { type AdminHoursDay, adminResto, workingHoursResponse } from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp());
  ({ headers: as } = await addAdminStaff(app, database.db, 'pre-order-hours'));
});
afterAll(() => close());

const url = '/api/v1/admin/restos';
const read = async (id: number) =>
  adminResto.parse((await adminCall(app, 'GET', `${url}/${id}`, as.owner)).json());
const patch = (id: number, version: number, body: unknown, who: Record<string, string> = as.manager) =>
  adminCall(app, 'PATCH', `${url}/${id}`, { ...who, 'if-match': `"${version}"` }, body);
const storefrontHours = async (id: number) =>
  workingHoursResponse.parse(
    (await app.inject({ method: 'GET', url: `/1/restos/${id}/working-hours` })).json(),
  );

/** Weekdays noon to eight with a break on Wednesday, the weekend off. */
const WEEK: AdminHoursDay[] = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
  dayOfWeek: dayOfWeek as AdminHoursDay['dayOfWeek'],
  active: dayOfWeek <= 5,
  open: '12:00',
  close: '20:00',
  breakFrom: dayOfWeek === 3 ? '15:00' : null,
  breakTo: dayOfWeek === 3 ? '16:00' : null,
}));
const withDay = (index: number, day: Partial<AdminHoursDay>) =>
  WEEK.map((d, i) => (i === index ? { ...d, ...day } : d));

describe('a restaurant’s own pre-order hours', () => {
  it('saves a week the storefront serves at once; switching pre-orders off keeps it for switching on', async () => {
    const resto = await read(1);
    expect(resto.preOrder.DELIVERY).toMatchObject({ enabled: true, hours: null });
    const saved = await patch(1, resto.version, {
      preOrder: { DELIVERY: { minTimeMinutes: 30, dayInAdvance: 3, hours: WEEK } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = { enabled: true, minTimeMinutes: 30, dayInAdvance: 3, hours: WEEK };
    expect(adminResto.parse(saved.json()).preOrder.DELIVERY).toEqual(own);
    const served = (await storefrontHours(1)).find((h) => h.type === 'DELIVERY');
    expect(served).toMatchObject({ minTimeMinutes: 30, dayInAdvance: 3 });
    expect(served?.hours[2]).toEqual({
      dayOfWeek: 3,
      active: true,
      open: '12:00',
      close: '20:00',
      breakFrom: '15:00',
      breakTo: '16:00',
    });
    expect(served?.hours[5]).toEqual({ dayOfWeek: 6, active: false, open: '12:00', close: '20:00' });

    const off = await patch(1, resto.version + 1, { preOrder: { DELIVERY: null } });
    expect(off.statusCode, off.body).toBe(200);
    expect(adminResto.parse(off.json()).preOrder.DELIVERY).toEqual({ ...own, enabled: false });
    expect((await storefrontHours(1)).some((h) => h.type === 'DELIVERY')).toBe(false);

    // Switched on again without naming the hours: the kept week comes back.
    const on = await patch(1, resto.version + 2, {
      preOrder: { DELIVERY: { minTimeMinutes: 45, dayInAdvance: 2 } },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(adminResto.parse(on.json()).preOrder.DELIVERY).toEqual({
      ...own,
      minTimeMinutes: 45,
      dayInAdvance: 2,
    });
    expect((await storefrontHours(1)).find((h) => h.type === 'DELIVERY')?.hours[0]).toMatchObject({
      open: '12:00',
      close: '20:00',
    });
  });

  it('refuses a bad week with the field in the request’s language, and saves nothing', async () => {
    const resto = await read(2);
    const before = await databaseFingerprint(database.db);
    const en = { ...as.manager, 'accept-language': 'en' };
    const cases: [unknown, number, string, string | null][] = [
      [withDay(2, { close: '25:00' }), 400, 'preOrder.DELIVERY.hours.2.close', null],
      [
        withDay(4, { breakFrom: '21:00', breakTo: '21:30' }),
        422,
        'preOrder.DELIVERY.hours.4.breakFrom',
        'admin.hours-break-outside',
      ],
      [
        withDay(1, { breakFrom: '14:00', breakTo: null }),
        422,
        'preOrder.DELIVERY.hours.1.breakTo',
        'admin.hours-break-incomplete',
      ],
      [withDay(3, { dayOfWeek: 1 }), 422, 'preOrder.DELIVERY.hours.3.dayOfWeek', 'admin.hours-day-repeated'],
      [WEEK.slice(0, 6), 400, 'preOrder.DELIVERY.hours', null],
    ];
    for (const [hours, status, field, code] of cases) {
      const body = { preOrder: { DELIVERY: { minTimeMinutes: 60, dayInAdvance: 2, hours } } };
      const response = await patch(2, resto.version, body, en);
      expect(response.statusCode, JSON.stringify(hours)).toBe(status);
      const errors = errorsOf(response);
      expect(errors.map((e) => e.field)).toContain(field);
      if (code) {
        expect(errors[0]).toMatchObject({ code, field });
        expect(errors[0]?.message).toMatch(/[a-z]/i);
        expect(errors[0]?.message).not.toMatch(/[а-я]/i);
      }
    }
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('a change of the hours is undone from the audit log: the opening hours again', async () => {
    const resto = await read(3);
    const openingWeek = (await storefrontHours(3)).find((h) => h.type === 'TAKE_AWAY');
    const saved = await patch(3, resto.version, {
      preOrder: { TAKE_AWAY: { minTimeMinutes: 20, dayInAdvance: 1, hours: WEEK } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storefrontHours(3)).find((h) => h.type === 'TAKE_AWAY')?.hours[6]?.active).toBe(false);
    const response = await adminCall(
      app,
      'GET',
      '/api/v1/admin/audit?entity=resto&entityId=3&limit=1',
      as.manager,
    );
    const entry = response.json().entries[0];
    expect(entry.after.preOrder.TAKE_AWAY.hours).toEqual(WEEK);
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry.id}/revert`, as.manager);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(3)).preOrder).toEqual(resto.preOrder);
    expect((await storefrontHours(3)).find((h) => h.type === 'TAKE_AWAY')).toEqual(openingWeek);
  });
});
