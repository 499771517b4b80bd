import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, orderBody, place } from '../../test/orders-kit.ts';
import { readOrderAs } from '../../test/payments-kit.ts';
import { iikoEnv, linkResto1, registerWebhook, transferOf } from '../../test/pos-order-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runTransfersOnce } from '../pos/order-transfer.ts';

/** An order iiko cancels gives its place in the slot back, once however often iiko says so (decision 56). */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let fake: FakeIiko;
const clock = testClock(DAY);
const PRE_ORDER = '2026-11-26T13:00:00+03:00';

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null, transportTimeoutMs: 20 });
  ({ app, database, close } = await createTestApp({ now: clock.now, env: iikoEnv(fake) }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  await linkResto1(database.db, new Date(DAY - 60 * 60_000));
  await registerWebhook(app, `${address}/api/v1/pos/iiko/webhook`);
});
afterAll(async () => {
  await close();
  await fake.close();
});

const taken = async () =>
  (
    (await database.db.execute(
      sql`select taken from slot_loads where slot_at = ${new Date(Date.parse(PRE_ORDER)).toISOString()}`,
    )) as unknown as { rows: { taken: number }[] }
  ).rows[0]?.taken;

it('an order iiko cancels gives its place back once', async () => {
  const anna = await newPerson(app, database.db);
  const response = await place(app, anna, await orderBody(app, anna, { preOrderAt: PRE_ORDER }));
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  const order = response.json() as { id: number };
  expect(await taken()).toBe(1);
  for (let round = 0; round < 6; round++) {
    await runTransfersOnce(app.pos);
    if ((await transferOf(database.db, order.id))?.state === 'created') break;
    clock.advance(5 * 60);
  }
  const iikoId = (await transferOf(database.db, order.id))?.externalOrderId as string;
  expect(iikoId).toBeTruthy();
  await fake.webhooksSettled();
  fake.cancelOrder(iikoId, 'Гость отказался');
  fake.resendOrder(iikoId);
  fake.resendOrder(iikoId);
  await fake.webhooksSettled();
  expect((await readOrderAs(app, anna, order.id)).status).toBe('declined');
  expect(await taken()).toBe(0);
});
