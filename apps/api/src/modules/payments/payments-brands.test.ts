import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson, type Person } from '../../test/orders-kit.ts';
import { attemptsOf, placeOnline, rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { ScriptedGateway } from '../../test/scripted-gateway.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runOnce } from './payments-sweeper.ts';

/**
 * Brands sharing one database: each brand's instances sweep only their own brand's payments. The other
 * brand's orders are this app's orders moved to a second brand row (its instance is the same context with
 * the other brand's id: the sweeper reads nothing else of its brand).
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);
const gateway = new ScriptedGateway();
let anna: Person;
const OTHER = 'other-brand';

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({
    now: clock.now,
    paymentGateways: new Map([['demo', gateway]]),
  }));
  anna = await newPerson(app, database.db);
  await database.db.execute(
    sql`insert into white_labels (id, name) values (${OTHER}, ${JSON.stringify({ ru: 'Другой', en: 'Other' })})`,
  );
});
afterAll(() => close());

const orderOf = async (id: number) =>
  (
    await rowsOf<{ status: string; payment_status: string }>(
      database.db,
      sql`select status, payment_status from orders where id = ${id}`,
    )
  )[0];

it("one brand's sweeper neither retries, reads nor cancels another brand's payments; that brand's own does", async () => {
  // Two orders whose payments no request finished: the provider failed the create.
  gateway.failCreates = 2;
  const mine = await placeOnline(app, anna);
  const theirs = await placeOnline(app, anna);
  gateway.failCreates = 0;
  await database.db.execute(sql`update orders set white_label_id = ${OTHER} where id = ${theirs.id}`);
  expect((await attemptsOf(database.db, theirs.id))[0]?.status).toBe('creating');

  clock.advance(11);
  await runOnce(app.payments);
  expect((await attemptsOf(database.db, mine.id))[0]?.status).toBe('pending');
  expect((await attemptsOf(database.db, theirs.id))[0]?.status).toBe('creating');
  expect(gateway.creates.filter((c) => c.key === `order-${theirs.id}-1`)).toHaveLength(1);

  // Past the time to pay: this brand cancels its own unpaid order and leaves the other brand's alone.
  clock.advance(61 * 60);
  await runOnce(app.payments);
  expect(await orderOf(mine.id)).toMatchObject({ status: 'canceled' });
  expect(await orderOf(theirs.id)).toMatchObject({ status: 'new' });
  expect((await attemptsOf(database.db, theirs.id))[0]?.status).toBe('creating');

  // The other brand's instance does its own work.
  const theirInstance = { ...app.payments, whiteLabel: OTHER };
  await runOnce(theirInstance);
  expect((await attemptsOf(database.db, theirs.id))[0]?.status).not.toBe('creating');
  await runOnce(theirInstance);
  expect(await orderOf(theirs.id)).toMatchObject({ status: 'canceled' });
  expect(await orderOf(mine.id)).toMatchObject({ status: 'canceled' });
});
