import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type StorefrontApp } from '../../app.ts';
import { decideDemoPayment, demoGateway } from '../../integrations/payments/demo-gateway.ts';
import type { PaymentGateway } from '../../integrations/payments/payment-gateway.ts';
import { PaymentProviderError } from '../../integrations/payments/payment-gateway.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson } from '../../test/orders-kit.ts';
import { attemptsOf, demoIdOf, eventsOf, placeOnline, readOrderAs, rowsOf } from '../../test/payments-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { openTestDatabase, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { runOnce } from './payments-sweeper.ts';
import { settlePayment } from './settle-payment.ts';

/**
 * Two API instances on one database, both with the demo engine (its books are in that database): an attempt
 * the placement left unfinished is created once however many sweepers run, and a payment settled by both at
 * once makes the order paid once.
 */
let database: TestDatabase;
let first: StorefrontApp;
let second: StorefrontApp;
let closeSecondDb: () => Promise<void> = async () => {};
const clock = testClock(DAY);
/** The first instance's provider is down for as many creates as this says. */
let firstDown = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const demo = demoGateway(database.db, 'http://127.0.0.1:3000', clock.now);
  const flaky: PaymentGateway = {
    ...demo,
    createPayment: async (input) => {
      if (firstDown > 0) {
        firstDown -= 1;
        throw new PaymentProviderError('unknown-outcome', 'timeout');
      }
      return demo.createPayment(input);
    },
  };
  first = await buildApp({
    config: testConfig(),
    db: database.db,
    now: clock.now,
    paymentGateways: new Map([['demo', flaky]]),
  });
  ({ app: second, closeDatabase: closeSecondDb } = await secondInstance(database, {
    config: testConfig(),
    now: clock.now,
  }));
});
afterAll(async () => {
  await first.close();
  await second.close();
  await closeSecondDb();
  await database.dispose();
});

it('an attempt left in creating is created once by two sweepers; settled by both, paid once', async () => {
  const who = await newPerson(first, database.db);
  firstDown = 1;
  const placed = await placeOnline(first, who);
  expect(placed.payment.confirmationUrl).toBeNull();

  clock.advance(11);
  await Promise.all([runOnce(first.payments), runOnce(second.payments)]);
  const demoRows = await rowsOf<{ id: string }>(
    database.db,
    sql`select id from demo_payments where idempotence_key = ${`order-${placed.id}-1`}`,
  );
  expect(demoRows).toHaveLength(1);
  const [attempt] = await attemptsOf(database.db, placed.id);
  expect(attempt).toMatchObject({ status: 'pending', provider_payment_id: demoRows[0]?.id });

  const order = await readOrderAs(second, who, placed.id);
  const id = demoIdOf(order.payment.confirmationUrl);
  // The money is taken (the demo books, no in-process hint); both instances settle it at the same moment.
  expect((await decideDemoPayment(database.db, id, { action: 'pay' }, clock.now()))?.status).toBe(
    'succeeded',
  );
  const results = await Promise.all([
    settlePayment(first.payments, attempt?.id as number),
    settlePayment(second.payments, attempt?.id as number),
  ]);
  expect(results.sort()).toEqual(['paid', 'unchanged']);
  expect((await readOrderAs(first, who, placed.id)).paymentStatus).toBe('paid');
  expect(await eventsOf(database.db, placed.id)).toEqual(['placed', 'paid']);
});
