import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { REQUEST_LIMITS } from '../../core/request-limits.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { codeOf, newPerson } from '../../test/orders-kit.ts';
import { attemptsOf, orderCall, placeOnline } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';

/** Payment attempts of one order, with the real limit: each is a call to the provider. */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now, limits: {} }));
});
afterAll(() => close());

it(`starts ${REQUEST_LIMITS.attemptsPerOrder} attempts of one order in an hour, then 429 payments.too-many with Retry-After`, async () => {
  const anna = await newPerson(app, database.db);
  const placed = await placeOnline(app, anna);
  for (let attempt = 1; attempt < REQUEST_LIMITS.attemptsPerOrder; attempt++) {
    clock.advance(60);
    const retry = await orderCall(app, anna, placed.id, '/payments', { replacesAttempt: attempt });
    expect(retry.statusCode, retry.body.slice(0, 200)).toBe(201);
  }
  expect(await attemptsOf(database.db, placed.id)).toHaveLength(REQUEST_LIMITS.attemptsPerOrder);

  const refused = await orderCall(app, anna, placed.id, '/payments', {
    replacesAttempt: REQUEST_LIMITS.attemptsPerOrder,
  });
  expect(refused.statusCode).toBe(429);
  expect(codeOf(refused)).toBe('payments.too-many');
  // The first attempt was made 9 minutes ago: it leaves the hour in 51.
  expect(refused.headers['retry-after']).toBe(String(51 * 60));
  expect(await attemptsOf(database.db, placed.id)).toHaveLength(REQUEST_LIMITS.attemptsPerOrder);
});
