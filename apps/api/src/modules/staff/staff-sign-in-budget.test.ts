import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api-error.ts';
import { staff } from '../../db/schema.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { hashStaffPassword } from './staff-passwords.ts';
import { signInStaff } from './staff-sign-in.ts';

let database: TestDatabase;
const clock = testClock();
const PASSWORD = 'budget-password-1';

beforeAll(async () => {
  database = await openTestDatabase();
  const id = await addTestStaff(database.db, { login: 'budget.user', role: 'operator', restoIds: [1] });
  await database.db
    .update(staff)
    .set({ passwordHash: await hashStaffPassword(PASSWORD) })
    .where(eq(staff.id, id));
});
afterAll(() => database.dispose());

/** The answer's code and Retry-After, or 'ok'. */
async function attempt(login: string, password: string, clientIp: string) {
  try {
    await signInStaff({ db: database.db, now: clock.now, clientFailuresPerHour: 3 }, 'demo', {
      login,
      password,
      clientIp,
    });
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `${error.code} ${error.headers['retry-after'] ?? '-'}`;
  }
}

describe('the per-client budget of failed staff sign-ins', () => {
  it('stops one address guessing across logins, for the rest of its hour; other addresses go on', async () => {
    expect(await attempt('ghost.one', 'guess-1', '203.0.113.7')).toBe('staff.sign-in-failed -');
    clock.advance(600);
    expect(await attempt('ghost.two', 'guess-2', '203.0.113.7')).toBe('staff.sign-in-failed -');
    expect(await attempt('budget.user', 'guess-3', '203.0.113.7')).toBe('staff.sign-in-failed -');
    // Spent: even the right password of a real account waits, so the budget tells nothing about accounts.
    expect(await attempt('budget.user', PASSWORD, '203.0.113.7')).toBe('staff.locked 3000');
    expect(await attempt('budget.user', PASSWORD, '198.51.100.1')).toBe('ok');
    clock.advance(3000);
    expect(await attempt('budget.user', PASSWORD, '203.0.113.7')).toBe('ok');
  });

  it('counts an IPv6 /64 as one client', async () => {
    for (const host of ['1', '2', '3'])
      expect(await attempt('ghost.six', 'guess', `2001:db8:1:2::${host}`)).toBe('staff.sign-in-failed -');
    expect(await attempt('budget.user', PASSWORD, '2001:db8:1:2:ffff::9')).toBe('staff.locked 3600');
    expect(await attempt('budget.user', PASSWORD, '2001:db8:1:3::1')).toBe('ok');
  });
});
