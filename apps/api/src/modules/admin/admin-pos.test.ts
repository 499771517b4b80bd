import {
  adminAuditList,
  adminPosChoices,
  adminPosLink,
  adminPosLog,
  adminPosSyncResult,
  adminPosZonesImportResult,
  adminZoneList,
} from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { posLinks, posLog, posOrganizations, restoMenus, restos } from '../../db/schema.ts';
import { type AdminRole, addAdminStaff, adminCall, errorsOf } from '../../test/admin-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { FAKE_IIKO_API_LOGIN, FAKE_IIKO_DEMO, type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/*
 * A restaurant's link to iiko in the back office, against the fake iiko on 127.0.0.1 through the real adapter. The
 * public address is a closed port of 127.0.0.1: the fake's webhooks never leave the machine.
 */

const ORG = FAKE_IIKO_DEMO.organizationId;
const GROUP = FAKE_IIKO_DEMO.terminalGroupId;
const TYPES = {
  'card-online': FAKE_IIKO_DEMO.paymentTypes.external,
  card: FAKE_IIKO_DEMO.paymentTypes.card,
  cash: FAKE_IIKO_DEMO.paymentTypes.cash,
};
const PUBLIC = 'http://127.0.0.1:9';
const HOOK = `${PUBLIC}/api/v1/pos/iiko/webhook`;

let fake: FakeIiko;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let foreignResto: number;
/** A restaurant of the brand paid in cash only. */
let cashOnly: number;
let clock = Date.parse('2026-11-20T09:00:00.000Z');

const posEnv = (publicUrl: string) => ({
  IIKO_API_URL: fake.url,
  IIKO_API_LOGINS: `demo=${FAKE_IIKO_API_LOGIN}`,
  PUBLIC_URL: publicUrl,
  // The schedules stay quiet: each test runs what it needs by hand.
  POS_SYNC_INTERVAL_MS: '86400000',
  POS_POLL_MS: '600000',
});

beforeAll(async () => {
  fake = await startFakeIiko();
  ({ app, database, close } = await createTestApp({ env: posEnv(PUBLIC), now: () => clock }));
  ({ headers: as } = await addAdminStaff(app, database.db, 'pos'));
  const [row] = await database.db
    .insert(restos)
    .values({
      whiteLabelId: 'demo',
      name: { ru: 'Без оплат' },
      address: { ru: 'Где-то' },
      street: { ru: 'Где-то' },
      description: { ru: '' },
      lat: 55.79,
      lng: 49.12,
      payDelivery: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
      payTakeAway: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
    })
    .returning({ id: restos.id });
  cashOnly = row?.id ?? 0;
  foreignResto = await otherBrandResto();
});
afterAll(async () => {
  await close();
  await fake.close();
});

async function otherBrandResto() {
  const { addOtherBrandDish } = await import('../../test/admin-kit.ts');
  await addOtherBrandDish(database.db);
  const [row] = await database.db
    .insert(restos)
    .values({
      whiteLabelId: 'other-brand',
      name: { ru: 'Чужой ресторан' },
      address: { ru: 'Где-то' },
      street: { ru: 'Где-то' },
      description: { ru: '' },
      lat: 55.79,
      lng: 49.12,
      payDelivery: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
      payTakeAway: { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true },
    })
    .returning({ id: restos.id });
  return row?.id ?? 0;
}

const url = (restoId: number, tail = '') => `/api/v1/admin/restos/${restoId}/pos${tail}`;
const read = async (restoId: number) =>
  adminPosLink.parse((await adminCall(app, 'GET', url(restoId), as.manager)).json());
const put = (restoId: number, version: number | null, body: unknown, who = as.manager) =>
  adminCall(app, 'PUT', url(restoId), version === null ? who : { ...who, 'if-match': `"${version}"` }, body);
