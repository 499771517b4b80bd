import {
  adminAuditList,
  adminStaff,
  adminStaffCreated,
  adminStaffList,
  adminStaffPasswordReset,
  adminStaffStaleBody,
  staffTokenSet,
} from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { restos, staff, staffRefreshTokens } from '../../db/schema.ts';
import {
  type AdminRole,
  addAdminStaff,
  addOtherBrandDish,
  adminCall,
  errorsOf,
} from '../../test/admin-kit.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { changedTables, databaseFingerprint } from '../../test/database-fingerprint.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let as: Record<AdminRole, Record<string, string>>;
let ids: Record<AdminRole, number>;
const clock = testClock();

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  ({ headers: as, ids } = await addAdminStaff(app, database.db, 'staffs'));
});
afterAll(() => close());

const STAFF = '/api/v1/admin/staff';
const staffUrl = (id: number) => `${STAFF}/${id}`;
const codeOf = (response: LightMyRequestResponse) => errorsOf(response)[0]?.code;
const fieldOf = (response: LightMyRequestResponse) => errorsOf(response)[0]?.field;

const create = (body: unknown, who: AdminRole = 'owner') => adminCall(app, 'POST', STAFF, as[who], body);
async function created(body: unknown) {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return adminStaffCreated.parse(response.json());
}
const read = async (id: number) => {
  const response = await adminCall(app, 'GET', staffUrl(id), as.owner);
  expect(response.statusCode, response.body).toBe(200);
  return { account: adminStaff.parse(response.json()), etag: response.headers.etag as string };
};
const patch = (id: number, body: unknown, ifMatch: string | undefined, who: AdminRole = 'owner') =>
  adminCall(
    app,
    'PATCH',
    staffUrl(id),
    { ...as[who], ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    body,
  );
/** A PATCH under the version read just now. */
async function patchNow(id: number, body: unknown, who: AdminRole = 'owner') {
  return patch(id, body, (await read(id)).etag, who);
}
const signIn = (login: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/staff/sign-in', payload: { login, password } });
const refresh = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/staff/token', payload: { refreshToken } });
const lastEntry = async (id: number) => {
  const response = await adminCall(
    app,
    'GET',
    `/api/v1/admin/audit?entity=staff&entityId=${id}&limit=1`,
    as.owner,
  );
  const [entry] = adminAuditList.parse(response.json()).entries;
  if (!entry) throw new Error('no entry');
  return entry;
};
const revert = (entryId: number, who: AdminRole = 'owner') =>
  adminCall(app, 'POST', `/api/v1/admin/audit/${entryId}/revert`, as[who]);
/** No answer may carry a hash or a second factor's secret. */
const expectNoSecrets = (body: string) => {
  expect(body).not.toMatch(/scrypt|passwordHash|password_hash|totpSecret|\$test\$/i);
};

describe('the brand’s staff list', () => {
  it('lists every account of the brand by login, with role, restaurants, disabled, second factor, never a secret', async () => {
    await database.db.update(staff).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(staff.id, ids.manager));
    const response = await adminCall(app, 'GET', STAFF, as.owner);
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecrets(response.body);
    const list = adminStaffList.parse(response.json()).staff;
    expect(list.map((s) => s.login)).toEqual([...list.map((s) => s.login)].sort());
    expect(list.find((s) => s.id === ids.operator)).toMatchObject({
      role: 'operator',
      restoIds: [1],
      disabled: false,
      totp: false,
      lastSignInAt: null,
    });
    expect(list.find((s) => s.id === ids.manager)).toMatchObject({
      role: 'manager',
      restoIds: [],
      totp: true,
    });
    await database.db.update(staff).set({ totpSecret: null }).where(eq(staff.id, ids.manager));
  });

  it('reads one account with its version as ETag; another brand’s account is 404, as one that does not exist', async () => {
    const { account, etag } = await read(ids.operator);
    expect(etag).toBe(`"${account.version}"`);
    await addOtherBrandDish(database.db, 'staff-other');
    const foreign = await addTestStaff(database.db, {
      login: 'foreign-one',
      role: 'operator',
      whiteLabel: 'staff-other',
    });
    for (const id of [foreign, 987_654]) {
      const response = await adminCall(app, 'GET', staffUrl(id), as.owner);
      expect(response.statusCode).toBe(404);
      expect(errorsOf(response)[0]).toMatchObject({ code: 'staff.not-found', field: 'staffId' });
    }
    const list = adminStaffList.parse((await adminCall(app, 'GET', STAFF, as.owner)).json()).staff;
    expect(list.map((s) => s.id)).not.toContain(foreign);
  });

  it('is the owner’s only: a manager and an operator get 403, no token 401', async () => {
    for (const who of ['manager', 'operator'] as const) {
      for (const [method, url] of [
        ['GET', STAFF],
        ['GET', staffUrl(ids.operator)],
        ['POST', `${staffUrl(ids.operator)}/password`],
        ['POST', `${staffUrl(ids.operator)}/totp/reset`],
      ] as const) {
        const response = await adminCall(app, method, url, as[who]);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(codeOf(response)).toBe('admin.forbidden-role');
      }
      const fingerprint = await databaseFingerprint(database.db);
      expect(codeOf(await create({ login: 'by-manager', role: 'manager' }, who))).toBe(
        'admin.forbidden-role',
      );
      expect(codeOf(await patchNow(ids.operator, { disabled: true }, who))).toBe('admin.forbidden-role');
      expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
    }
    const anonymous = await app.inject({ url: STAFF });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('adding an account', () => {
  it('generates a password answered once, which signs in; the audit entry holds no secret', async () => {
    const { staff: account, generatedPassword } = await created({
      login: ' Cook.One ',
      role: 'operator',
      restoIds: [2, 1, 2],
    });
    expect(account).toMatchObject({
      login: 'cook.one',
      name: 'cook.one',
      role: 'operator',
      restoIds: [1, 2],
    });
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const signedIn = await signIn('cook.one', generatedPassword ?? '');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { account: after } = await read(account.id);
    expect(after.lastSignInAt).toBe(new Date(clock.now()).toISOString());
    expectNoSecrets((await adminCall(app, 'GET', staffUrl(account.id), as.owner)).body);
    expect((await adminCall(app, 'GET', staffUrl(account.id), as.owner)).body).not.toContain(
      generatedPassword,
    );
    const entry = await lastEntry(account.id);
    expect(entry).toMatchObject({
      action: 'create',
      staff: { id: ids.owner },
      before: {},
      after: { login: 'cook.one', name: 'cook.one', role: 'operator', restoIds: [1, 2], disabled: false },
    });
    expect(JSON.stringify(entry)).not.toContain(generatedPassword);
    expect((await revert(entry.id)).statusCode).toBe(409);
  });

  it('takes a password given (not answered back) and a name; a manager or owner takes no restaurants', async () => {
    const response = await create({
      login: 'boss.two',
      name: ' Борис ',
      role: 'manager',
      password: 'a-long-password',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.body).not.toContain('a-long-password');
    const { staff: account, generatedPassword } = adminStaffCreated.parse(response.json());
    expect(generatedPassword).toBeNull();
    expect(account).toMatchObject({ name: 'Борис', role: 'manager', restoIds: [] });
    expect((await signIn('boss.two', 'a-long-password')).statusCode).toBe(200);
  });

  it('refuses, changing nothing: a login taken (any case), an operator without restaurants or with another brand’s, restaurants for a manager, a short password, a bad login', async () => {
    const [foreignResto] = await database.db
      .insert(restos)
      .values({
        whiteLabelId: 'staff-other',
        name: { ru: 'Чужой' },
        address: { ru: '' },
        street: { ru: '' },
        description: { ru: '' },
        lat: 55.8,
        lng: 49.1,
        payDelivery: [],
        payTakeAway: [],
      } as unknown as typeof restos.$inferInsert)
      .returning({ id: restos.id });
    const fingerprint = await databaseFingerprint(database.db);
    const taken = await create({ login: 'STAFFS-MANAGER', role: 'manager' });
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)[0]).toMatchObject({ code: 'admin.staff-login-taken', field: 'login' });
    const noRestos = await create({ login: 'cook.two', role: 'operator' });
    expect([noRestos.statusCode, codeOf(noRestos), fieldOf(noRestos)]).toEqual([
      422,
      'admin.staff-restos-required',
      'restoIds',
    ]);
    const unknown = await create({ login: 'cook.two', role: 'operator', restoIds: [1, 987_654] });
    expect([unknown.statusCode, codeOf(unknown), fieldOf(unknown)]).toEqual([
      422,
      'admin.resto-not-found',
      'restoIds.1',
    ]);
    const foreign = await create({ login: 'cook.two', role: 'operator', restoIds: [foreignResto?.id ?? 0] });
    expect(codeOf(foreign)).toBe('admin.resto-not-found');
    const ownerRestos = await create({ login: 'boss.three', role: 'owner', restoIds: [1] });
    expect([ownerRestos.statusCode, codeOf(ownerRestos)]).toEqual([422, 'admin.staff-restos-not-for-role']);
    const short = await create({ login: 'cook.two', role: 'manager', password: 'short' });
    expect([short.statusCode, fieldOf(short)]).toEqual([400, 'password']);
    const badLogin = await create({ login: 'no spaces!', role: 'manager' });
    expect([badLogin.statusCode, fieldOf(badLogin)]).toEqual([400, 'login']);
    const badRole = await create({ login: 'cook.two', role: 'admin' });
    expect([badRole.statusCode, fieldOf(badRole)]).toEqual([400, 'role']);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});

describe('a restaurant’s manager (decision 57)', () => {
  it('is created with restaurants, keeps them while a manager, is listed with them; another role starts without', async () => {
    const { staff: account } = await created({ login: 'boss.area', role: 'manager', restoIds: [2, 1, 2] });
    expect(account).toMatchObject({ role: 'manager', restoIds: [1, 2] });
    const listed = adminStaffList.parse((await adminCall(app, 'GET', STAFF, as.owner)).json()).staff;
    expect(listed.find((a) => a.id === account.id)?.restoIds).toEqual([1, 2]);
    const renamed = await patchNow(account.id, { name: 'Вера' });
    expect(adminStaff.parse(renamed.json())).toMatchObject({ name: 'Вера', restoIds: [1, 2] });
    const narrowed = await patchNow(account.id, { restoIds: [2] });
    expect(adminStaff.parse(narrowed.json()).restoIds).toEqual([2]);
    expect(await lastEntry(account.id)).toMatchObject({
      before: { restoIds: [1, 2] },
      after: { restoIds: [2] },
    });
    const foreign = await patchNow(account.id, { restoIds: [987_654] });
    expect([foreign.statusCode, codeOf(foreign), fieldOf(foreign)]).toEqual([
      422,
      'admin.resto-not-found',
      'restoIds.0',
    ]);
    // Empty: the whole brand again.
    const wide = await patchNow(account.id, { restoIds: [] });
    expect(adminStaff.parse(wide.json()).restoIds).toEqual([]);
    await patchNow(account.id, { restoIds: [2] });
    // Another role starts without them: an operator is asked for theirs, an owner may not have any.
    const operator = await patchNow(account.id, { role: 'operator' });
    expect([operator.statusCode, codeOf(operator)]).toEqual([422, 'admin.staff-restos-required']);
    const owner = await patchNow(account.id, { role: 'owner', restoIds: [2] });
    expect([owner.statusCode, codeOf(owner)]).toEqual([422, 'admin.staff-restos-not-for-role']);
  });

  it('sees and changes only their restaurants: another’s board, details and edits are 403', async () => {
    const id = await addTestStaff(database.db, { login: 'boss.local', role: 'manager', restoIds: [2] });
    const headers = await staffHeaders(app, id);
    const own = await adminCall(app, 'GET', '/api/v1/admin/restos', headers);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as { restos: { id: number }[] }).restos.map((r) => r.id)).toEqual([2]);
    const board = await adminCall(app, 'GET', '/api/v1/staff/board?restoId=1', headers);
    expect([board.statusCode, codeOf(board)]).toEqual([403, 'staff.forbidden-resto']);
    expect((await adminCall(app, 'GET', '/api/v1/staff/board?restoId=2', headers)).statusCode).toBe(200);
    const read1 = await adminCall(app, 'GET', '/api/v1/admin/restos/1', headers);
    expect([read1.statusCode, codeOf(read1)]).toEqual([403, 'staff.forbidden-resto']);
    const edit1 = await adminCall(
      app,
      'PATCH',
      '/api/v1/admin/restos/1',
      { ...headers, 'if-match': '"1"' },
      { name: { ru: 'Чужой' } },
    );
    expect([edit1.statusCode, codeOf(edit1)]).toEqual([403, 'staff.forbidden-resto']);
    // Still a manager: no owner's screens.
    expect((await adminCall(app, 'GET', STAFF, headers)).statusCode).toBe(403);
  });
});

describe('changing an account', () => {
  it('needs If-Match (428), answers 412 with the account now when stale, and bumps the version', async () => {
    const { staff: account } = await created({ login: 'cook.three', role: 'operator', restoIds: [1] });
    const missing = await patch(account.id, { name: 'Анна' }, undefined);
    expect([missing.statusCode, codeOf(missing)]).toEqual([428, 'admin.version-required']);
    const changed = await patch(account.id, { name: 'Анна' }, `"${account.version}"`);
    expect(changed.statusCode, changed.body).toBe(200);
    const now = adminStaff.parse(changed.json());
    expect(now.version).toBe(account.version + 1);
    expect(changed.headers.etag).toBe(`"${now.version}"`);
    const stale = await patch(account.id, { name: 'Другое' }, `"${account.version}"`);
    expect(stale.statusCode).toBe(412);
    expect(adminStaffStaleBody.parse(stale.json()).current).toMatchObject({
      name: 'Анна',
      version: now.version,
    });
    const foreign = await patch(987_654, { name: 'x' }, '"1"');
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'staff.not-found']);
  });

  it('changes role and restaurants under the brand’s rules, each change audited and revertible by the owner only', async () => {
    const { staff: account } = await created({ login: 'cook.four', role: 'operator', restoIds: [1] });
    const moved = await patchNow(account.id, { restoIds: [2] });
    expect(adminStaff.parse(moved.json()).restoIds).toEqual([2]);
    const promoted = await patchNow(account.id, { role: 'manager' });
    expect(adminStaff.parse(promoted.json())).toMatchObject({ role: 'manager', restoIds: [] });
    const entry = await lastEntry(account.id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { role: 'operator', restoIds: [2] },
      after: { role: 'manager', restoIds: [] },
    });
    // Back to operator: restaurants needed, and the brand's.
    const noRestos = await patchNow(account.id, { role: 'operator' });
    expect([noRestos.statusCode, codeOf(noRestos)]).toEqual([422, 'admin.staff-restos-required']);
    const forOwner = await patchNow(account.id, { role: 'owner', restoIds: [1] });
    expect([forOwner.statusCode, codeOf(forOwner)]).toEqual([422, 'admin.staff-restos-not-for-role']);
    const unknown = await patchNow(account.id, { role: 'operator', restoIds: [987_654] });
    expect([unknown.statusCode, codeOf(unknown), fieldOf(unknown)]).toEqual([
      422,
      'admin.resto-not-found',
      'restoIds.0',
    ]);
    // A manager may undo menu changes, not this one.
    const byManager = await revert(entry.id, 'manager');
    expect([byManager.statusCode, codeOf(byManager)]).toEqual([403, 'admin.forbidden-role']);
    const undone = await revert(entry.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await read(account.id)).account).toMatchObject({ role: 'operator', restoIds: [2] });
  });

  it('disabling refuses the account’s access token at its next board call, revokes its refresh tokens, and its sign-in; enabling lets it back', async () => {
    const { staff: account, generatedPassword } = await created({
      login: 'cook.five',
      role: 'operator',
      restoIds: [1],
    });
    const tokens = staffTokenSet.parse((await signIn('cook.five', generatedPassword ?? '')).json());
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    expect((await app.inject({ url: '/api/v1/staff/board', headers })).statusCode).toBe(200);
    const disabled = await patchNow(account.id, { disabled: true });
    expect(adminStaff.parse(disabled.json()).disabled).toBe(true);
    const board = await app.inject({ url: '/api/v1/staff/board', headers });
    expect([board.statusCode, codeOf(board)]).toEqual([401, 'auth.token-invalid']);
    const live = await database.db
      .select()
      .from(staffRefreshTokens)
      .where(eq(staffRefreshTokens.staffId, account.id));
    expect(live.every((t) => t.revokedAt !== null)).toBe(true);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect(codeOf(await signIn('cook.five', generatedPassword ?? ''))).toBe('staff.sign-in-failed');
    expect((await lastEntry(account.id)).after).toMatchObject({ disabled: true });

    await patchNow(account.id, { disabled: false });
    expect((await signIn('cook.five', generatedPassword ?? '')).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/v1/staff/board', headers: await staffHeaders(app, account.id) }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps an active owner: the last one cannot demote or disable themself (409), nor a revert do it; with a second owner they can', async () => {
    const fingerprint = await databaseFingerprint(database.db);
    const demote = await patchNow(ids.owner, { role: 'manager' });
    expect([demote.statusCode, codeOf(demote), fieldOf(demote)]).toEqual([409, 'admin.last-owner', 'role']);
    const disable = await patchNow(ids.owner, { disabled: true });
    expect([disable.statusCode, codeOf(disable), fieldOf(disable)]).toEqual([
      409,
      'admin.last-owner',
      'disabled',
    ]);
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);

    // A second owner, made from a manager: the revert of that promotion would leave the brand one owner, fine.
    const { staff: second } = await created({ login: 'owner.two', role: 'manager' });
    await patchNow(second.id, { role: 'owner' });
    const promotion = await lastEntry(second.id);
    const renamed = await patchNow(ids.owner, { name: 'Ольга' });
    expect(renamed.statusCode).toBe(200);
    // The first owner steps down; the promotion of the second can no longer be undone: it would leave none.
    const secondHeaders = await staffHeaders(app, second.id);
    const etagAs = async (id: number, headers: Record<string, string>) =>
      (await adminCall(app, 'GET', staffUrl(id), headers)).headers.etag as string;
    const stepDown = await adminCall(
      app,
      'PATCH',
      staffUrl(ids.owner),
      { ...secondHeaders, 'if-match': await etagAs(ids.owner, secondHeaders) },
      { role: 'manager' },
    );
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    const undo = await adminCall(app, 'POST', `/api/v1/admin/audit/${promotion.id}/revert`, secondHeaders);
    expect([undo.statusCode, codeOf(undo)]).toEqual([409, 'admin.last-owner']);
    // And back, so the other tests keep their owner.
    const back = await adminCall(
      app,
      'PATCH',
      staffUrl(ids.owner),
      { ...secondHeaders, 'if-match': await etagAs(ids.owner, secondHeaders) },
      { role: 'owner' },
    );
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('resets', () => {
  it('a new generated password, answered once: the old one and every session end, the second factor stays; not revertible', async () => {
    const { staff: account, generatedPassword: first } = await created({
      login: 'cook.six',
      role: 'operator',
      restoIds: [1],
    });
    const tokens = staffTokenSet.parse((await signIn('cook.six', first ?? '')).json());
    await database.db.update(staff).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(staff.id, account.id));
    const response = await adminCall(app, 'POST', `${staffUrl(account.id)}/password`, as.owner);
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecrets(response.body);
    const { generatedPassword, staff: after } = adminStaffPasswordReset.parse(response.json());
    expect(generatedPassword).not.toBe(first);
    expect(after).toMatchObject({ totp: true });
    expect(after.version).toBeGreaterThan(account.version);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect(codeOf(await signIn('cook.six', first ?? ''))).toBe('staff.sign-in-failed');
    // The new password is right: the second factor, still on, is what sign-in asks next.
    expect(codeOf(await signIn('cook.six', generatedPassword))).toBe('staff.totp-required');
    const entry = await lastEntry(account.id);
    expect(entry).toMatchObject({ action: 'password-reset', before: {}, after: {} });
    expect(JSON.stringify(entry)).not.toContain(generatedPassword);
    expect(codeOf(await revert(entry.id))).toBe('admin.not-revertible');
  });

  it('the second factor off for a lost phone, sessions ended; 409 when off, or for oneself; another brand’s 404', async () => {
    const { staff: account, generatedPassword } = await created({ login: 'boss.four', role: 'manager' });
    const tokens = staffTokenSet.parse((await signIn('boss.four', generatedPassword ?? '')).json());
    await database.db
      .update(staff)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 5 })
      .where(eq(staff.id, account.id));
    const url = `${staffUrl(account.id)}/totp/reset`;
    const reset = await adminCall(app, 'POST', url, as.owner);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(adminStaff.parse(reset.json()).totp).toBe(false);
    const [row] = await database.db.select().from(staff).where(eq(staff.id, account.id));
    expect([row?.totpSecret, row?.totpPendingSecret, row?.totpLastStep]).toEqual([null, null, null]);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect(await lastEntry(account.id)).toMatchObject({
      action: 'totp-reset',
      before: { totp: true },
      after: { totp: false },
    });
    const again = await adminCall(app, 'POST', url, as.owner);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'staff.totp-off']);

    const fingerprint = await databaseFingerprint(database.db);
    for (const path of ['password', 'totp/reset']) {
      const own = await adminCall(app, 'POST', `${staffUrl(ids.owner)}/${path}`, as.owner);
      expect([own.statusCode, codeOf(own)]).toEqual([409, 'admin.staff-own-account']);
      const foreign = await adminCall(app, 'POST', `${staffUrl(987_654)}/${path}`, as.owner);
      expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'staff.not-found']);
    }
    expect(changedTables(fingerprint, await databaseFingerprint(database.db))).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the staff-account calls under the admin tag with their refusals', async () => {
    const spec = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    };
    const expected = {
      '/api/v1/admin/staff': { get: ['200', '401', '403'], post: ['201', '403', '409', '422'] },
      '/api/v1/admin/staff/{staffId}': { get: ['200', '404'], patch: ['200', '409', '412', '422', '428'] },
      '/api/v1/admin/staff/{staffId}/password': { post: ['200', '404', '409'] },
      '/api/v1/admin/staff/{staffId}/totp/reset': { post: ['200', '404', '409'] },
    };
    for (const [path, methods] of Object.entries(expected))
      for (const [method, statuses] of Object.entries(methods)) {
        const operation = spec.paths[path]?.[method];
        expect(operation?.tags, `${method} ${path}`).toEqual(['admin']);
        expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(statuses));
      }
  });
});
