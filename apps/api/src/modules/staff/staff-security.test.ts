import { STAFF_PASSWORD_MIN, STAFF_SIGN_IN_ATTEMPTS } from '@storefront/domain';
import {
  adminAuditList,
  staffAccountList,
  staffSecurity,
  staffTokenSet,
  totpEnrolment,
} from '@storefront/domain/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { staff, whiteLabels } from '../../db/schema.ts';
import { logCapture, testClock } from '../../test/auth-test-kit.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { hashStaffPassword } from './staff-passwords.ts';
import { STAFF_FIRST_DELAY_S } from './staff-sign-in-throttle.ts';
import { base32Decode, hotp, TOTP_STEP_S, totpStepAt } from './staff-totp.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock();
const log = logCapture();

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now, logger: log.logger }));
});
afterAll(() => close());

const PASSWORD = 'shift-password-1';

async function addStaff(login: string, role: 'operator' | 'manager' | 'owner', whiteLabel = 'demo') {
  const id = await addTestStaff(database.db, {
    login,
    role,
    restoIds: role === 'operator' ? [1] : [],
    whiteLabel,
  });
  await database.db
    .update(staff)
    .set({ passwordHash: await hashStaffPassword(PASSWORD) })
    .where(eq(staff.id, id));
  return id;
}

const post = async (url: string, payload: unknown, staffId?: number) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: staffId ? await staffHeaders(app, staffId) : {},
  });
const get = async (url: string, staffId: number) =>
  app.inject({ url, headers: await staffHeaders(app, staffId) });
const signIn = (login: string, password: string, totpCode?: string) =>
  post('/api/v1/staff/sign-in', { login, password, ...(totpCode === undefined ? {} : { totpCode }) });
const refresh = (refreshToken: string) => post('/api/v1/staff/token', { refreshToken });
const codeOf = (response: LightMyRequestResponse) =>
  (response.json() as { errors: { code: string }[] }).errors[0]?.code;
/** The authenticator app's code for this secret at the pinned clock (plus steps). */
const codeAt = (secret: string, steps = 0) => hotp(base32Decode(secret), totpStepAt(clock.now()) + steps);

describe('changing the own password', () => {
  it('needs the current password, ends every other session, and the new one signs in', async () => {
    const id = await addStaff('change.me', 'operator');
    const other = staffTokenSet.parse((await signIn('change.me', PASSWORD)).json());
    const here = staffTokenSet.parse((await signIn('change.me', PASSWORD)).json());

    const wrong = await post(
      '/api/v1/staff/me/password',
      { currentPassword: 'nope', newPassword: 'a-new-password-9' },
      id,
    );
    expect(wrong.statusCode).toBe(403);
    expect(codeOf(wrong)).toBe('staff.password-wrong');
    const short = await post(
      '/api/v1/staff/me/password',
      { currentPassword: PASSWORD, newPassword: 'x'.repeat(STAFF_PASSWORD_MIN - 1) },
      id,
    );
    expect(short.statusCode).toBe(400);

    const changed = await post(
      '/api/v1/staff/me/password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password-9' },
      id,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers['cache-control']).toBe('no-store');
    const next = staffTokenSet.parse(changed.json());
    // Every earlier session ends; the answer's new one goes on.
    expect(codeOf(await refresh(other.refreshToken))).toBe('staff.refresh-invalid');
    expect(codeOf(await refresh(here.refreshToken))).toBe('staff.refresh-invalid');
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
    expect((await signIn('change.me', PASSWORD)).statusCode).toBe(401);
    expect((await signIn('change.me', 'a-new-password-9')).statusCode).toBe(200);
    expect(log.lines.some((line) => line.audit === 'staff.password-changed' && line.staffId === id)).toBe(
      true,
    );
  });

  it('slows guessing the current password as a sign-in is slowed', async () => {
    const id = await addStaff('guess.current', 'operator');
    const answers: number[] = [];
    for (let attempt = 1; attempt <= STAFF_SIGN_IN_ATTEMPTS; attempt++)
      answers.push(
        (
          await post(
            '/api/v1/staff/me/password',
            { currentPassword: `guess-${attempt}`, newPassword: 'a-new-password-9' },
            id,
          )
        ).statusCode,
      );
    expect(answers).toEqual([...Array(STAFF_SIGN_IN_ATTEMPTS - 1).fill(403), 429]);
    const blocked = await post(
      '/api/v1/staff/me/password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password-9' },
      id,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe(String(STAFF_FIRST_DELAY_S));
  });
});

