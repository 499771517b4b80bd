import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { authApp, testClock } from '../../test/auth-test-kit.ts';
import { type Answer, cart, codesOf, DAY, line, preflight } from '../../test/preflight-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';

/**
 * Unknown promo codes spend a client's hourly guesses, counted in PostgreSQL: two instances on one
 * database (on PostgreSQL each with its own pool, as two processes would have) hold the limit together.
 */
const LIMIT = 5;
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};
const clock = testClock(DAY);
const env = { PROMO_CODE_GUESSES_PER_CLIENT_HOUR: String(LIMIT) };

beforeAll(async () => {
  database = await openTestDatabase();
  first = await authApp(database.db, { now: clock.now, env });
  if (database.url) {
    const own = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
    second = await authApp(own.db, { now: clock.now, env });
    closeSecondDb = () => own.close();
  } else {
    second = await authApp(database.db, { now: clock.now, env });
  }
});
afterAll(async () => {
  await first.close();
  await second.close();
  await closeSecondDb();
  await database.dispose();
});

const body = (promoCode: string) => cart({ positions: [line(1, 2)], promoCode });
async function promoCodeOf(app: StorefrontApp, code: string, ip: string): Promise<string> {
  const response = await preflight(app, body(code), { ip });
  expect(response.statusCode).toBe(200);
  const answer = response.json() as Answer;
  return codesOf(answer).find((c) => c.startsWith('promo-code.')) ?? 'ok';
}
const tally = (codes: string[]) => {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
};

it('lets known codes through for free and counts unknown ones', async () => {
  const ip = '203.0.113.1';
  for (let i = 0; i < LIMIT + 3; i++)
    expect(await promoCodeOf(i % 2 ? first : second, 'WELCOME10', ip)).toBe('ok');
  for (let i = 0; i < LIMIT; i++)
    expect(await promoCodeOf(i % 2 ? first : second, `GUESS${i}`, ip)).toBe('promo-code.not-found');
  // Spent: every code is 'too many attempts' now, the real ones too, so a guess cannot be confirmed.
  expect(await promoCodeOf(first, 'GUESS-NEXT', ip)).toBe('promo-code.too-many-attempts');
  expect(await promoCodeOf(first, 'welcome10', ip)).toBe('promo-code.too-many-attempts');
  // A limited code is counted in the database, which knows the budget is spent, on any instance.
  expect(await promoCodeOf(second, 'ONCE', ip)).toBe('promo-code.too-many-attempts');
  // An unlimited code costs no query (decision 18): the other instance learns the budget is spent from the
  // client's next unknown guess, and from then on refuses the real codes too.
  expect(await promoCodeOf(second, 'GUESS-AGAIN', ip)).toBe('promo-code.too-many-attempts');
  expect(await promoCodeOf(second, 'welcome10', ip)).toBe('promo-code.too-many-attempts');
  const blocked = (await preflight(first, body('WELCOME10'), { ip })).json() as Answer;
  expect(blocked).toMatchObject({ promoCode: null, discount: 0, payable: 138000 });
  // Another client, and an empty code, are not affected.
  expect(await promoCodeOf(first, 'WELCOME10', '203.0.113.2')).toBe('ok');
  expect(await promoCodeOf(first, '  ', ip)).toBe('ok');
  // An hour later the client has a new budget.
  clock.advance(3600);
  expect(await promoCodeOf(second, 'WELCOME10', ip)).toBe('ok');
  expect(await promoCodeOf(second, 'GUESS-AGAIN', ip)).toBe('promo-code.not-found');
});

it('does not overshoot with simultaneous guesses on both instances', async () => {
  const ip = '2001:db8:1:2::7';
  const together = await Promise.all(
    Array.from({ length: 14 }, (_, i) =>
      // Addresses of one IPv6 /64 share a budget.
      promoCodeOf(i % 2 ? first : second, `RACE${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`),
    ),
  );
  expect(tally(together)).toEqual({
    'promo-code.not-found': LIMIT,
    'promo-code.too-many-attempts': 14 - LIMIT,
  });
  expect(await promoCodeOf(first, 'WELCOME10', ip)).toBe('promo-code.too-many-attempts');
  const rows = await database.db.execute(
    sql`select guesses_in_window as guesses from promo_code_guess_budget where client_key = 'ip:2001:db8:1:2::/64'`,
  );
  const list = ((rows as { rows?: { guesses: number }[] }).rows ?? rows) as { guesses: number }[];
  expect(list.map((r) => Number(r.guesses))).toEqual([LIMIT]);
});
