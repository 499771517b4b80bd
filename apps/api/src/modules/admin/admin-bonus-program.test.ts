import { type BonusProgram, DEMO_BONUS_PROGRAM } from '@storefront/domain';
import { personBonusResponse } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { adminCall, errorsOf } from '../../test/admin-kit.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson, type Person } from '../../test/orders-kit.ts';
import { rowsOf } from '../../test/payments-kit.ts';
import { programOn } from '../../test/points-pricing-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { addTestStaff, staffHeaders } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/**
 * The brand's bonus program in the back office (decision 55): read and replaced whole under If-Match by owners,
 * bad input 400 with its field, a stale version 412 with the program now, audited with entity id 0 and reverted to
 * the previous program; the storefront sees a change at once on this instance.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
let owner: number;
let manager: number;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  await programOn(database.db, DEMO_BONUS_PROGRAM, DAY);
  owner = await addTestStaff(database.db, { login: 'program-owner', role: 'owner' });
  manager = await addTestStaff(database.db, { login: 'program-manager', role: 'manager' });
});
afterAll(() => close());

const personWith = (_points: number): Promise<Person> => newPerson(app, database.db);

async function bonusOf(who: Person) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/persons/${who.personId}/bonus`,
    headers: { authorization: `Bearer ${await app.authentication.tokens.sign(who.personId)}` },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return personBonusResponse.parse(response.json());
}

describe('the program in the back office', () => {
  it('reads and replaces the program under If-Match, owners only, and reverts to the previous one', async () => {
    const headers = await staffHeaders(app, owner);
    const read = await adminCall(app, 'GET', '/api/v1/admin/bonus-program', headers);
    expect(read.statusCode).toBe(200);
    const { version, program } = read.json() as { version: number; program: BonusProgram };
    expect(program).toEqual(DEMO_BONUS_PROGRAM);
    const byManager = await adminCall(
      app,
      'GET',
      '/api/v1/admin/bonus-program',
      await staffHeaders(app, manager),
    );
    expect(byManager.statusCode).toBe(403);
    const bad = await adminCall(
      app,
      'PUT',
      '/api/v1/admin/bonus-program',
      { ...headers, 'if-match': `"${version}"` },
      {
        ...program,
        earnPercent: 101,
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.field).toBe('earnPercent');
    const changed = { ...program, earnPercent: 7 };
    const put = await adminCall(
      app,
      'PUT',
      '/api/v1/admin/bonus-program',
      { ...headers, 'if-match': `"${version}"` },
      changed,
    );
    expect(put.statusCode, put.body.slice(0, 300)).toBe(200);
    expect(put.json()).toEqual({ program: changed, version: version + 1 });
    const stale = await adminCall(
      app,
      'PUT',
      '/api/v1/admin/bonus-program',
      { ...headers, 'if-match': `"${version}"` },
      program,
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual({ program: changed, version: version + 1 });
    const fresh = await personWith(0);
    expect((await bonusOf(fresh)).earnPercent).toBe(7);
    const [entry] = await rowsOf<{ id: number; entity_id: number }>(
      database.db,
      sql`select id, entity_id from admin_audit_log where entity_kind = 'bonus-program' order by id desc limit 1`,
    );
    expect(entry?.entity_id).toBe(0);
    const reverted = await adminCall(app, 'POST', `/api/v1/admin/audit/${entry?.id}/revert`, headers);
    expect(reverted.statusCode, reverted.body.slice(0, 300)).toBe(200);
    expect((await adminCall(app, 'GET', '/api/v1/admin/bonus-program', headers)).json()).toEqual({
      program,
      version: version + 2,
    });
  });

  it('answers a brand that never set a program as off at version 1, and its first PUT names version 1', async () => {
    await database.db.execute(sql`delete from bonus_programs`);
    const headers = await staffHeaders(app, owner);
    const read = await adminCall(app, 'GET', '/api/v1/admin/bonus-program', headers);
    expect(read.json()).toMatchObject({ program: { enabled: false }, version: 1 });
    const put = await adminCall(
      app,
      'PUT',
      '/api/v1/admin/bonus-program',
      { ...headers, 'if-match': '"1"' },
      DEMO_BONUS_PROGRAM,
    );
    expect(put.statusCode, put.body.slice(0, 300)).toBe(200);
    expect(put.json()).toEqual({ program: DEMO_BONUS_PROGRAM, version: 2 });
    const none = await adminCall(app, 'PUT', '/api/v1/admin/bonus-program', headers, DEMO_BONUS_PROGRAM);
    expect(none.statusCode).toBe(428);
  });
});