describe('the TOTP second factor', () => {
  it('is for managers: an operator cannot turn it on', async () => {
    const id = await addStaff('op.no.totp', 'operator');
    const security = staffSecurity.parse((await get('/api/v1/staff/me/security', id)).json());
    expect(security).toMatchObject({ totp: false, totpAvailable: false, passwordMin: STAFF_PASSWORD_MIN });
    const refused = await post('/api/v1/staff/me/totp/enrolment', {}, id);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('staff.forbidden-role');
  });

  it('turns on only with a confirmed code; sign-in then asks for a code and takes each one once', async () => {
    const id = await addStaff('boss.totp', 'manager');
    const started = await post('/api/v1/staff/me/totp/enrolment', {}, id);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri } = totpEnrolment.parse(started.json());
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/demo:boss.totp?secret=${secret}&issuer=demo&algorithm=SHA1&digits=6&period=30`,
    );
    // Not in force until confirmed.
    expect((await signIn('boss.totp', PASSWORD)).statusCode).toBe(200);
    const wrong = await post('/api/v1/staff/me/totp/confirm', { code: codeAt(secret, 5) }, id);
    expect(wrong.statusCode).toBe(403);
    expect(codeOf(wrong)).toBe('staff.totp-invalid');
    const confirmed = await post('/api/v1/staff/me/totp/confirm', { code: codeAt(secret) }, id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(staffSecurity.parse(confirmed.json())).toMatchObject({ totp: true, totpAvailable: true });
    expect(log.lines.some((line) => line.audit === 'staff.totp-on' && line.staffId === id)).toBe(true);

    // The right password alone is not enough now.
    const asked = await signIn('boss.totp', PASSWORD);
    expect(asked.statusCode).toBe(401);
    expect(codeOf(asked)).toBe('staff.totp-required');
    // The code that confirmed the enrolment is spent.
    expect(codeOf(await signIn('boss.totp', PASSWORD, codeAt(secret)))).toBe('staff.totp-invalid');
    clock.advance(TOTP_STEP_S);
    const code = codeAt(secret);
    expect((await signIn('boss.totp', PASSWORD, code)).statusCode).toBe(200);
    // Replayed: the same code again, even within its step, is refused.
    expect(codeOf(await signIn('boss.totp', PASSWORD, code))).toBe('staff.totp-invalid');
    // One step of clock drift either way is taken (the next step's code is new).
    expect((await signIn('boss.totp', PASSWORD, codeAt(secret, 1))).statusCode).toBe(200);
    // A wrong password with a code answers as any wrong password.
    expect(codeOf(await signIn('boss.totp', 'not-it', codeAt(secret, 1)))).toBe('staff.sign-in-failed');
  });

  it('signs in once when two requests bring the same code at the same moment', async () => {
    const id = await addStaff('boss.twice', 'manager');
    const { secret } = totpEnrolment.parse((await post('/api/v1/staff/me/totp/enrolment', {}, id)).json());
    await post('/api/v1/staff/me/totp/confirm', { code: codeAt(secret) }, id);
    clock.advance(TOTP_STEP_S);
    const code = codeAt(secret);
    const answers = await Promise.all([
      signIn('boss.twice', PASSWORD, code),
      signIn('boss.twice', PASSWORD, code),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    expect(answers.filter((a) => a.statusCode === 401).map(codeOf)).toEqual(['staff.totp-invalid']);
  });

  it('shares the slowing: wrong codes block the login as wrong passwords do', async () => {
    const id = await addStaff('boss.guess', 'manager');
    const { secret } = totpEnrolment.parse((await post('/api/v1/staff/me/totp/enrolment', {}, id)).json());
    await post('/api/v1/staff/me/totp/confirm', { code: codeAt(secret) }, id);
    clock.advance(TOTP_STEP_S * 3);
    const answers: string[] = [];
    for (let attempt = 1; attempt <= STAFF_SIGN_IN_ATTEMPTS; attempt++)
      answers.push(codeOf(await signIn('boss.guess', PASSWORD, String(100000 + attempt))) ?? '');
    expect(answers).toEqual([
      ...Array(STAFF_SIGN_IN_ATTEMPTS - 1).fill('staff.totp-invalid'),
      'staff.locked',
    ]);
    const blocked = await signIn('boss.guess', PASSWORD, codeAt(secret));
    expect(blocked.statusCode).toBe(429);
    clock.advance(STAFF_FIRST_DELAY_S);
    expect((await signIn('boss.guess', PASSWORD, codeAt(secret))).statusCode).toBe(200);
  });

  it('turns off with the password and a fresh code, both right', async () => {
    const id = await addStaff('boss.off', 'manager');
    const { secret } = totpEnrolment.parse((await post('/api/v1/staff/me/totp/enrolment', {}, id)).json());
    await post('/api/v1/staff/me/totp/confirm', { code: codeAt(secret) }, id);
    expect((await post('/api/v1/staff/me/totp/enrolment', {}, id)).statusCode).toBe(409);
    clock.advance(TOTP_STEP_S);
    const noPassword = await post(
      '/api/v1/staff/me/totp/disable',
      { password: 'not-it', code: codeAt(secret) },
      id,
    );
    expect(codeOf(noPassword)).toBe('staff.password-wrong');
    const noCode = await post('/api/v1/staff/me/totp/disable', { password: PASSWORD, code: '000000' }, id);
    expect(codeOf(noCode)).toBe('staff.totp-invalid');
    const off = await post('/api/v1/staff/me/totp/disable', { password: PASSWORD, code: codeAt(secret) }, id);
    expect(off.statusCode, off.body).toBe(200);
    expect(staffSecurity.parse(off.json()).totp).toBe(false);
    expect((await signIn('boss.off', PASSWORD)).statusCode).toBe(200);
  });
});

describe("a manager's staff list and unlock", () => {
  it('lists the brand’s logins with their blocks; a manager unlocks one, which is logged; operators may not', async () => {
    const managerId = await addStaff('boss.unlock', 'manager');
    const operatorId = await addStaff('op.blocked', 'operator');
    await database.db.insert(whiteLabels).values({ id: 'other-brand', name: { ru: 'Другой', en: 'Other' } });
    const otherBrand = await addStaff('elsewhere', 'manager', 'other-brand');
    for (let attempt = 1; attempt <= STAFF_SIGN_IN_ATTEMPTS; attempt++) await signIn('op.blocked', 'wrong');
    expect((await signIn('op.blocked', PASSWORD)).statusCode).toBe(429);

    const forbidden = await get('/api/v1/staff/accounts', operatorId);
    expect(forbidden.statusCode).toBe(403);
    expect(codeOf(forbidden)).toBe('staff.forbidden-role');
    expect((await post(`/api/v1/staff/accounts/${operatorId}/unlock`, {}, operatorId)).statusCode).toBe(403);

    const list = staffAccountList.parse((await get('/api/v1/staff/accounts', managerId)).json());
    const blocked = list.accounts.find((a) => a.id === operatorId);
    expect(blocked).toMatchObject({ login: 'op.blocked', failures: STAFF_SIGN_IN_ATTEMPTS, disabled: false });
    expect(blocked?.blockedUntil).toBe(new Date(clock.now() + STAFF_FIRST_DELAY_S * 1000).toISOString());
    expect(list.accounts.find((a) => a.id === managerId)?.blockedUntil).toBeNull();
    expect(list.accounts.every((a) => a.login !== 'elsewhere')).toBe(true);

    const unlocked = await post(`/api/v1/staff/accounts/${operatorId}/unlock`, {}, managerId);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toMatchObject({ id: operatorId, blockedUntil: null, failures: 0 });
    expect((await signIn('op.blocked', PASSWORD)).statusCode).toBe(200);
    expect(
      log.lines.some(
        (line) =>
          line.audit === 'staff.unlock' &&
          line.by === managerId &&
          line.staffId === operatorId &&
          line.wasBlocked === true,
      ),
    ).toBe(true);
    // In the back office's change log too, with the wrong answers it had; an unlock is not undone from there.
    const [entry] = adminAuditList.parse(
      (await get(`/api/v1/admin/audit?entity=staff&entityId=${operatorId}&limit=1`, managerId)).json(),
    ).entries;
    expect(entry).toMatchObject({
      action: 'unlock',
      staff: { id: managerId, login: 'boss.unlock' },
      before: { failures: STAFF_SIGN_IN_ATTEMPTS },
      after: { failures: 0 },
      summary: { name: expect.any(String) },
    });
    // Staff entries are the owner's to revert; even the owner cannot undo an unlock.
    const ownerId = await addStaff('owner.unlock', 'owner');
    const revert = await post(`/api/v1/admin/audit/${entry?.id}/revert`, {}, ownerId);
    expect(revert.statusCode).toBe(409);
    expect(codeOf(revert)).toBe('admin.not-revertible');

    expect(codeOf(await post('/api/v1/staff/accounts/999999/unlock', {}, managerId))).toBe('staff.not-found');
    expect((await post(`/api/v1/staff/accounts/${otherBrand}/unlock`, {}, managerId)).statusCode).toBe(404);
  });
});
