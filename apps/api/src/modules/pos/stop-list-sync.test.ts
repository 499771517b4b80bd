import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { posLinks, posLog, posMappings, posOrganizations, restoStopList } from '../../db/schema.ts';
import { staffCall } from '../../test/board-kit.ts';
import { FAKE_IIKO_API_LOGIN, FAKE_IIKO_DEMO, type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, type Person, preflightAs } from '../../test/orders-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { syncMenu } from './menu-sync.ts';
import { syncStopLists } from './stop-list-sync.ts';

/*
 * The stop-lists between iiko and us, against the fake iiko on 127.0.0.1 through the real adapter: iiko's balance
 * of 0 stops the dish for the linked restaurant's today (the storefront's preflight refuses it), staff's own stops
 * stay theirs, and staff's stops on our board reach iiko's terminal group.
 */

const D = FAKE_IIKO_DEMO;
const ORG = D.organizationId;
const GROUP = D.terminalGroupId;
/** Wednesday noon in Kazan: restaurant 1 is open. */
const clock = DAY;
const TODAY = '2026-11-25';

let fake: FakeIiko;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let anna: Person;
let operator: number;
let menuId: number;

beforeAll(async () => {
  fake = await startFakeIiko();
  // No pictures: this file is about availability.
  const nomenclature = fake.nomenclature(ORG);
  fake.setNomenclature(ORG, {
    groups: nomenclature.groups.map((g) => ({ ...g, imageLinks: [] })),
    products: nomenclature.products.map((p) => ({ ...p, imageLinks: [] })),
  });
  ({ app, database, close } = await createTestApp({
    now: () => clock,
    env: {
      IIKO_API_URL: fake.url,
      IIKO_API_LOGINS: `demo=${FAKE_IIKO_API_LOGIN}`,
      PUBLIC_URL: 'http://127.0.0.1:9',
      POS_SYNC_INTERVAL_MS: '86400000',
      POS_POLL_MS: '600000',
    },
  }));
  await database.db.insert(posLinks).values({
    restoId: 1,
    whiteLabelId: 'demo',
    provider: 'iiko',
    organizationId: ORG,
    terminalGroupId: GROUP,
    paymentTypes: {},
    linkedAt: new Date(clock),
  });
  await database.db.insert(posOrganizations).values({
    whiteLabelId: 'demo',
    provider: 'iiko',
    organizationId: ORG,
    name: D.organizationName,
    nextSyncAt: new Date(clock),
  });
  await syncMenu(app.pos, ORG);
  const [org] = await database.db.select().from(posOrganizations);
  menuId = org?.menuId ?? 0;
  anna = await newPerson(app, database.db);
  operator = await addTestStaff(database.db, { login: 'pos-op', role: 'operator', restoIds: [1] });
});
afterAll(async () => {
  await close();
  await fake.close();
});

const db = () => database.db;
const dishOf = async (productId: string, sizeId = '') => {
  const [row] = await db()
    .select({ ourId: posMappings.ourId })
    .from(posMappings)
    .where(
      and(
        eq(posMappings.kind, 'dish'),
        eq(posMappings.externalId, productId),
        eq(posMappings.externalSizeId, sizeId),
      ),
    );
  if (!row) throw new Error(`no dish for ${productId}`);
  return row.ourId;
};
const todayRows = async () =>
  (
    await db()
      .select({ positionId: restoStopList.positionId, source: restoStopList.source })
      .from(restoStopList)
      .where(and(eq(restoStopList.restoId, 1), eq(restoStopList.localDate, TODAY)))
  ).sort((a, b) => a.positionId - b.positionId);
const problemsOf = async (positionId: number) => {
  const answer = await preflightAs(app, anna, {
    deliveryType: 'TAKE_AWAY',
    payType: 'CARD_UPON_RECEIPT',
    restoId: 1,
    positions: [{ id: positionId, menu: { id: menuId }, count: 1 }],
  });
  return answer.problems.map((p) => p.code);
};
const stopOnBoard = (positionId: number, stopped: boolean) =>
  staffCall(app, operator, 'POST', '/api/v1/staff/restos/1/stop-list', { positionId, stopped });
const lastStopLog = async () =>
  (await db().select().from(posLog).where(eq(posLog.kind, 'stop-list')).orderBy(desc(posLog.id)).limit(1))[0];