const linkBody = { organizationId: ORG, terminalGroupId: GROUP, paymentTypes: TYPES };
const lastEntry = async (query: string) => {
  const response = await adminCall(app, 'GET', `/api/v1/admin/audit?${query}&limit=1`, as.manager);
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const organizationRow = async () => {
  const [row] = await database.db
    .select()
    .from(posOrganizations)
    .where(and(eq(posOrganizations.whiteLabelId, 'demo'), eq(posOrganizations.organizationId, ORG)));
  return row;
};

describe('linking a restaurant to iiko', () => {
  it('lets owners and managers in, refuses operators, and does not find another brand’s restaurant', async () => {
    for (const who of [as.owner, as.manager]) {
      expect((await adminCall(app, 'GET', url(1), who)).statusCode).toBe(200);
      expect((await adminCall(app, 'GET', '/api/v1/admin/pos/choices', who)).statusCode).toBe(200);
    }
    for (const [method, path] of [
      ['GET', url(1)],
      ['PUT', url(1)],
      ['GET', url(1, '/log')],
      ['POST', url(1, '/sync')],
      ['POST', url(1, '/zones-import')],
      ['GET', '/api/v1/admin/pos/choices'],
    ] as const) {
      const refused = await adminCall(app, method, path, { ...as.operator, 'if-match': '"0"' }, linkBody);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(errorsOf(refused)[0]?.code).toBe('admin.forbidden-role');
      expect((await adminCall(app, method, path, {}, linkBody)).statusCode).toBe(401);
    }
    const foreign = await adminCall(app, 'GET', url(foreignResto), as.owner);
    expect(foreign.statusCode).toBe(404);
    expect(errorsOf(foreign)[0]?.code).toBe('resto.not-found');
    expect((await put(foreignResto, 0, linkBody, as.owner)).statusCode).toBe(404);
  });

  it('offers iiko’s organizations, terminal groups (disabled ones marked) and payment types', async () => {
    const response = await adminCall(app, 'GET', '/api/v1/admin/pos/choices', as.manager);
    expect(response.statusCode).toBe(200);
    const choices = adminPosChoices.parse(response.json());
    const organization = choices.organizations.find((o) => o.id === ORG);
    expect(organization?.name).toBe(FAKE_IIKO_DEMO.organizationName);
    expect(organization?.terminalGroups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: GROUP, enabled: true }),
        expect.objectContaining({ id: FAKE_IIKO_DEMO.disabledTerminalGroupId, enabled: false }),
      ]),
    );
    expect(organization?.paymentTypes.map((t) => t.id)).toEqual(
      expect.arrayContaining(Object.values(FAKE_IIKO_DEMO.paymentTypes)),
    );
    // Kept a minute: a second read asks iiko nothing.
    const asked = fake.requests.length;
    await adminCall(app, 'GET', '/api/v1/admin/pos/choices', as.manager);
    expect(fake.requests.length).toBe(asked);
  });

  it('answers an unlinked restaurant with version 0 and the payment methods it offers', async () => {
    const link = await read(1);
    expect(link).toMatchObject({ configured: true, linked: false, link: null, webhook: null, version: 0 });
    expect(link.paymentMethods).toEqual(['card-online', 'card', 'cash']);
    expect((await read(cashOnly)).paymentMethods).toEqual(['cash']);
  });

  it('refuses bad input with the field, and changes nothing', async () => {
    const before = await databaseFingerprint(database.db);
    const en = { ...as.manager, 'accept-language': 'en' };
    expect((await put(1, null, linkBody, en)).statusCode).toBe(428);
    const shapes: [unknown, string][] = [
      [{}, 'organizationId'],
      [{ organizationId: ORG, paymentTypes: TYPES }, 'terminalGroupId'],
      [{ ...linkBody, organizationId: 'not an id' }, 'organizationId'],
      [{ ...linkBody, paymentTypes: { cash: 5 } }, 'paymentTypes.cash'],
    ];
    for (const [body, field] of shapes) {
      const response = await put(1, 0, body, en);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(response).map((e) => e.field)).toContain(field);
    }
    const unknown: [unknown, string, string][] = [
      [
        { ...linkBody, organizationId: '00000000-0000-4000-8000-000000000000' },
        'pos.organization-unknown',
        'organizationId',
      ],
      [
        { ...linkBody, terminalGroupId: '00000000-0000-4000-8000-000000000000' },
        'pos.terminal-group-unknown',
        'terminalGroupId',
      ],
      [
        { ...linkBody, paymentTypes: { ...TYPES, card: '00000000-0000-4000-8000-000000000000' } },
        'pos.payment-type-unknown',
        'paymentTypes.card',
      ],
      [
        { ...linkBody, paymentTypes: { card: TYPES.card, cash: TYPES.cash } },
        'pos.payment-type-required',
        'paymentTypes.card-online',
      ],
    ];
    for (const [body, code, field] of unknown) {
      const response = await put(1, 0, body, en);
      expect(response.statusCode, code).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({ code, field });
      expect(errorsOf(response)[0]?.message).not.toMatch(/[а-я]/i);
    }
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('links, registering the webhook with a token of its own; a refused registration shows and is tried again', async () => {
    fake.failNext('webhooks/update_settings', '500-before');
    const linked = await put(1, 0, linkBody);
    expect(linked.statusCode).toBe(200);
    expect(linked.headers.etag).toBe('"1"');
    const link = adminPosLink.parse(linked.json());
    expect(link).toMatchObject({
      linked: true,
      version: 1,
      link: {
        provider: 'iiko',
        organizationId: ORG,
        terminalGroupId: GROUP,
        paymentTypes: TYPES,
        organizationName: FAKE_IIKO_DEMO.organizationName,
      },
      webhook: { registeredAt: null, error: 'pos.unavailable' },
    });
    // The first sync is due at once.
    const organization = await organizationRow();
    expect(organization?.nextSyncAt.getTime()).toBe(clock);
    const token = organization?.webhookToken ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linked.body).not.toContain(token);

    // The same link again changes nothing but registers the webhook this time.
    const again = await put(1, 1, linkBody);
    expect(again.statusCode).toBe(200);
    const registered = adminPosLink.parse(again.json());
    expect(registered.version).toBe(1);
    expect(registered.webhook).toMatchObject({ uri: HOOK, error: null });
    expect(registered.webhook?.registeredAt).toBe(new Date(clock).toISOString());
    expect(fake.webhook(ORG)).toMatchObject({ webHooksUri: HOOK, authToken: token });
    expect(again.body).not.toContain(token);

    const log = adminPosLog.parse((await adminCall(app, 'GET', url(1, '/log'), as.manager)).json());
    expect(log.entries.map((e) => [e.kind, e.ok])).toEqual(
      expect.arrayContaining([
        ['link', true],
        ['webhook', false],
        ['webhook', true],
      ]),
    );
    expect(JSON.stringify(log)).not.toContain(token);
    const entry = await lastEntry('entity=pos-link&entityId=1');
    expect(entry).toMatchObject({ action: 'update', before: { link: null } });
    expect(entry.after).toMatchObject({ link: { organizationId: ORG, terminalGroupId: GROUP } });
  });

  it('relinks under If-Match (412 with the link now when stale), reverts, unlinks, and reverts the unlink', async () => {
    const calls = () => fake.requests.filter((r) => r.path === 'webhooks/update_settings').length;
    const registrations = calls();
    const stale = await put(1, 0, { ...linkBody, paymentTypes: { ...TYPES, card: TYPES.cash } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { version: 1, linked: true } });

    const relinked = await put(1, 1, { ...linkBody, paymentTypes: { ...TYPES, card: TYPES.cash } });
    expect(relinked.statusCode).toBe(200);
    expect(adminPosLink.parse(relinked.json())).toMatchObject({
      version: 2,
      link: { paymentTypes: { card: TYPES.cash } },
    });
    // The organization's webhook stands: no second registration.
    expect(calls()).toBe(registrations);

    const relink = await lastEntry('entity=pos-link&entityId=1');
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${relink.id}/revert`, as.manager);
    expect(undo.statusCode).toBe(200);
    expect(await read(1)).toMatchObject({ version: 3, link: { paymentTypes: TYPES } });

    const unlinked = await put(1, 3, { linked: false });
    expect(unlinked.statusCode).toBe(200);
    expect(adminPosLink.parse(unlinked.json())).toMatchObject({ linked: false, link: null, version: 4 });
    expect(await database.db.select().from(posLinks).where(eq(posLinks.restoId, 1))).toEqual([]);

    const unlink = await lastEntry('entity=pos-link&entityId=1');
    expect(unlink).toMatchObject({ before: { link: { organizationId: ORG } }, after: { link: null } });
    expect(
      (await adminCall(app, 'POST', `/api/v1/admin/audit/${unlink.id}/revert`, as.owner)).statusCode,
    ).toBe(200);
    expect(await read(1)).toMatchObject({ linked: true, version: 5, link: { organizationId: ORG } });
    // An operator undoes no link.
    const last = await lastEntry('entity=pos-link&entityId=1');
    const byOperator = await adminCall(app, 'POST', `/api/v1/admin/audit/${last.id}/revert`, as.operator);
    expect(byOperator.statusCode).toBe(403);

    const kinds = adminPosLog
      .parse((await adminCall(app, 'GET', url(1, '/log?kind=unlink'), as.manager)).json())
      .entries.map((e) => e.kind);
    expect(kinds).toEqual(['unlink']);
  });

  it('syncs now: the entries the sync wrote; an unlinked restaurant is 409 pos.not-linked', async () => {
    const response = await adminCall(app, 'POST', url(1, '/sync'), as.manager);
    expect(response.statusCode).toBe(200);
    const { entries } = adminPosSyncResult.parse(response.json());
    for (const entry of entries) expect(['sync', 'stop-list', 'webhook']).toContain(entry.kind);
    // The menu sync logs each run, a change or not.
    expect(entries.some((e) => e.kind === 'sync' && e.organizationId === ORG)).toBe(true);
    const unlinked = await adminCall(app, 'POST', url(2, '/sync'), as.manager);
    expect(unlinked.statusCode).toBe(409);
    expect(errorsOf(unlinked)[0]?.code).toBe('pos.not-linked');
  });

  it('unlinking takes the organization’s menu off the restaurant and the storefront; relinking and a sync list it again', async () => {
    expect((await adminCall(app, 'POST', url(1, '/sync'), as.manager)).statusCode).toBe(200);
    const [organization] = await database.db
      .select()
      .from(posOrganizations)
      .where(eq(posOrganizations.organizationId, ORG));
    const menuId = organization?.menuId ?? 0;
    expect(menuId).toBeGreaterThan(0);
    const listed = async () =>
      (
        await database.db
          .select()
          .from(restoMenus)
          .where(and(eq(restoMenus.restoId, 1), eq(restoMenus.menuId, menuId)))
      ).length;
    const served = async () =>
      ((await app.inject('/1/p/restos/1')).json().menus as { id: number }[]).map((menu) => menu.id);
    expect(await listed()).toBe(1);
    expect(await served()).toContain(menuId);
    const { version } = await read(1);
    expect((await put(1, version, { linked: false })).statusCode).toBe(200);
    expect(await listed()).toBe(0);
    expect(await served()).not.toContain(menuId);
    expect((await put(1, version + 1, linkBody)).statusCode).toBe(200);
    expect((await adminCall(app, 'POST', url(1, '/sync'), as.manager)).statusCode).toBe(200);
    expect(await listed()).toBe(1);
  });

  it('pages the log newest first: the restaurant’s own entries and its organization’s, not others’', async () => {
    const at = new Date(clock);
    const row = { whiteLabelId: 'demo', at, ok: true, summary: {}, error: null };
    await database.db.insert(posLog).values([
      ...Array.from({ length: 5 }, (_, i) => ({
        ...row,
        restoId: 1,
        kind: 'order' as const,
        summary: { n: i },
      })),
      {
        ...row,
        restoId: null,
        organizationId: ORG,
        kind: 'sync' as const,
        ok: false,
        error: 'pos.timeout',
      },
      { ...row, restoId: 2, kind: 'order' as const },
      { ...row, restoId: null, organizationId: 'another-org', kind: 'sync' as const },
    ]);
    const first = adminPosLog.parse(
      (
        await adminCall(app, 'GET', url(1, '/log?limit=3'), { ...as.manager, 'accept-language': 'en' })
      ).json(),
    );
    expect(first.entries).toHaveLength(3);
    expect(first.entries[0]).toMatchObject({
      kind: 'sync',
      ok: false,
      error: 'pos.timeout',
      errorMessage: 'iiko did not answer in time',
    });
    expect(first.nextBefore).toBe(first.entries[2]?.id);
    const all = [];
    let before: number | null = null;
    do {
      const query: string = before === null ? '?limit=3' : `?limit=3&before=${before}`;
      const page = adminPosLog.parse(
        (await adminCall(app, 'GET', url(1, `/log${query}`), as.manager)).json(),
      );
      all.push(...page.entries);
      before = page.nextBefore;
    } while (before !== null);
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.every((e) => e.restoId === 1 || (e.restoId === null && e.organizationId === ORG))).toBe(true);
    const orders = adminPosLog.parse(
      (await adminCall(app, 'GET', url(1, '/log?kind=order&limit=100'), as.manager)).json(),
    );
    expect(orders.entries.map((e) => e.summary.n)).toEqual([4, 3, 2, 1, 0]);
    expect((await adminCall(app, 'GET', url(1, '/log?kind=nope'), as.manager)).statusCode).toBe(400);
  });

  it('imports iiko’s zones for the terminal group after a dry run; a second import skips what exists', async () => {
    const square = (lat: number, lng: number) => [
      { latitude: lat, longitude: lng },
      { latitude: lat + 0.01, longitude: lng },
      { latitude: lat + 0.01, longitude: lng + 0.02 },
      { latitude: lat, longitude: lng + 0.02 },
    ];
    const term = { terminalGroupId: GROUP, organizationId: ORG, weekMap: 127, priority: 3 };
    fake.setDeliveryRestrictions(ORG, {
      deliveryZones: [
        { name: 'Центр', coordinates: square(55.78, 49.1), addresses: [] },
        { name: 'Север', coordinates: square(55.8, 49.1), addresses: [] },
        { name: 'Отрезок', coordinates: square(55.82, 49.1).slice(0, 2), addresses: [] },
      ],
      restrictions: [
        { ...term, zone: 'Центр', minSum: 0, from: 0, to: 1440, deliveryDurationInMinutes: 60 },
        { ...term, zone: 'Центр', minSum: 1000, from: 0, to: 1440, deliveryDurationInMinutes: 45 },
        { ...term, zone: 'Центр', minSum: 1000, from: 1320, to: 1440, deliveryDurationInMinutes: 90 },
        { ...term, zone: 'Север', terminalGroupId: FAKE_IIKO_DEMO.disabledTerminalGroupId, minSum: 500 },
        { ...term, zone: 'Отрезок', minSum: 0 },
      ],
    });
    const before = await databaseFingerprint(database.db);
    const dry = await adminCall(app, 'POST', url(1, '/zones-import'), as.manager);
    expect(dry.statusCode).toBe(200);
    const preview = adminPosZonesImportResult.parse(dry.json());
    expect(preview.dryRun).toBe(true);
    expect(preview.zones).toHaveLength(1);
    expect(preview.zones[0]).toMatchObject({
      id: 0,
      restoId: 1,
      name: { ru: 'Центр' },
      priority: 3,
      bands: [
        { orderPriceMin: 0, orderPriceMax: 100_000, deliveryPrice: 0, timeMinutes: 60 },
        { orderPriceMin: 100_000, orderPriceMax: null, deliveryPrice: 0, timeMinutes: 45 },
      ],
    });
    expect(preview.skipped.map((s) => s.name)).toEqual(['Север', 'Отрезок']);
    expect(preview.skipped[0]?.code).toBe('pos.zone-no-restriction');
    expect(preview.skipped[1]?.code).toMatch(/^admin\.zone-/);
    expect(preview.warnings.map((w) => w.code)).toContain('pos.zone-hours-ignored');
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);

    const applied = await adminCall(app, 'POST', url(1, '/zones-import?dryRun=false'), as.manager);
    expect(applied.statusCode).toBe(200);
    const made = adminPosZonesImportResult.parse(applied.json()).zones[0];
    expect(made?.id).toBeGreaterThan(0);
    const zones = adminZoneList.parse(
      (await adminCall(app, 'GET', '/api/v1/admin/zones?restoId=1', as.manager)).json(),
    ).zones;
    expect(zones.find((z) => z.id === made?.id)).toMatchObject({ name: { ru: 'Центр' }, priority: 3 });
    expect(await lastEntry(`entity=zone&entityId=${made?.id}`)).toMatchObject({ action: 'create' });
    const log = adminPosLog.parse(
      (await adminCall(app, 'GET', url(1, '/log?kind=zones'), as.manager)).json(),
    );
    expect(log.entries[0]?.summary).toMatchObject({ added: ['Центр'] });

    const twice = adminPosZonesImportResult.parse(
      (await adminCall(app, 'POST', url(1, '/zones-import?dryRun=false'), as.manager)).json(),
    );
    expect(twice.zones).toEqual([]);
    expect(twice.skipped.map((s) => s.code)).toContain('pos.zone-exists');
    expect((await adminCall(app, 'POST', url(2, '/zones-import'), as.manager)).statusCode).toBe(409);
  });

  it('answers iiko down as 503 and a refused login as 502, saving nothing', async () => {
    clock += 120_000; // past the choices' minute
    fake.failNext('organizations', '500-before');
    const before = await databaseFingerprint(database.db);
    const down = await put(cashOnly, 0, { ...linkBody, paymentTypes: { cash: TYPES.cash } });
    expect(down.statusCode).toBe(503);
    expect(errorsOf(down)[0]?.code).toBe('pos.unavailable');
    expect(changedTables(before, await databaseFingerprint(database.db))).toEqual([]);
  });

  it('at start registers the webhook again when the public address changed, keeping the token', async () => {
    const token = (await organizationRow())?.webhookToken;
    const moved = 'http://127.0.0.1:10';
    const second = await createTestApp({ db: database, env: posEnv(moved), now: () => clock });
    try {
      await second.app.ready();
      expect(fake.webhook(ORG)).toMatchObject({
        webHooksUri: `${moved}/api/v1/pos/iiko/webhook`,
        authToken: token,
      });
      expect((await organizationRow())?.webhookUri).toBe(`${moved}/api/v1/pos/iiko/webhook`);
    } finally {
      await second.close();
    }
  });

  it('without an API login for the brand: configured false, choices and links 409 pos.not-configured', async () => {
    const bare = await createTestApp({ db: database, now: () => clock });
    try {
      const link = adminPosLink.parse((await adminCall(bare.app, 'GET', url(2), as.manager)).json());
      expect(link).toMatchObject({ configured: false, linked: false });
      const choices = await adminCall(bare.app, 'GET', '/api/v1/admin/pos/choices', as.manager);
      expect(choices.statusCode).toBe(409);
      expect(errorsOf(choices)[0]?.code).toBe('pos.not-configured');
      const linking = await adminCall(
        bare.app,
        'PUT',
        url(2),
        { ...as.manager, 'if-match': '"0"' },
        linkBody,
      );
      expect(linking.statusCode).toBe(409);
      const sync = await adminCall(bare.app, 'POST', url(1, '/sync'), as.manager);
      expect(sync.statusCode).toBe(409);
      expect(errorsOf(sync)[0]?.code).toBe('pos.not-configured');
    } finally {
      await bare.close();
    }
  });
});
