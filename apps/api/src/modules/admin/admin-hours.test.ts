import {
  adminAuditList,
  adminHours,
  adminSpecialDay,
  resto as restoContract,
} from '@storefront/domain/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { cart, codesOf, DAY, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  // Wednesday 2026-11-25, noon in Kazan: restaurant 1 is open.
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'hours'));
});
afterAll(() => close());

const hoursUrl = '/api/v1/admin/restos/1/hours';
const daysUrl = '/api/v1/admin/restos/1/special-days';
const closed = 'resto.not-accepting-orders';
const read = async () => adminHours.parse((await adminCall(app, 'GET', hoursUrl, as.manager)).json());
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const revert = (entryId: number) =>
  adminCall(app, 'POST', `/api/v1/admin/audit/${entryId}/revert`, as.manager);
const publicResto = async () => restoContract.parse((await app.inject({ url: '/1/p/restos/1' })).json());
const put = (weeks: unknown, version: number) =>
  app.inject({
    method: 'PUT',
    url: hoursUrl,
    headers: { ...as.manager, 'if-match': `"${version}"` },
    payload: { weeks },
  });
const takeAway = async (overrides = {}) => codesOf(await priced(app, cart(overrides)));

describe("a restaurant's hours in the back office", () => {
  it('reads the weeks, and refuses a break outside the hours, a day twice, a missing or stale If-Match, an operator', async () => {
    const hours = await read();
    expect(hours.weeks.ALL).toHaveLength(7);
    expect(hours.weeks.DELIVERY).toBeNull();
    const week = hours.weeks.ALL;
    const outside = week.map((d) => (d.dayOfWeek === 3 ? { ...d, breakFrom: '08:00', breakTo: '09:00' } : d));
    const answer = await app.inject({
      method: 'PUT',
      url: hoursUrl,
      headers: { ...as.manager, 'if-match': `"${hours.version}"`, 'accept-language': 'en' },
      payload: { weeks: { ALL: outside, DELIVERY: null, TAKE_AWAY: null } },
    });
    expect(answer.statusCode).toBe(422);
    expect(errorsOf(answer)[0]).toMatchObject({
      code: 'admin.hours-break-outside',
      field: 'weeks.ALL.2.breakFrom',
      message: 'The break must be within the opening hours',
    });
    const half = week.map((d) => (d.dayOfWeek === 3 ? { ...d, breakFrom: '15:00' } : d));
    expect(
      errorsOf(await put({ ALL: half, DELIVERY: null, TAKE_AWAY: null }, hours.version))[0],
    ).toMatchObject({
      code: 'admin.hours-break-incomplete',
      field: 'weeks.ALL.2.breakTo',
    });
    const twice = await put({ ALL: [...week, week[0]], DELIVERY: null, TAKE_AWAY: null }, hours.version);
    expect(twice.statusCode).toBe(400);
    const repeated = await put({ ALL: week, DELIVERY: [week[0], week[0]], TAKE_AWAY: null }, hours.version);
    expect(errorsOf(repeated)[0]).toMatchObject({
      code: 'admin.hours-day-repeated',
      field: 'weeks.DELIVERY.1.dayOfWeek',
    });
    const bare = await app.inject({
      method: 'PUT',
      url: hoursUrl,
      headers: as.manager,
      payload: { weeks: hours.weeks },
    });
    expect(bare.statusCode).toBe(428);
    const stale = await put(hours.weeks, hours.version + 5);
    expect(stale.statusCode).toBe(412);
    expect(adminHours.parse(stale.json().current).version).toBe(hours.version);
    const operator = await app.inject({
      method: 'PUT',
      url: hoursUrl,
      headers: { ...as.operator, 'if-match': `"${hours.version}"` },
      payload: { weeks: hours.weeks },
    });
    expect(operator.statusCode).toBe(403);
    expect((await adminCall(app, 'GET', '/api/v1/admin/restos/2/hours', as.operator)).statusCode).toBe(403);
    expect((await read()).version).toBe(hours.version);
  });

  it("a take-away week of its own closes take-away on Wednesdays only; a lunch break closes it for the break; reverted it follows the restaurant's week", async () => {
    expect(await takeAway()).toEqual([]);
    const hours = await read();
    const own = hours.weeks.ALL.map((d) => (d.dayOfWeek === 3 ? { ...d, active: false } : d));
    const saved = await put({ ALL: hours.weeks.ALL, DELIVERY: null, TAKE_AWAY: own }, hours.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminHours.parse(saved.json()).version).toBe(hours.version + 1);
    expect(await takeAway()).toContain(closed);
    const shown = await publicResto();
    expect(shown.methodHours?.TAKE_AWAY?.find((d) => d.dayOfWeek === 3)?.active).toBe(false);
    expect(shown.openingHours.find((d) => d.dayOfWeek === 3)?.active).toBe(true);

    const entry = await lastEntry('entity=opening-hours&entityId=1');
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect(await takeAway()).toEqual([]);
    expect((await read()).weeks.TAKE_AWAY).toBeNull();

    const now = await read();
    const lunch = now.weeks.ALL.map((d) => ({ ...d, breakFrom: '11:30', breakTo: '12:30' }));
    expect((await put({ ALL: lunch, DELIVERY: null, TAKE_AWAY: null }, now.version)).statusCode).toBe(200);
    expect(await takeAway()).toContain(closed);
    expect(await takeAway({ preOrderAt: '2026-11-25T13:00:00+03:00' })).toEqual([]);
    const restored = await lastEntry('entity=opening-hours&entityId=1');
    expect((await revert(restored.id)).statusCode).toBe(200);
    expect(await takeAway()).toEqual([]);
  });
});

