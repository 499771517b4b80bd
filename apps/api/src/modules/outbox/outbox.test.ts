import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderEventKind } from '@storefront/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { orderEvents, orders } from '../../db/schema.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { newPerson, orderBody, place } from '../../test/orders-kit.ts';
import { DAY } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { latestEventId, type OutboxOrder, writeOrderEvent } from './index.ts';

let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let order: OutboxOrder;
const clock = testClock(DAY);

const eventsOf = (orderId: number) =>
  database.db
    .select({ kind: orderEvents.kind, whiteLabelId: orderEvents.whiteLabelId, restoId: orderEvents.restoId })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ now: clock.now }));
  const anna = await newPerson(app, database.db);
  const response = await place(app, anna, await orderBody(app, anna));
  expect(response.statusCode).toBe(201);
  const id = (response.json() as { id: number }).id;
  const [row] = await database.db
    .select({ id: orders.id, whiteLabelId: orders.whiteLabelId, restoId: orders.restoId })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) throw new Error('the placed order is not in the database');
  order = row;
});
afterAll(() => close());

describe('the outbox', () => {
  it('holds the placement’s event, written by placement through the outbox', async () => {
    expect(await eventsOf(order.id)).toEqual([
      { kind: 'placed', whiteLabelId: order.whiteLabelId, restoId: order.restoId },
    ]);
  });

  it('writes an event in the caller’s transaction: committed with it, gone with its rollback', async () => {
    const before = await latestEventId(database.db, order.whiteLabelId);
    await database.db
      .transaction(async (tx) => {
        await writeOrderEvent(tx, order, 'accepted', new Date(clock.now()));
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['placed']);

    await database.db.transaction((tx) => writeOrderEvent(tx, order, 'accepted', new Date(clock.now())));
    expect((await eventsOf(order.id)).map((e) => e.kind)).toEqual(['placed', 'accepted']);
    expect(await latestEventId(database.db, order.whiteLabelId)).toBeGreaterThan(before);
  });

  it('refuses a kind outside ORDER_EVENT_KINDS and writes nothing', async () => {
    const before = await eventsOf(order.id);
    // @ts-expect-error: the compiler refuses a kind the domain does not name.
    const typed: OrderEventKind = 'preparing';
    await expect(writeOrderEvent(database.db, order, typed, new Date(clock.now()))).rejects.toThrow(
      /ORDER_EVENT_KINDS/,
    );
    expect(await eventsOf(order.id)).toEqual(before);
  });

  it('answers 0 as the last event id of a brand without events', async () => {
    expect(await latestEventId(database.db, 'no-such-brand')).toBe(0);
  });
});

describe('order_events has one writer', () => {
  const src = fileURLToPath(new URL('../../', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory())
        return entry.name === 'test' || entry.name === 'migrations' ? [] : sources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });

  it('is the outbox: no other production file inserts into order_events', () => {
    const writers = sources(src)
      .filter((path) =>
        /insert\(\s*orderEvents\s*\)|insert\s+into\s+order_events/i.test(readFileSync(path, 'utf8')),
      )
      .map((path) => relative(src, path));
    expect(writers).toEqual([join('modules', 'outbox', 'outbox.ts')]);
  });
});
