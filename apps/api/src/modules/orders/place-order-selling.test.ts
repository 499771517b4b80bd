import { order as orderContract } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { type FakeYooKassa, startFakeYooKassa } from '../../test/fakes/yookassa.ts';
import { codeOf, newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { PAYER, rowsOf } from '../../test/payments-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import {
  CHOPSTICKS,
  changeGift,
  freeCondimentsOn,
  giftPromotion,
  SOY,
  sellingOff,
} from '../../test/selling-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { createsWithKey, restaurantOnYooKassa, yookassaEnv } from '../../test/yookassa-kit.ts';

/**
 * Placing an order with what the server adds at 0 ₽ (decision 56): the free condiments by persons and the gift
 * are written as lines of kind 'free' and 'gift' after the dishes, the order names its gift promotion, the
 * quote covers them (a change between the preflight and placement is 409 order.price-changed), and the 54-FZ
 * receipt leaves them out (its items add up to the money paid). Restaurant 1 is on the fake YooKassa.
 */
let fake: FakeYooKassa;
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
const clock = testClock(DAY);

beforeAll(async () => {
  fake = await startFakeYooKassa();
  ({ app, database, close } = await createTestApp({ now: clock.now, env: yookassaEnv(fake) }));
  await restaurantOnYooKassa(database.db, app);
});
afterAll(async () => {
  await close?.();
  await fake?.close();
});
afterEach(async () => sellingOff(app, database.db));

/** Three Philadelphia rolls: 2070 ₽. */
const THREE = [line(1, 3)];
const PERSONS = { personCount: 2 };

async function sellingOn() {
  await freeCondimentsOn(app, database.db, [
    { positionId: CHOPSTICKS, perPerson: 1 },
    { positionId: SOY, perPerson: 2 },
  ]);
  return giftPromotion(app, database.db, { minSum: 200_000, positionIds: [8, 22] });
}

const orderRow = async (id: number) =>
  (
    await rowsOf<{ gift_promotion_id: number | null; sum: number; payable: number; positions_count: number }>(
      database.db,
      sql`select gift_promotion_id, sum, payable, positions_count from orders where id = ${id}`,
    )
  )[0];

describe('placing an order with free condiments and a gift', () => {
  let anna: Person;
  beforeAll(async () => {
    anna = await newPerson(app, database.db);
  });

  it('writes them as 0 ₽ lines of kind free and gift after the dishes, and the order’s gift promotion', async () => {
    const promotionId = await sellingOn();
    const body = await orderBody(app, anna, { positions: THREE, giftPositionId: 22, ...PERSONS });
    const response = await place(app, anna, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = orderContract.parse(response.json());
    expect(order).toMatchObject({ sum: 207_000, discount: 0, payable: 207_000, positionsCount: 3 });
    expect(
      order.lines.map((l) => ({
        id: l.id,
        kind: l.kind,
        count: l.count,
        price: l.price,
        payable: l.payableAmount,
      })),
    ).toEqual([
      { id: 1, kind: 'dish', count: 3, price: 69_000, payable: 207_000 },
      { id: CHOPSTICKS, kind: 'free', count: 2, price: 0, payable: 0 },
      { id: SOY, kind: 'free', count: 4, price: 0, payable: 0 },
      { id: 22, kind: 'gift', count: 1, price: 0, payable: 0 },
    ]);
    expect(order.lines[3]?.name.ru).toBe('Маки с лососем');
    expect(order.lines[1]?.name.ru).toBe('Палочки');
    expect(await orderRow(order.id)).toEqual({
      gift_promotion_id: promotionId,
      sum: 207_000,
      payable: 207_000,
      positions_count: 3,
    });
    // The customer's order view reads the same lines back.
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/persons/${anna.personId}/orders/${order.id}`,
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(orderContract.parse(read.json()).lines.map((l) => l.kind)).toEqual([
      'dish',
      'free',
      'free',
      'gift',
    ]);
  });

  it('gives no gift once lines are removed below the threshold: no gift line, no gift promotion', async () => {
    await sellingOn();
    const body = await orderBody(app, anna, { positions: [line(1, 2)], ...PERSONS });
    const response = await place(app, anna, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = orderContract.parse(response.json());
    expect(order.lines.map((l) => l.kind)).toEqual(['dish', 'free', 'free']);
    expect((await orderRow(order.id))?.gift_promotion_id).toBeNull();
  });

  it('refuses a stale quote with 409 order.price-changed when the gift or the free lines changed meanwhile', async () => {
    const promotionId = await sellingOn();
    const body = await orderBody(app, anna, { positions: THREE, ...PERSONS });
    await changeGift(app, database.db, promotionId, { positionIds: [22] });
    const refused = await place(app, anna, body);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('order.price-changed');
    const fresh = (refused.json() as { preflight: { gift: { positionId: number }; quote: string } })
      .preflight;
    expect(fresh.gift.positionId).toBe(22);
    // More persons than the preflight counted: other free lines, the same sums.
    const morePersons = await place(app, anna, { ...body, quote: fresh.quote, personCount: 3 });
    expect(morePersons.statusCode).toBe(409);
    expect(codeOf(morePersons)).toBe('order.price-changed');
    const placed = await place(app, anna, { ...body, quote: fresh.quote });
    expect(placed.statusCode, placed.body.slice(0, 400)).toBe(201);
  });

  it('leaves the 0 ₽ lines out of the 54-FZ receipt, whose items add up to the money paid', async () => {
    await sellingOn();
    const body = await orderBody(app, anna, { positions: THREE, payType: 'CARD_ONLINE', ...PERSONS });
    const response = await place(app, anna, { ...body, person: PAYER });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const placed = response.json() as { id: number; payable: number; lines: { kind: string }[] };
    expect(placed.lines.map((l) => l.kind)).toEqual(['dish', 'free', 'free', 'gift']);
    const [create] = createsWithKey(fake, `order-${placed.id}-1`);
    const sent = JSON.parse(create?.body ?? '{}') as {
      amount: { value: string };
      receipt: { items: { description: string; quantity: number; amount: { value: string } }[] };
    };
    expect(sent.receipt.items.map((i) => i.description)).toEqual(['Филадельфия']);
    const items = sent.receipt.items.reduce(
      (total, item) => total + item.quantity * Math.round(Number(item.amount.value) * 100),
      0,
    );
    expect(items).toBe(placed.payable);
  });
});