describe("a restaurant's special days in the back office", () => {
  it('a closed day today shuts the restaurant with its note; hours that day replace the week; deleted and reverted it is back', async () => {
    const tooFar = await adminCall(app, 'POST', daysUrl, as.manager, { date: '2029-01-01', closed: true });
    expect(errorsOf(tooFar)[0]).toMatchObject({ code: 'admin.special-day-too-far', field: 'date' });
    const noDate = await adminCall(app, 'POST', daysUrl, as.manager, { date: '2026-02-30', closed: true });
    expect(noDate.statusCode).toBe(400);
    const noHours = await adminCall(app, 'POST', daysUrl, as.manager, { date: '2026-11-25', closed: false });
    expect(errorsOf(noHours)[0]).toMatchObject({ code: 'admin.special-day-hours-required', field: 'open' });
    expect(
      (await adminCall(app, 'POST', daysUrl, as.operator, { date: '2026-11-25', closed: true })).statusCode,
    ).toBe(403);

    const created = await adminCall(app, 'POST', daysUrl, as.manager, {
      date: '2026-11-25',
      closed: true,
      note: { ru: 'Санитарный день', en: 'Cleaning day' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const day = adminSpecialDay.parse(created.json());
    expect(day).toMatchObject({ method: 'ALL', closed: true, open: null, version: 1 });
    expect(await takeAway()).toContain(closed);
    expect((await publicResto()).specialDays).toEqual([
      {
        date: '2026-11-25',
        method: 'ALL',
        closed: true,
        note: { ru: 'Санитарный день', en: 'Cleaning day' },
      },
    ]);
    const duplicate = await adminCall(app, 'POST', daysUrl, as.manager, { date: '2026-11-25', closed: true });
    expect(duplicate.statusCode).toBe(409);
    expect(errorsOf(duplicate)[0]).toMatchObject({ code: 'admin.special-day-duplicate', field: 'date' });

    const patch = (body: unknown, version: number) =>
      app.inject({
        method: 'PATCH',
        url: `${daysUrl}/${day.id}`,
        headers: { ...as.manager, 'if-match': `"${version}"` },
        payload: body as Record<string, unknown>,
      });
    const outside = await patch(
      { closed: false, open: '10:00', close: '18:00', breakFrom: '09:00', breakTo: '11:00' },
      1,
    );
    expect(errorsOf(outside)[0]).toMatchObject({ code: 'admin.hours-break-outside', field: 'breakFrom' });
    const opened = await patch(
      { closed: false, open: '10:00', close: '18:00', breakFrom: '11:45', breakTo: '12:15' },
      1,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await takeAway()).toContain(closed);
    expect(await takeAway({ preOrderAt: '2026-11-25T12:30:00+03:00' })).toEqual([]);
    expect(await takeAway({ preOrderAt: '2026-11-25T19:00:00+03:00' })).toContain(closed);
    expect((await patch({ closed: true }, 1)).statusCode).toBe(412);

    const remove = (ifMatch?: string) =>
      app.inject({
        method: 'DELETE',
        url: `${daysUrl}/${day.id}`,
        headers: { ...as.manager, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      });
    expect((await remove()).statusCode).toBe(428);
    expect((await remove('"2"')).statusCode).toBe(204);
    expect(await takeAway()).toEqual([]);
    const deletion = await lastEntry(`entity=special-day&entityId=${day.id}`);
    expect(deletion.action).toBe('delete');
    const back = await revert(deletion.id);
    expect(back.statusCode, back.body).toBe(200);
    const list = (await adminCall(app, 'GET', daysUrl, as.operator)).json().specialDays;
    expect(list).toEqual([expect.objectContaining({ id: day.id, open: '10:00', breakFrom: '11:45' })]);
    expect(await takeAway({ preOrderAt: '2026-11-25T19:00:00+03:00' })).toContain(closed);
  });

  it("a take-away special day closes take-away only, over the restaurant's special day on that date", async () => {
    const created = await adminCall(app, 'POST', daysUrl, as.owner, {
      date: '2026-11-26',
      method: 'TAKE_AWAY',
      closed: true,
      note: { ru: 'Самовывоз не работает' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await takeAway({ preOrderAt: '2026-11-26T13:00:00+03:00' })).toContain(closed);
    expect((await publicResto()).specialDays?.map((d) => [d.date, d.method])).toContainEqual([
      '2026-11-26',
      'TAKE_AWAY',
    ]);
  });
});
