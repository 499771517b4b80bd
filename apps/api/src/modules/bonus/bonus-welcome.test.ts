import { type BonusProgram, DEMO_BONUS_PROGRAM, type Minor } from '@storefront/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { persons } from '../../db/schema.ts';
import { authApp, logCapture, requestCode, signIn, testClock } from '../../test/auth-test-kit.ts';
import { programOn } from '../../test/points-pricing-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { ledgerEntries } from './index.ts';

/**
 * The welcome gift (decision 55): a phone's first sign-in gets the program's welcome points, expiring as the program
 * says; signing in again, or a person who existed before, gets nothing more.
 */
let app: StorefrontApp;
let database: TestDatabase;
const clock = testClock();
const log = logCapture();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await authApp(database.db, { now: clock.now, log });
  await programOn(
    database.db,
    { ...DEMO_BONUS_PROGRAM, welcomeBonus: 25_000 as Minor } as BonusProgram,
    clock.now(),
  );
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function signInByPhone(phone: string) {
  expect((await requestCode(app, phone)).statusCode).toBe(200);
  const response = await signIn(app, phone, log.lastCode(phone) as string);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  clock.advance(120);
}

describe('the welcome gift', () => {
  it('is given at the first sign-in only', async () => {
    await signInByPhone('+79123450001');
    const [person] = await database.db
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.whiteLabelId, 'demo'), eq(persons.phone, '+79123450001')));
    const rows = await ledgerEntries(database.db, 'demo', person?.id as number);
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([['welcome', 25_000]]);
    // Moscow's midnight after 180 days.
    expect(new Date(rows[0]?.expiresAtMs as number).toISOString().slice(11)).toBe('21:00:00.000Z');
    await signInByPhone('+79123450001');
    expect(await ledgerEntries(database.db, 'demo', person?.id as number)).toHaveLength(1);
  });

  it('is not given to a person who existed before the program', async () => {
    const [old] = await database.db
      .insert(persons)
      .values({ whiteLabelId: 'demo', phone: '+79123450002' })
      .returning({ id: persons.id });
    await signInByPhone('+79123450002');
    expect(await ledgerEntries(database.db, 'demo', old?.id as number)).toEqual([]);
  });
});
