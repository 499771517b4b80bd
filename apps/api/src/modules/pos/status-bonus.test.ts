import { DEMO_BONUS_PROGRAM } from '@storefront/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, orderBody, type Person, place, preflightAs } from '../../test/orders-kit.ts';
import { readOrderAs } from '../../test/payments-kit.ts';
import { adjustPoints, ledgerOf, programOn } from '../../test/points-pricing-kit.ts';
import { iikoEnv, linkResto1, registerWebhook, transferOf } from '../../test/pos-order-kit.ts';
import { cart, DAY, line } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runTransfersOnce } from './order-transfer.ts';

/**
 * iiko's statuses move points as the board's moves do (decision 55): an order iiko closes earns what it promised,
 * once however often iiko says so; an order iiko cancels before cooking gives its hold back, once.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let fake: FakeIiko;
let anna: Person;
const clock = testClock(DAY);

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null, transportTimeoutMs: 20 });
  ({ app, database, close } = await createTestApp({ now: clock.now, env: iikoEnv(fake) }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  await programOn(database.db, DEMO_BONUS_PROGRAM, DAY);
  anna = await newPerson(app, database.db);
  await adjustPoints(database.db, anna.personId, 100_000, clock.now());
  await linkResto1(database.db, new Date(DAY - 60 * 60_000));
  await registerWebhook(app, `${address}/api/v1/pos/iiko/webhook`);
});
afterAll(async () => {
  await close();
  await fake.close();
});

/** An order paid on receipt that spends what it may in points, sent to iiko; its id in iiko. */
async function spendingOrderInIiko() {
  const positions = [line(1, 4)];
  const priced = (await preflightAs(app, anna, cart({ positions }))) as unknown as {
    bonus: { spendable: number } | null;
  };
  const spend = priced.bonus?.spendable ?? 0;
  expect(spend).toBeGreaterThan(0);
  const response = await place(app, anna, await orderBody(app, anna, { positions, bonusToSpend: spend }));
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  const order = response.json() as { id: number; bonus: { spent: number; earn: number } };
  expect(order.bonus.spent).toBe(spend);
  // The creation is confirmed by its command's status on a later round, as the worker does.
  for (let round = 0; round < 6; round++) {
    await runTransfersOnce(app.pos);
    if ((await transferOf(database.db, order.id))?.state === 'created') break;
    clock.advance(5 * 60);
  }
  const transfer = await transferOf(database.db, order.id);
  expect(transfer?.state).toBe('created');
  await fake.webhooksSettled();
  return { order, iikoId: transfer?.externalOrderId as string };
}

const rowsOfOrder = async (orderId: number) =>
  (await ledgerOf(database.db, anna.personId))
    .filter((row) => row.order_id === orderId)
    .map((row) => `${row.kind} ${row.amount}`);

describe('points follow iiko', () => {
  it('an order iiko closes earns once, however often iiko says so', async () => {
    const { order, iikoId } = await spendingOrderInIiko();
    fake.setOrderStatus(iikoId, 'CookingStarted');
    fake.setOrderStatus(iikoId, 'Closed');
    fake.resendOrder(iikoId);
    fake.resendOrder(iikoId);
    await fake.webhooksSettled();
    const done = (await readOrderAs(app, anna, order.id)) as unknown as {
      status: string;
      bonus: { earnedAt: string | null };
    };
    expect(done.status).toBe('done');
    expect(order.bonus.earn).toBeGreaterThan(0);
    expect(await rowsOfOrder(order.id)).toEqual([`held -${order.bonus.spent}`, `earned ${order.bonus.earn}`]);
    expect(done.bonus.earnedAt).not.toBeNull();
  });

  it('an order iiko cancels before cooking gives its hold back once, and earns nothing', async () => {
    const { order, iikoId } = await spendingOrderInIiko();
    fake.cancelOrder(iikoId, 'Гость отказался');
    fake.resendOrder(iikoId);
    await fake.webhooksSettled();
    expect((await readOrderAs(app, anna, order.id)).status).toBe('declined');
    expect(await rowsOfOrder(order.id)).toEqual([
      `held -${order.bonus.spent}`,
      `released ${order.bonus.spent}`,
    ]);
  });
});
