import {
  adminAuditList,
  adminPromoCode,
  adminPromoCodeBatchResult,
  adminPromoCodeList,
} from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import type { StaffAccess } from '../../core/staff-access.ts';
import { promoCodes, whiteLabels } from '../../db/schema.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { codeOf, newPerson, orderBody, place, preflightAs } from '../../test/orders-kit.ts';
import { cart, codesOf, DAY, priced } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { ownsRestos } from './admin-marketing-scope.ts';
import { BATCH_ALPHABET } from './admin-promo-code-batch.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;

beforeAll(async () => {
  // Wednesday noon in Kazan.
  ({ app, database, close } = await createTestApp({ now: () => DAY }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'codes'));
});
afterAll(() => close());

const url = '/api/v1/admin/promo-codes';
const create = async (body: Record<string, unknown>) => {
  const response = await adminCall(app, 'POST', url, as.manager, body);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  return adminPromoCode.parse(response.json());
};
const read = async (id: number) =>
  adminPromoCode.parse((await adminCall(app, 'GET', `${url}/${id}`, as.manager)).json());
const patch = (id: number, ifMatch: string | null, body: Record<string, unknown>) =>
  app.inject({
    method: 'PATCH',
    url: `${url}/${id}`,
    headers: { ...as.manager, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload: body,
  });
const remove = (id: number, ifMatch: string) =>
  app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: { ...as.manager, 'if-match': ifMatch } });
