import { STAFF_PASSWORD_MIN } from '@storefront/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStaffPassword } from '../modules/staff/staff-passwords.ts';
import { startStaffRefreshFamily } from '../modules/staff/staff-refresh-tokens.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { staff, staffRefreshTokens, staffRestos, staffSignInThrottle } from './schema.ts';
import { runStaffAdd, type StaffAddDeps } from './staff-add.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date('2026-11-22T09:00:00Z');
const GOOD = 'a-long-enough-1';

function deps(overrides: Partial<StaffAddDeps> = {}): StaffAddDeps {
  return {
    db: database.db,
    whiteLabel: 'demo',
    password: GOOD,
    askPassword: undefined,
    now: () => NOW,
    ...overrides,
  };
}

const run = (line: string[], overrides: Partial<StaffAddDeps> = {}) => runStaffAdd(line, deps(overrides));

async function accountOf(login: string) {
  const [row] = await database.db
    .select()
    .from(staff)
    .where(and(eq(staff.whiteLabelId, 'demo'), eq(staff.login, login)));
  return row;
}

describe('npm run staff:add', () => {
  it('adds an operator with their restaurants and a scrypt hash of the password', async () => {
    const message = await run([
      '--login',
      'Anna',
      '--name',
      ' Анна ',
      '--role',
      'operator',
      '--restos',
      '1,2,1',
    ]);
    expect(message).toMatch(/Added operator 'anna'/);
    expect(message).not.toContain(GOOD);
    const row = await accountOf('anna');
    expect(row).toMatchObject({ name: 'Анна', role: 'operator', totpSecret: null, disabledAt: null });
    expect(row?.passwordHash).toMatch(/^\$scrypt\$/);
    expect(await verifyStaffPassword(GOOD, row?.passwordHash ?? '')).toBe(true);
    const links = await database.db
      .select({ restoId: staffRestos.restoId })
      .from(staffRestos)
      .where(eq(staffRestos.staffId, row?.id ?? 0));
    expect(links.map((l) => l.restoId).sort()).toEqual([1, 2]);
  });

  it('adds a manager without restaurants, asking for the password twice on a terminal', async () => {
    const asked: string[] = [];
    const askPassword = async (prompt: string) => {
      asked.push(prompt);
      return 'typed-on-terminal';
    };
    await run(['--login', 'boris', '--name', 'Борис', '--role', 'manager'], {
      password: undefined,
      askPassword,
    });
    expect(asked).toHaveLength(2);
    const row = await accountOf('boris');
    expect(row?.role).toBe('manager');
    expect(await verifyStaffPassword('typed-on-terminal', row?.passwordHash ?? '')).toBe(true);
  });

  it('adds a restaurant’s manager: --restos limits a manager to those restaurants', async () => {
    const message = await run(['--login', 'vera', '--name', 'Вера', '--role', 'manager', '--restos', '2']);
    expect(message).toMatch(/Added manager 'vera' \(id \d+\) of brand 'demo': restaurants 2\./);
    const row = await accountOf('vera');
    const links = await database.db
      .select({ restoId: staffRestos.restoId })
      .from(staffRestos)
      .where(eq(staffRestos.staffId, row?.id ?? 0));
    expect(links.map((l) => l.restoId)).toEqual([2]);
  });

  it("adds the brand's first owner, who sees every restaurant and takes no --restos", async () => {
    const message = await run(['--login', 'olga', '--name', 'Ольга', '--role', 'owner']);
    expect(message).toMatch(/Added owner 'olga' \(id \d+\) of brand 'demo': every restaurant\./);
    const row = await accountOf('olga');
    expect(row?.role).toBe('owner');
    await expect(
      run(['--login', 'olga2', '--name', 'Ольга', '--role', 'owner', '--restos', '1']),
    ).rejects.toThrow(/an owner sees every restaurant of the brand; leave --restos out/);
    expect(await accountOf('olga2')).toBeUndefined();
  });

  it('refuses every wrong argument with a message and writes nothing', async () => {
    const cases: [string[], Partial<StaffAddDeps>, RegExp][] = [
      [[], {}, /--login is required/],
      [['--login', 'x'], {}, /--login 'x': use 3 to 40/],
      [['--login', 'bad login'], {}, /--login 'bad login'/],
      [['--login', 'newbie', '--role', 'operator', '--restos', '1'], {}, /--name is required/],
      [['--login', 'newbie', '--name', 'Н'], {}, /--role is required/],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'chef'],
        {},
        /--role 'chef': use operator, manager or owner/,
      ],
      [['--login', 'newbie', '--name', 'Н', '--role', 'operator'], {}, /--restos is required/],
      [['--login', 'newbie', '--name', 'Н', '--role', 'operator', '--restos', '1,x'], {}, /--restos '1,x'/],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'operator', '--restos', '1,999'],
        {},
        /no restaurant 999/,
      ],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'manager', '--restos', '1,999'],
        {},
        /no restaurant 999/,
      ],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'manager', '--colour', 'red'],
        {},
        /Unknown option '--colour'/,
      ],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'manager'],
        { password: 'short' },
        new RegExp(`at least ${STAFF_PASSWORD_MIN}`),
      ],
      [['--login', 'newbie', '--name', 'Н', '--role', 'manager'], { password: 'p'.repeat(201) }, /too long/],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'manager'],
        { password: undefined },
        /set STAFF_PASSWORD/,
      ],
      [
        ['--login', 'newbie', '--name', 'Н', '--role', 'manager'],
        {
          password: undefined,
          askPassword: async (p) => (p.includes('again') ? 'other-password-2' : 'one-password-1'),
        },
        /differ/,
      ],
      [['--login', 'anna', '--name', 'Н', '--role', 'manager'], {}, /exists already/],
      [['--login', 'nobody', '--reset-password'], {}, /No staff account 'nobody'/],
      [['--login', 'anna', '--reset-password', '--disable'], {}, /not both/],
      [['--login', 'anna', '--disable', '--role', 'manager'], {}, /leave out --role/],
    ];
    for (const [line, overrides, message] of cases)
      await expect(run(line, overrides), line.join(' ')).rejects.toThrow(message);
    expect(await accountOf('newbie')).toBeUndefined();
  });

  it('resets a password: the wrong answers are forgotten, the second factor is off and the sessions end', async () => {
    const row = await accountOf('anna');
    const id = row?.id ?? 0;
    await database.db
      .insert(staffSignInThrottle)
      .values({ whiteLabelId: 'demo', login: 'anna', failures: 7, lastFailureAt: NOW, blockedUntil: NOW });
    await database.db
      .update(staff)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 5 })
      .where(eq(staff.id, id));
    await startStaffRefreshFamily(database.db, id, NOW);
    await expect(run(['--login', 'anna', '--reset-password'], { password: 'short' })).rejects.toThrow(
      /too short/,
    );
    expect(await run(['--login', 'anna', '--reset-password'], { password: 'a-new-password-2' })).toMatch(
      /New password set for 'anna'/,
    );
    const after = await accountOf('anna');
    expect(after).toMatchObject({ totpSecret: null, totpLastStep: null });
    expect(await database.db.select().from(staffSignInThrottle)).toEqual([]);
    expect(await verifyStaffPassword('a-new-password-2', after?.passwordHash ?? '')).toBe(true);
    expect(await verifyStaffPassword(GOOD, after?.passwordHash ?? '')).toBe(false);
    const live = await database.db
      .select()
      .from(staffRefreshTokens)
      .where(and(eq(staffRefreshTokens.staffId, id), isNull(staffRefreshTokens.revokedAt)));
    expect(live).toEqual([]);
  });

  it('disables an account once', async () => {
    expect(await run(['--login', 'boris', '--disable'], { password: undefined })).toMatch(/Disabled/);
    expect((await accountOf('boris'))?.disabledAt).toEqual(NOW);
    expect(await run(['--login', 'boris', '--disable'])).toMatch(/disabled already/);
  });
});