describe('stop-lists from iiko', () => {
  it('a balance of 0 stops the dish for the linked restaurant today: the preflight refuses it', async () => {
    const california = await dishOf(D.products.california);
    const cola = await dishOf(D.products.cola);
    expect(await problemsOf(california)).toEqual([]);
    fake.setStopList(ORG, GROUP, [
      { productId: D.products.california, balance: 0 },
      { productId: D.products.cola, balance: 3 },
    ]);
    await syncStopLists(app.pos, ORG);
    expect(await todayRows()).toEqual([{ positionId: california, source: 'pos' }]);
    expect(await problemsOf(california)).toContain('person-order.position-stopped');
    expect(await problemsOf(cola)).toEqual([]);
    expect(await lastStopLog()).toMatchObject({ ok: true, restoId: 1, summary: { stopped: ['Калифорния'] } });
  });

  it('a size stops that size only; a balance above 0 restores it; staff’s own stops stay', async () => {
    const california = await dishOf(D.products.california);
    const small = await dishOf(D.products.philadelphia, D.sizes.small);
    const large = await dishOf(D.products.philadelphia, D.sizes.large);
    // Staff stop a dish of ours (the demo menu's) and one of iiko's on the board, with iiko's rights refused.
    fake.setStopListRights(false);
    expect((await stopOnBoard(1, true)).statusCode).toBe(200);
    expect((await stopOnBoard(small, true)).statusCode).toBe(200);
    // The refusal is logged in the background: waited for, so the counts below are this test's own.
    await vi.waitFor(async () =>
      expect(await lastStopLog()).toMatchObject({ ok: false, summary: { stopped: ['Филадельфия, 6 шт'] } }),
    );
    fake.setStopList(ORG, GROUP, [
      { productId: D.products.california, balance: 2 },
      { productId: D.products.philadelphia, sizeId: D.sizes.large, balance: 0 },
      { productId: D.products.philadelphia, sizeId: D.sizes.small, balance: 0 },
    ]);
    const logsBefore = (await db().select().from(posLog)).length;
    await syncStopLists(app.pos, ORG);
    expect(await todayRows()).toEqual(
      [
        { positionId: 1, source: 'staff' },
        { positionId: small, source: 'staff' },
        { positionId: large, source: 'pos' },
      ].sort((a, b) => a.positionId - b.positionId),
    );
    expect(await problemsOf(california)).toEqual([]);
    expect(await problemsOf(large)).toContain('person-order.position-stopped');

    // iiko's list empties: its rows go, staff's stay; nothing changes, nothing is logged.
    fake.setStopList(ORG, GROUP, []);
    await syncStopLists(app.pos, ORG);
    expect((await todayRows()).map((r) => r.source)).toEqual(['staff', 'staff']);
    const logs = (await db().select().from(posLog)).length;
    await syncStopLists(app.pos, ORG);
    expect((await db().select().from(posLog)).length).toBe(logs);
    expect(logs).toBeGreaterThan(logsBefore);
    fake.setStopListRights(true);
  });

  it('staff stopping a dish iiko stopped make it theirs: iiko’s restore no longer puts it back on sale', async () => {
    const cola = await dishOf(D.products.cola);
    fake.setStopList(ORG, GROUP, [{ productId: D.products.cola, balance: 0 }]);
    await syncStopLists(app.pos, ORG);
    expect(await todayRows()).toContainEqual({ positionId: cola, source: 'pos' });
    expect((await stopOnBoard(cola, true)).statusCode).toBe(200);
    expect(await todayRows()).toContainEqual({ positionId: cola, source: 'staff' });
    fake.setStopList(ORG, GROUP, []);
    await syncStopLists(app.pos, ORG);
    expect(await todayRows()).toContainEqual({ positionId: cola, source: 'staff' });
    expect((await stopOnBoard(cola, false)).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await lastStopLog()).toMatchObject({ summary: { restored: ['Кола 0,5'], source: 'board' } }),
    );
    fake.setStopList(ORG, GROUP, []);
  });

  it('a failed read is logged and changes nothing', async () => {
    const before = await todayRows();
    fake.failNext('stop_lists', '500-before');
    await syncStopLists(app.pos, ORG);
    expect(await todayRows()).toEqual(before);
    expect(await lastStopLog()).toMatchObject({ ok: false, error: 'pos.unavailable', restoId: null });
  });
});

describe('our board’s stop-list to iiko', () => {
  it('a stop and a restore of an iiko dish on a linked restaurant reach the terminal group', async () => {
    const cola = await dishOf(D.products.cola);
    const stopped = await stopOnBoard(cola, true);
    expect(stopped.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(fake.stopList(ORG, GROUP)).toEqual([{ productId: D.products.cola, sizeId: null, balance: 0 }]),
    );
    expect((await stopOnBoard(cola, false)).statusCode).toBe(200);
    await vi.waitFor(() => expect(fake.stopList(ORG, GROUP)).toEqual([]));
    await vi.waitFor(async () =>
      expect(await lastStopLog()).toMatchObject({ ok: true, summary: { restored: ['Кола 0,5'] } }),
    );
  });

  it('iiko refusing (no rights) does not fail the staff’s call: it is logged', async () => {
    const california = await dishOf(D.products.california);
    fake.setStopListRights(false);
    const stopped = await stopOnBoard(california, true);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().stopList).toContain(california);
    await vi.waitFor(async () =>
      expect(await lastStopLog()).toMatchObject({
        ok: false,
        restoId: 1,
        error: 'pos.rejected',
        summary: { stopped: ['Калифорния'], source: 'board' },
      }),
    );
    expect(fake.stopList(ORG, GROUP)).toEqual([]);
    fake.setStopListRights(true);
  });
});
