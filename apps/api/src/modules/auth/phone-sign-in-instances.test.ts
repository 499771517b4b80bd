import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { authApp, logCapture, requestCode, signIn, testClock, wrongCode } from '../../test/auth-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';

/**
 * The limits live in the database: two API instances on one database must hold them together. On
 * PostgreSQL the second instance has its own connection pool, as a second process would.
 */
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};
const clock = testClock();
const log = logCapture();

beforeAll(async () => {
  database = await openTestDatabase();
  first = await authApp(database.db, { now: clock.now, log });
  if (database.url) {
    const own = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    second = await authApp(own.db, { now: clock.now, log });
    closeSecondDb = () => own.close();
  } else {
    second = await authApp(database.db, { now: clock.now, log });
  }
});
afterAll(async () => {
  await first.close();
  await second.close();
  await closeSecondDb();
  await database.dispose();
});

const codeOf = (response: { json(): unknown }) =>
  (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code ?? 'ok';
const tally = (codes: string[]) => {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
};

it('keeps the 90 s interval across instances, also for simultaneous requests', async () => {
  expect((await requestCode(first, '9130000001')).statusCode).toBe(200);
  clock.advance(10);
  const other = await requestCode(second, '9130000001');
  expect(other.statusCode).toBe(429);
  expect(other.json()).toMatchObject({ retryAfter: 80 });

  const together = await Promise.all(
    Array.from({ length: 12 }, (_, i) => requestCode(i % 2 ? first : second, '9130000002')),
  );
  expect(tally(together.map(codeOf))).toEqual({ ok: 1, 'sms.too-often': 11 });
});

it('counts requests across instances and blocks on the sixth in an hour', async () => {
  for (let i = 0; i < 5; i++) {
    expect((await requestCode(i % 2 ? first : second, '9130000003')).statusCode).toBe(200);
    clock.advance(90);
  }
  expect(codeOf(await requestCode(first, '9130000003'))).toBe('sms.attempts-exhausted');
  expect(codeOf(await requestCode(second, '9130000003'))).toBe('sms.attempts-exhausted');
  clock.advance(3600);
  expect((await requestCode(second, '9130000003')).statusCode).toBe(200);
});

it('counts wrong codes across instances and blocks both', async () => {
  expect((await requestCode(first, '9130000004')).statusCode).toBe(200);
  const code = log.lastCode('+79130000004') as string;
  const answers = [];
  for (let i = 0; i < 5; i++)
    answers.push(codeOf(await signIn(i % 2 ? first : second, '9130000004', wrongCode(code))));
  expect(answers).toEqual([...Array(4).fill('sms.wrong-code'), 'sms.attempts-exhausted']);
  expect(codeOf(await signIn(first, '9130000004', code))).toBe('sms.attempts-exhausted');
  expect(codeOf(await signIn(second, '9130000004', code))).toBe('sms.attempts-exhausted');
});

it('compares at most five codes when guesses arrive at once on both instances', async () => {
  expect((await requestCode(second, '9130000005')).statusCode).toBe(200);
  const code = log.lastCode('+79130000005') as string;
  const guesses = Array.from({ length: 30 }, (_, i) =>
    String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
  );
  const answers = await Promise.all(
    guesses.map((guess, i) => signIn(i % 2 ? first : second, '9130000005', guess)),
  );
  expect(tally(answers.map(codeOf))).toEqual({ 'sms.wrong-code': 4, 'sms.attempts-exhausted': 26 });
});

it('lets a code sign in once even when both instances get it at the same moment', async () => {
  clock.advance(3600);
  expect((await requestCode(first, '9130000006')).statusCode).toBe(200);
  const code = log.lastCode('+79130000006') as string;
  const answers = await Promise.all(
    [first, second, first, second].map((app) => signIn(app, '9130000006', code)),
  );
  expect(tally(answers.map(codeOf))).toEqual({ ok: 1, 'sms.code-not-found': 3 });
});
