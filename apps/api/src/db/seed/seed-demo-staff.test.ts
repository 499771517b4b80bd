import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyStaffPassword } from '../../modules/staff/staff-passwords.ts';
import { openTestDatabase, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { staff, staffRestos } from '../schema.ts';
import { DEMO_STAFF } from './demo-staff-logins.ts';
import { seedDemoStaff } from './seed-demo-staff.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.dispose());

describe('the demo staff logins', () => {
  it('are added once to the demo brand with their passwords and restaurants', async () => {
    expect(await seedDemoStaff(database.db, { whiteLabel: 'demo', production: false })).toBe(true);
    const rows = await database.db.select().from(staff).where(eq(staff.whiteLabelId, 'demo'));
    expect(rows.map((r) => [r.login, r.role]).sort()).toEqual([
      ['kazan', 'operator'],
      ['manager', 'manager'],
      ['owner', 'owner'],
    ]);
    for (const member of DEMO_STAFF) {
      const row = rows.find((r) => r.login === member.login);
      expect(await verifyStaffPassword(member.password, row?.passwordHash ?? '')).toBe(true);
      const links = await database.db
        .select()
        .from(staffRestos)
        .where(eq(staffRestos.staffId, row?.id ?? 0));
      expect(links.map((l) => l.restoId)).toEqual(member.restoIds);
    }
    expect(await seedDemoStaff(database.db, { whiteLabel: 'demo', production: false })).toBe(false);
    expect(await database.db.select().from(staff)).toHaveLength(3);
  });

  it('are never added in production, nor to another brand, nor beside existing staff', async () => {
    expect(await seedDemoStaff(database.db, { whiteLabel: 'demo', production: true })).toBe(false);
    expect(await seedDemoStaff(database.db, { whiteLabel: 'other', production: false })).toBe(false);
    expect(await database.db.select().from(staff)).toEqual([]);
    await database.db.insert(staff).values({
      whiteLabelId: 'demo',
      login: 'own',
      name: 'Own',
      role: 'manager',
      passwordHash: '$x$',
      createdAt: new Date(),
    });
    expect(await seedDemoStaff(database.db, { whiteLabel: 'demo', production: false })).toBe(false);
    expect(await database.db.select({ login: staff.login }).from(staff)).toEqual([{ login: 'own' }]);
  });

  it('are added by the start-up preparation, except when NODE_ENV is production', async () => {
    const config = testConfig();
    const production = { ...config, env: { ...config.env, NODE_ENV: 'production' as const } };
    expect(await prepareDatabase(database, production)).toBe(false);
    expect(await database.db.select().from(staff)).toEqual([]);
    await prepareDatabase(database, config);
    expect((await database.db.select({ login: staff.login }).from(staff)).map((r) => r.login).sort()).toEqual(
      ['kazan', 'manager', 'owner'],
    );
  });
});