const lastEntry = async (entity: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?entity=${entity}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const revert = (entryId: number) =>
  adminCall(app, 'POST', `/api/v1/admin/audit/${entryId}/revert`, as.manager, {});

describe('promo codes in the back office', () => {
  it('refuses bad input with field errors in the request’s language, saving nothing; an operator and another brand get nothing', async () => {
    const before = await databaseFingerprint(database.db);
    const en = { ...as.manager, 'accept-language': 'en' };
    const badCode = await adminCall(app, 'POST', url, en, { code: 'a b', kind: 'fixed', value: 100 });
    expect(badCode.statusCode).toBe(400);
    expect(errorsOf(badCode)[0]?.field).toBe('code');
    const percent = await adminCall(app, 'POST', url, en, { code: 'PCT150', kind: 'percent', value: 150 });
    expect(percent.statusCode).toBe(422);
    expect(errorsOf(percent)[0]).toMatchObject({
      code: 'admin.promo-percent-invalid',
      field: 'value',
      message: 'A percent discount is from 1 to 100',
    });
    const backwards = await adminCall(app, 'POST', url, as.manager, {
      code: 'BACKWARDS',
      kind: 'fixed',
      value: 100,
      startsAt: '2026-12-01T00:00:00+03:00',
      endsAt: '2026-11-01T00:00:00+03:00',
    });
    expect(errorsOf(backwards)[0]).toMatchObject({
      code: 'admin.ends-before-start',
      field: 'endsAt',
      message: 'Окончание должно быть позже начала',
    });
    const foreignResto = await adminCall(app, 'POST', url, as.manager, {
      code: 'NOWHERE',
      kind: 'fixed',
      value: 100,
      restoIds: [999_999],
    });
    expect(errorsOf(foreignResto)[0]).toMatchObject({ code: 'admin.resto-not-found', field: 'restoIds' });
    const badDay = await adminCall(app, 'POST', url, as.manager, {
      code: 'DAY8',
      kind: 'fixed',
      value: 100,
      daysOfWeek: [8],
    });
    expect(badDay.statusCode).toBe(400);
    expect(errorsOf(badDay)[0]?.field).toBe('daysOfWeek.0');
    const operator = await adminCall(app, 'POST', url, as.operator, {
      code: 'OPERATOR',
      kind: 'fixed',
      value: 1,
    });
    expect(operator.statusCode).toBe(403);
    expect((await adminCall(app, 'GET', url, as.operator)).statusCode).toBe(403);
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);

    await database.db
      .insert(whiteLabels)
      .values({ id: 'other-codes', name: { ru: 'Другой' } })
      .onConflictDoNothing();
    const [foreign] = await database.db
      .insert(promoCodes)
      .values({
        whiteLabelId: 'other-codes',
        code: 'THEIRS',
        description: { ru: '' },
        kind: 'fixed',
        value: 100,
      })
      .returning({ id: promoCodes.id });
    expect((await adminCall(app, 'GET', `${url}/${foreign?.id}`, as.owner)).statusCode).toBe(404);
    const list = adminPromoCodeList.parse(
      (await adminCall(app, 'GET', `${url}?search=THEIRS`, as.owner)).json(),
    );
    expect(list.codes).toEqual([]);
  });

  it('creates a code with every rule, finds it by search, changes it under If-Match (428, 412) and refuses a taken code', async () => {
    const code = await create({
      code: 'adm-rules',
      description: { ru: 'Все правила', en: 'Every rule' },
      kind: 'percent',
      value: 15,
      maxDiscountAmount: 30_000,
      minOrderAmount: 100_000,
      startsAt: '2026-11-01T00:00:00+03:00',
      endsAt: '2026-12-31T23:59:00+03:00',
      hours: { from: '10:00', to: '22:00' },
      daysOfWeek: [5, 3],
      deliveryMethods: ['DELIVERY'],
      restoIds: [2, 1],
      totalLimit: 100,
      perPersonLimit: 2,
      firstOrderOnly: true,
    });
    expect(code).toMatchObject({
      code: 'ADM-RULES',
      daysOfWeek: [3, 5],
      restoIds: [1, 2],
      uses: 0,
      discountGiven: 0,
      version: 1,
      active: true,
      campaign: null,
    });
    const found = adminPromoCodeList.parse(
      (await adminCall(app, 'GET', `${url}?search=adm-RU`, as.manager)).json(),
    );
    expect(found.codes.map((c) => c.id)).toEqual([code.id]);
    expect(found.timezone).toBe('+03:00');
    const taken = await adminCall(app, 'POST', url, as.manager, {
      code: 'Adm-Rules',
      kind: 'fixed',
      value: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)[0]).toMatchObject({ code: 'admin.promo-code-taken', field: 'code' });

    expect((await patch(code.id, null, { value: 20 })).statusCode).toBe(428);
    const changed = await patch(code.id, '"1"', { value: 20, daysOfWeek: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ value: 20, daysOfWeek: [], version: 2 });
    const stale = await patch(code.id, '"1"', { value: 25 });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { value: 20, version: 2 } });
    const tooMuch = await patch(code.id, '"2"', { value: 120 });
    expect(errorsOf(tooMuch)[0]).toMatchObject({ code: 'admin.promo-percent-invalid', field: 'value' });
    expect((await read(code.id)).version).toBe(2);
  });

  it('the preflight follows the code at once: its weekdays on the restaurant’s clock', async () => {
    const code = await create({ code: 'ADM-MONDAY', kind: 'percent', value: 10, daysOfWeek: [1] });
    expect(codesOf(await priced(app, cart({ promoCode: 'adm-monday' })))).toEqual([
      'promo-code.day-not-active',
    ]);
    const wednesday = await patch(code.id, '"1"', { daysOfWeek: [1, 3] });
    expect(wednesday.statusCode).toBe(200);
    const answer = await priced(app, cart({ promoCode: 'ADM-MONDAY' }));
    expect(codesOf(answer)).toEqual([]);
    expect(answer.discount).toBeGreaterThan(0);
  });

  it('counts uses and the discount from placed orders; a used code is only deactivated; first-order-only refuses a second order', async () => {
    const code = await create({ code: 'ADM-FIRST', kind: 'percent', value: 10, firstOrderOnly: true });
    // Anonymous: applied, with the word that signing in decides.
    const anonymous = await priced(app, cart({ promoCode: 'ADM-FIRST' }));
    expect(codesOf(anonymous)).toEqual(['promo-code.first-order-unchecked']);
    expect(anonymous.discount).toBeGreaterThan(0);

    const who = await newPerson(app, database.db);
    const first = await place(app, who, await orderBody(app, who, { promoCode: 'ADM-FIRST' }));
    expect(first.statusCode, first.body.slice(0, 300)).toBe(201);
    const { discount } = first.json() as { discount: number };
    expect(discount).toBeGreaterThan(0);
    expect(await read(code.id)).toMatchObject({ uses: 1, discountGiven: discount });
    const list = adminPromoCodeList.parse(
      (await adminCall(app, 'GET', `${url}?search=ADM-FIRST`, as.manager)).json(),
    );
    expect(list.codes[0]).toMatchObject({ uses: 1, discountGiven: discount });

    // The same person again: refused in the preflight and at placement.
    const again = await preflightAs(app, who, cart({ promoCode: 'ADM-FIRST' }));
    expect(again.problems.map((p) => p.code)).toEqual(['promo-code.first-order-only']);
    // Priced as a first order, then another order lands first: placement checks again under the person's lock.
    const other = await newPerson(app, database.db);
    const priced1 = await orderBody(app, other, { promoCode: 'ADM-FIRST' });
    expect((await place(app, other, await orderBody(app, other))).statusCode).toBe(201);
    expect(codeOf(await place(app, other, priced1))).toBe('promo-code.first-order-only');

    const used = await remove(code.id, '"1"');
    expect(used.statusCode).toBe(409);
    expect(errorsOf(used)[0]?.code).toBe('admin.promo-code-used');
    const off = await patch(code.id, '"1"', { active: false });
    expect(off.json()).toMatchObject({ active: false, uses: 1 });
    expect(codesOf(await priced(app, cart({ promoCode: 'ADM-FIRST' })))).toEqual(['promo-code.not-active']);
  });

  it('deletes an unused code; reverting the deletion brings it back under its id', async () => {
    const code = await create({ code: 'ADM-GONE', kind: 'fixed', value: 5000 });
    expect((await remove(code.id, '"1"')).statusCode).toBe(204);
    expect((await adminCall(app, 'GET', `${url}/${code.id}`, as.manager)).statusCode).toBe(404);
    expect(codesOf(await priced(app, cart({ promoCode: 'ADM-GONE' })))).toEqual(['promo-code.not-found']);
    const entry = await lastEntry('promo-code');
    expect(entry).toMatchObject({ action: 'delete', entityId: code.id });
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect(await read(code.id)).toMatchObject({ code: 'ADM-GONE', value: 5000 });
    expect(codesOf(await priced(app, cart({ promoCode: 'ADM-GONE' })))).toEqual([]);
  });

  it('keeps an instant as the database spells it, so a change sent with an offset is reverted', async () => {
    const code = await create({
      code: 'ADM-OFFSET',
      kind: 'fixed',
      value: 100,
      startsAt: '2026-11-01T00:00:00+03:00',
    });
    expect(code.startsAt).toBe('2026-10-31T21:00:00.000Z');
    const off = await patch(code.id, '"1"', {
      active: false,
      startsAt: '2026-11-01T00:00:00+03:00',
      daysOfWeek: [5, 1, 5],
    });
    expect(off.statusCode).toBe(200);
    const entry = await lastEntry('promo-code');
    expect(entry.after).toMatchObject({
      active: false,
      startsAt: '2026-10-31T21:00:00.000Z',
      daysOfWeek: [1, 5],
    });
    expect((await revert(entry.id)).statusCode).toBe(200);
    expect(await read(code.id)).toMatchObject({ active: true, startsAt: '2026-10-31T21:00:00.000Z' });
  });

  it('makes a batch of unique single-use codes in one go, exports it as CSV, and its revert turns the unused off', async () => {
    const tooMany = await adminCall(app, 'POST', `${url}/batch`, as.manager, {
      campaign: 'Осень',
      count: 10_001,
      kind: 'percent',
      value: 10,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorsOf(tooMany)[0]?.field).toBe('count');
    const none = await adminCall(app, 'POST', `${url}/batch`, as.manager, {
      campaign: 'Осень',
      count: 0,
      kind: 'percent',
      value: 10,
    });
    expect(errorsOf(none)[0]?.field).toBe('count');

    const made = await adminCall(app, 'POST', `${url}/batch`, as.manager, {
      campaign: 'Осень 2026',
      count: 500,
      prefix: 'aut-',
      length: 6,
      kind: 'fixed',
      value: 30_000,
      minOrderAmount: 100_000,
      endsAt: '2026-12-31T23:59:00+03:00',
    });
    expect(made.statusCode, made.body.slice(0, 300)).toBe(201);
    const result = adminPromoCodeBatchResult.parse(made.json());
    expect(result.count).toBe(500);
    const rows = await database.db.select().from(promoCodes).where(eq(promoCodes.campaign, 'Осень 2026'));
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((r) => r.code)).size).toBe(500);
    const shape = new RegExp(`^AUT-[${BATCH_ALPHABET}]{6}$`);
    for (const row of rows) {
      expect(row.code).toMatch(shape);
      expect(row).toMatchObject({ totalLimit: 1, perPersonLimit: 1, value: 30_000, active: true });
    }
    const listed = adminPromoCodeList.parse(
      (
        await adminCall(
          app,
          'GET',
          `${url}?campaign=${encodeURIComponent('Осень 2026')}&limit=10`,
          as.manager,
        )
      ).json(),
    );
    expect(listed).toMatchObject({ total: 500 });
    expect(listed.codes).toHaveLength(10);
    expect(listed.campaigns).toContain('Осень 2026');

    const csv = await adminCall(
      app,
      'GET',
      `${url}/export.csv?campaign=${encodeURIComponent('Осень 2026')}`,
      as.manager,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Код;Кампания;Использован;Скидка, ₽;Действует с;Действует до');
    expect(lines).toHaveLength(502); // the header, 500 codes and the final line break
    expect(lines[1]).toMatch(/^AUT-[A-Z2-9]{6};Осень 2026;0;0,00;;31\.12\.2026 23:59$/);
    const english = await adminCall(app, 'GET', `${url}/export.csv`, {
      ...as.manager,
      'accept-language': 'en',
    });
    expect(english.body.slice(1).split('\r\n')[0]).toBe(
      'Code;Campaign;Used;Discount given, ₽;Valid from;Valid to',
    );

    // One order uses a code of the batch; the revert turns off the other 499.
    const used = rows[0]?.code as string;
    const who = await newPerson(app, database.db);
    const big = [{ id: 1, menu: { id: 1 }, count: 6 }];
    const placed = await place(app, who, await orderBody(app, who, { positions: big, promoCode: used }));
    expect(placed.statusCode, placed.body.slice(0, 300)).toBe(201);
    const entry = await lastEntry('promo-code-batch');
    expect(entry).toMatchObject({ action: 'generate', id: result.auditEntryId });
    expect((await revert(entry.id)).statusCode).toBe(200);
    const after = await database.db.select().from(promoCodes).where(eq(promoCodes.campaign, 'Осень 2026'));
    expect(after.filter((r) => r.active).map((r) => r.code)).toEqual([used]);
    expect(codesOf(await priced(app, cart({ promoCode: rows[1]?.code })))).toEqual(['promo-code.not-active']);
  });

  it('lets a person touch only codes whose restaurants are all theirs', async () => {
    const access = { restoIds: [1], whiteLabel: 'demo' } as StaffAccess;
    expect(await ownsRestos(database.db, access, [1])).toBe(true);
    expect(await ownsRestos(database.db, access, [1, 2])).toBe(false);
    // None listed is every restaurant of the brand.
    expect(await ownsRestos(database.db, access, [])).toBe(false);
  });
});
