import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, orderBody, place } from '../../test/orders-kit.ts';
import { iikoEnv, linkResto1, MAPPED, registerWebhook, transferOf } from '../../test/pos-order-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { freeCondimentsOn, giftPromotion, SOY } from '../../test/selling-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runTransfersOnce } from './order-transfer.ts';

/**
 * What the server adds at 0 ₽ (decision 56) goes to iiko as the dishes do: a free condiment and a gift are items at
 * price 0 under their mapped products. A condiment without a mapping goes in the order's comment; a gift without one
 * holds the order back with its name, as a dish does.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let fake: FakeIiko;
const clock = testClock(DAY);

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null });
  ({ app, database, close } = await createTestApp({ now: clock.now, env: iikoEnv(fake) }));
  await linkResto1(database.db, new Date(DAY - 60 * 60_000));
  await registerWebhook(app, null);
});
afterAll(async () => {
  await close();
  await fake.close();
});

describe('free condiments and gifts in iiko', () => {
  it('are sent as items at price 0 after the dishes; an unmapped condiment in the comment', async () => {
    // Position 29 (mapped) given free per person, position 1 (mapped) as the gift from 2000 ₽.
    await freeCondimentsOn(app, database.db, [{ positionId: 29, perPerson: 1 }]);
    await giftPromotion(app, database.db, { minSum: 200_000, positionIds: [1] });
    const anna = await newPerson(app, database.db);
    const body = await orderBody(app, anna, { positions: [line(1, 3)], personCount: 2 });
    const response = await place(app, anna, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = response.json() as { id: number; lines: { kind: string }[] };
    expect(order.lines.map((l) => l.kind)).toEqual(['dish', 'free', 'gift']);
    await runTransfersOnce(app.pos);
    const transfer = await transferOf(database.db, order.id);
    const made = fake.deliveries().find((d) => d.id === transfer?.externalOrderId);
    const sent = made?.body as { order: { items: { productId: string; amount: number; price: number }[] } };
    expect(sent.order.items.map(({ productId, amount, price }) => ({ productId, amount, price }))).toEqual([
      { productId: MAPPED.position1.externalId, amount: 3, price: 690 },
      { productId: MAPPED.position29.externalId, amount: 2, price: 0 },
      { productId: MAPPED.position1.externalId, amount: 1, price: 0 },
    ]);

    // Soy sauce has no iiko product: the order goes all the same, the sauce named in its comment for the kitchen.
    await freeCondimentsOn(app, database.db, [{ positionId: SOY, perPerson: 1 }]);
    const next = await place(
      app,
      anna,
      await orderBody(app, anna, { positions: [line(1, 1)], personCount: 2 }),
    );
    expect(next.statusCode, next.body.slice(0, 400)).toBe(201);
    const sentOn = next.json() as { id: number };
    await runTransfersOnce(app.pos);
    const nextTransfer = await transferOf(database.db, sentOn.id);
    expect(nextTransfer?.state).not.toBe('failed');
    const nextMade = fake.deliveries().find((d) => d.id === nextTransfer?.externalOrderId);
    const nextSent = nextMade?.body as { order: { items: { productId: string }[]; comment: string | null } };
    expect(nextSent.order.items.map((item) => item.productId)).toEqual([MAPPED.position1.externalId]);
    expect(nextSent.order.comment).toContain('Бесплатно: Соевый соус порционный × 2');
  });

  it('holds an order back when its gift has no iiko product, named by the gift', async () => {
    await freeCondimentsOn(app, database.db, []);
    await giftPromotion(app, database.db, { minSum: 100_000, positionIds: [SOY] });
    const boris = await newPerson(app, database.db);
    const body = await orderBody(app, boris, { positions: [line(1, 2)], personCount: 1 });
    const response = await place(app, boris, body);
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const held = response.json() as { id: number; lines: { kind: string }[] };
    expect(held.lines.map((l) => l.kind)).toContain('gift');
    await runTransfersOnce(app.pos);
    expect(await transferOf(database.db, held.id)).toMatchObject({
      state: 'failed',
      lastError: 'pos.rejected',
      lastErrorText: 'Блюдо «Соевый соус порционный» не связано с iiko',
    });
  });
});
