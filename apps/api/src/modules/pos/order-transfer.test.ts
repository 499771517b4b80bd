import { ERROR_MESSAGES } from '@storefront/domain';
import { boardOrder } from '@storefront/domain/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode, staffCall } from '../../test/board-kit.ts';
import { FAKE_IIKO_DEMO, type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { demoForm, demoIdOf, eventsOf, orderCall, placeOnline, rowsOf } from '../../test/payments-kit.ts';
import {
  iikoEnv,
  linkResto1,
  MAPPED,
  ORG,
  posLogOf,
  registerWebhook,
  setTerminal,
  TERMINAL,
  transferOf,
  until,
} from '../../test/pos-order-kit.ts';
import { DAY, line, POINTS } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, secondInstance, type TestDatabase, testConfig } from '../../test/test-app.ts';
import { discoverOrders, runTransfersOnce } from './order-transfer.ts';

/**
 * Our orders into iiko, against the fake iiko on 127.0.0.1 (real adapter, real HTTP): what is sent and when,
 * the creation followed, failures flagged on the board and retried with the same id until the POS has the
 * order, never a second POS order (500 after creating, timeouts, two instances), and staff taking over.
 * The clock is pinned; the worker's rounds are run by hand. Webhooks are off here (the status suite has
 * them), so only the worker's own calls settle a creation.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let fake: FakeIiko;
let anna: Person;
let operator: number;
const clock = testClock(DAY);
const RETRY = 5 * 60; // seconds: past the longest backoff

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null, transportTimeoutMs: 20, timeoutHoldMs: 1_500 });
  ({ app, database, close } = await createTestApp({
    now: clock.now,
    env: iikoEnv(fake, { IIKO_TIMEOUT_MS: '1000' }),
  }));
  anna = await newPerson(app, database.db);
  operator = await addTestStaff(database.db, { login: 'pos-op', role: 'operator', restoIds: [1] });
  await linkResto1(database.db, new Date(DAY - 60 * 60_000));
  await registerWebhook(app, null);
});
afterAll(async () => {
  await close();
  await fake.close();
});

/** Restaurant 1's take-away paid on receipt: two Philadelphias and a California with a spicy sauce. */
async function placeOnReceipt(overrides: Record<string, unknown> = {}) {
  const body = await orderBody(app, anna, {
    positions: [line(1, 2), line(29, 1, { modifiers: [{ id: 12, modifierId: 4, count: 1 }] })],
    ...overrides,
  });
  const response = await place(app, anna, { ...body, comment: 'Без васаби' });
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return response.json() as { id: number; number: string; payable: number; lines: { price: number }[] };
}

const boardView = async (orderId: number) => {
  const response = await staffCall(app, operator, 'GET', `/api/v1/staff/orders/${orderId}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return boardOrder.parse(response.json());
};

const deliveriesOf = (externalId: string) => fake.deliveries().filter((d) => d.id === externalId);
const createsOf = (externalId: string) =>
  fake.requests.filter((r) => r.path === 'deliveries/create' && r.body.includes(externalId)).length;

/** Rounds of the worker, the clock moved past each backoff, until the order's transfer is created. */
async function untilCreated(orderId: number) {
  for (let round = 0; round < 6; round++) {
    if ((await transferOf(database.db, orderId))?.state === 'created') return;
    clock.advance(RETRY);
    await runTransfersOnce(app.pos);
  }
  expect((await transferOf(database.db, orderId))?.state).toBe('created');
}

describe('an order paid on receipt', () => {
  it('goes at placement with our lines, iiko’s ids and sizes, the guests, the phone, a payment not processed', async () => {
    const order = await placeOnReceipt();
    expect(await runTransfersOnce(app.pos)).toEqual({ discovered: 1, withdrawn: 0, advanced: 1 });
    const transfer = await transferOf(database.db, order.id);
    expect(transfer).toMatchObject({ state: 'in-progress', organizationId: ORG, terminalGroupId: TERMINAL });
    const [made] = deliveriesOf(transfer?.externalOrderId as string);
    const sent = made?.body as { order: Record<string, unknown>; terminalGroupId: string };
    expect(sent.terminalGroupId).toBe(TERMINAL);
    expect(sent.order).toMatchObject({
      id: transfer?.externalOrderId,
      externalNumber: order.number,
      completeBefore: null,
      phone: '+79123456789',
      orderServiceType: 'DeliveryByClient',
      deliveryPoint: null,
      comment: 'Без васаби',
      customer: { type: 'one-time', name: 'Анна' },
      guests: { count: 2 },
      items: [
        {
          type: 'Product',
          productId: MAPPED.position1.externalId,
          productSizeId: MAPPED.position1.externalSizeId,
          amount: 2,
          price: (order.lines[0]?.price ?? 0) / 100,
          modifiers: [],
        },
        {
          productId: MAPPED.position29.externalId,
          productSizeId: null,
          amount: 1,
          price: (order.lines[1]?.price ?? 0) / 100,
          modifiers: [
            {
              productId: MAPPED.item12.externalId,
              productGroupId: FAKE_IIKO_DEMO.sauceGroupId,
              amount: 1,
            },
          ],
        },
      ],
      payments: [
        {
          paymentTypeKind: 'Card',
          paymentTypeId: FAKE_IIKO_DEMO.paymentTypes.card,
          sum: order.payable / 100,
          isProcessedExternally: false,
          isFiscalizedExternally: false,
          isPrepay: false,
        },
      ],
    });

    // The creation is followed by its command's status, after the backoff: nothing before it is due.
    expect(await runTransfersOnce(app.pos)).toEqual({ discovered: 0, withdrawn: 0, advanced: 0 });
    await untilCreated(order.id);
    expect(await transferOf(database.db, order.id)).toMatchObject({ state: 'created', lastError: null });
    expect(fake.requests.some((r) => r.path === 'commands/status')).toBe(true);
    const log = await posLogOf(database.db, order.id);
    expect(log).toEqual([
      expect.objectContaining({
        kind: 'order',
        ok: true,
        summary: expect.objectContaining({ number: order.number, sum: order.payable }),
      }),
    ]);
    expect(await eventsOf(database.db, order.id)).toEqual(['placed', 'pos-created']);
    expect((await boardView(order.id)).pos).toMatchObject({
      state: 'created',
      failure: null,
      canTakeOver: false,
    });
    expect(createsOf(transfer?.externalOrderId as string)).toBe(1);
  });

  it('a dish without iiko’s id is not sent: flagged with its name, sent once mapped', async () => {
    const order = await placeOnReceipt({ positions: [line(2, 1)] });
    await runTransfersOnce(app.pos);
    const transfer = await transferOf(database.db, order.id);
    expect(transfer).toMatchObject({ state: 'failed', lastError: 'pos.rejected' });
    expect(transfer?.lastErrorText).toMatch(/^Блюдо «.+» не связано с iiko$/);
    expect(deliveriesOf(transfer?.externalOrderId as string)).toEqual([]);
    const view = await boardView(order.id);
    expect(view.pos).toMatchObject({
      state: 'failed',
      failure: { code: 'pos.rejected', message: ERROR_MESSAGES['pos.rejected'].ru },
      detail: transfer?.lastErrorText,
      canTakeOver: true,
    });
    await database.db.execute(
      sql`insert into pos_mappings (white_label_id, provider, organization_id, kind, external_id, our_id) values ('demo', 'iiko', ${FAKE_IIKO_DEMO.organizationId}, 'dish', ${FAKE_IIKO_DEMO.products.cola}, 2)`,
    );
    await untilCreated(order.id);
    expect(deliveriesOf(transfer?.externalOrderId as string)).toHaveLength(1);
  });
});

describe('an order paid online', () => {
  it('is not sent before it is paid, and goes once paid, its payment processed and fiscalized by us', async () => {
    const placed = await placeOnline(app, anna);
    expect(await runTransfersOnce(app.pos)).toMatchObject({ discovered: 0 });
    expect(await transferOf(database.db, placed.id)).toBeUndefined();

    expect(
      (await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' })).statusCode,
    ).toBe(303);
    expect(await runTransfersOnce(app.pos)).toMatchObject({ discovered: 1 });
    const transfer = await transferOf(database.db, placed.id);
    const [made] = deliveriesOf(transfer?.externalOrderId as string);
    expect((made?.body.order as { payments: unknown[] } | undefined)?.payments).toEqual([
      {
        paymentTypeKind: 'External',
        paymentTypeId: FAKE_IIKO_DEMO.paymentTypes.external,
        sum: placed.payable / 100,
        isProcessedExternally: true,
        isFiscalizedExternally: true,
        isPrepay: true,
      },
    ]);
    await untilCreated(placed.id);
  });
});

describe('an order switched from online to paying on receipt', () => {
  it('goes once switched, its payment the mapped type of the new method, not processed', async () => {
    const placed = await placeOnline(app, anna);
    await runTransfersOnce(app.pos);
    expect(await transferOf(database.db, placed.id)).toBeUndefined();
    const switched = await orderCall(app, anna, placed.id, '/pay-type', { payType: 'CASH_UPON_RECEIPT' });
    expect(switched.statusCode, switched.body.slice(0, 300)).toBe(200);
    expect(await runTransfersOnce(app.pos)).toMatchObject({ discovered: 1 });
    const transfer = await transferOf(database.db, placed.id);
    const [made] = deliveriesOf(transfer?.externalOrderId as string);
    expect((made?.body.order as { payments: unknown[] } | undefined)?.payments).toEqual([
      expect.objectContaining({
        paymentTypeKind: 'Cash',
        paymentTypeId: FAKE_IIKO_DEMO.paymentTypes.cash,
        isProcessedExternally: false,
      }),
    ]);
    await untilCreated(placed.id);
  });
});

describe('a delivery', () => {
  it('goes to the courier with the address, its point and details, the place’s comment with the order’s', async () => {
    const body = await orderBody(app, anna, {
      deliveryType: 'DELIVERY',
      location: POINTS.zone1,
      address: 'Казань, ул. Баумана, 1',
      positions: [line(1, 4)],
    });
    const response = await place(app, anna, {
      ...body,
      comment: 'Позвонить заранее',
      deliveryPlace: { apartment: '5', entrance: '2', floor: '3', intercom: '5К', comment: 'Вход со двора' },
    });
    expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
    const order = response.json() as { id: number; payable: number };
    await runTransfersOnce(app.pos);
    const transfer = await transferOf(database.db, order.id);
    const [made] = deliveriesOf(transfer?.externalOrderId as string);
    expect(made?.body.order).toMatchObject({
      orderServiceType: 'DeliveryByCourier',
      comment: 'Позвонить заранее\nВход со двора',
      deliveryPoint: {
        coordinates: { latitude: POINTS.zone1.lat, longitude: POINTS.zone1.lng },
        address: { line1: 'Казань, ул. Баумана, 1', flat: '5', entrance: '2', floor: '3', doorphone: '5К' },
      },
      payments: [expect.objectContaining({ sum: order.payable / 100 })],
    });
    await untilCreated(order.id);
  });
});

describe('an order cancelled before it went', () => {
  it('is never sent, and its transfer goes (logged)', async () => {
    fake.setTerminalAlive(TERMINAL, false);
    try {
      const order = await placeOnReceipt();
      await discoverOrders(app.pos);
      const transfer = await transferOf(database.db, order.id);
      expect(transfer?.state).toBe('waiting');
      const cancelled = await app.inject({
        method: 'POST',
        url: `/api/v1/persons/${anna.personId}/orders/${order.id}/cancel`,
        headers: { authorization: `Bearer ${await app.authentication.tokens.sign(anna.personId)}` },
      });
      expect(cancelled.statusCode, cancelled.body.slice(0, 300)).toBe(200);
      await runTransfersOnce(app.pos);
      expect(await transferOf(database.db, order.id)).toBeUndefined();
      expect(deliveriesOf(transfer?.externalOrderId as string)).toEqual([]);
      expect(await posLogOf(database.db, order.id)).toEqual([
        expect.objectContaining({
          kind: 'order',
          ok: true,
          summary: expect.objectContaining({ notSent: 'canceled' }),
        }),
      ]);
      expect((await runTransfersOnce(app.pos)).discovered).toBe(0);
    } finally {
      fake.setTerminalAlive(TERMINAL, true);
    }
  });
});

describe('a pre-order', () => {
  it('goes at once, ready by its time on the terminal’s clock (a terminal in Yekaterinburg, UTC+5)', async () => {
    const urals = '7b1c1f2e-0000-4000-8000-0000000000e5';
    fake.addTerminalGroup(ORG, {
      id: urals,
      name: 'Кухня в Екатеринбурге',
      timeZone: 'Ekaterinburg Standard Time',
    });
    await setTerminal(database.db, urals);
    try {
      const order = await placeOnReceipt({
        positions: [line(1, 1)],
        preOrderAt: '2026-11-25T14:00:00+03:00',
      });
      await runTransfersOnce(app.pos);
      const transfer = await transferOf(database.db, order.id);
      expect(transfer?.terminalGroupId).toBe(urals);
      const [made] = deliveriesOf(transfer?.externalOrderId as string);
      expect((made?.body.order as { completeBefore: string } | undefined)?.completeBefore).toBe(
        '2026-11-25 16:00:00.000',
      );
      await untilCreated(order.id);
    } finally {
      await setTerminal(database.db, TERMINAL);
    }
  });
});

describe('failures', () => {
  it('terminal offline: flagged on the board, retried with the same id, created once the terminal is back; one iiko order', async () => {
    fake.setTerminalAlive(TERMINAL, false);
    const order = await placeOnReceipt();
    await runTransfersOnce(app.pos);
    const transfer = await transferOf(database.db, order.id);
    const id = transfer?.externalOrderId as string;
    // iiko waits for the terminal (its transport timeout), then the creation fails.
    await until('the terminal timeout', () => deliveriesOf(id)[0]?.creationStatus === 'Error');
    clock.advance(RETRY);
    await runTransfersOnce(app.pos);
    expect(await transferOf(database.db, order.id)).toMatchObject({
      state: 'failed',
      lastError: 'pos.terminal-offline',
    });
    const flagged = await boardView(order.id);
    expect(flagged.pos).toMatchObject({
      state: 'failed',
      failure: { code: 'pos.terminal-offline', message: ERROR_MESSAGES['pos.terminal-offline'].ru },
      canTakeOver: true,
    });
    expect(await eventsOf(database.db, order.id)).toEqual(['placed', 'pos-failed']);

    // Still off: tried again with the same id, failed again, one flag event only.
    clock.advance(RETRY);
    await runTransfersOnce(app.pos);
    await until('the second terminal timeout', () => deliveriesOf(id)[0]?.creationStatus === 'Error');
    clock.advance(RETRY);
    await runTransfersOnce(app.pos);
    expect((await transferOf(database.db, order.id))?.state).toBe('failed');

    fake.setTerminalAlive(TERMINAL, true);
    await untilCreated(order.id);
    expect(deliveriesOf(id)).toHaveLength(1);
    expect(deliveriesOf(id)[0]?.creationStatus).toBe('Success');
    const bodies = fake.requests.filter(
      (r) => r.path === 'deliveries/create' && r.body.includes(order.number),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    for (const body of bodies) expect((JSON.parse(body.body) as { order: { id: string } }).order.id).toBe(id);
    expect((await boardView(order.id)).pos).toMatchObject({ state: 'created', failure: null });
    expect((await eventsOf(database.db, order.id)).filter((k) => k.startsWith('pos-'))).toEqual([
      'pos-failed',
      'pos-created',
    ]);
    const log = await posLogOf(database.db, order.id);
    expect(log.filter((l) => !l.ok).every((l) => l.error === 'pos.terminal-offline')).toBe(true);
    expect(log.at(-1)).toMatchObject({ kind: 'order', ok: true });
  });

  it('500 after iiko created it: asked before sending again, so one iiko order', async () => {
    const order = await placeOnReceipt();
    fake.failNext('deliveries/create', '500-after');
    await runTransfersOnce(app.pos);
    const transfer = await transferOf(database.db, order.id);
    expect(transfer).toMatchObject({ state: 'failed', lastError: 'pos.unavailable' });
    await untilCreated(order.id);
    expect(createsOf(transfer?.externalOrderId as string)).toBe(1);
    expect(deliveriesOf(transfer?.externalOrderId as string)).toHaveLength(1);
  });

  it('a timeout (the outcome unknown): the same id again, one iiko order', async () => {
    const order = await placeOnReceipt();
    fake.failNext('deliveries/create', 'timeout');
    await runTransfersOnce(app.pos);
    const transfer = await transferOf(database.db, order.id);
    expect(transfer).toMatchObject({ state: 'failed', lastError: 'pos.timeout' });
    await untilCreated(order.id);
    const id = transfer?.externalOrderId as string;
    expect(deliveriesOf(id)).toHaveLength(1);
    const sent = fake.requests.filter((r) => r.path === 'deliveries/create' && r.body.includes(order.number));
    for (const body of sent) expect((JSON.parse(body.body) as { order: { id: string } }).order.id).toBe(id);
  });
});

describe('two instances', () => {
  it('running the worker at once make one iiko order (the lease, then the derived id)', async () => {
    const { app: second, closeDatabase } = await secondInstance(database, {
      config: testConfig(iikoEnv(fake, { IIKO_TIMEOUT_MS: '1000' })),
      now: clock.now,
    });
    try {
      const order = await placeOnReceipt();
      await Promise.all([runTransfersOnce(app.pos), runTransfersOnce(second.pos)]);
      const transfer = await transferOf(database.db, order.id);
      const id = transfer?.externalOrderId as string;
      expect(createsOf(id)).toBe(1);
      for (let round = 0; round < 4; round++) {
        clock.advance(RETRY);
        await Promise.all([runTransfersOnce(app.pos), runTransfersOnce(second.pos)]);
      }
      expect((await transferOf(database.db, order.id))?.state).toBe('created');
      expect(deliveriesOf(id)).toHaveLength(1);
      expect(createsOf(id)).toBe(1);
      const [rows] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pos_order_transfers where order_id = ${order.id}`,
      );
      expect(rows?.n).toBe(1);
    } finally {
      await second.close();
      await closeDatabase();
    }
  });
});

describe('staff take over', () => {
  it('a failed order by hand: no more tries; twice is 409 pos.taken-over; a created one is 409 pos.order-created', async () => {
    fake.setTerminalAlive(TERMINAL, false);
    try {
      const order = await placeOnReceipt();
      await runTransfersOnce(app.pos);
      const id = (await transferOf(database.db, order.id))?.externalOrderId as string;
      await until('the terminal timeout', () => deliveriesOf(id)[0]?.creationStatus === 'Error');
      clock.advance(RETRY);
      await runTransfersOnce(app.pos);
      expect((await transferOf(database.db, order.id))?.state).toBe('failed');

      const url = `/api/v1/staff/orders/${order.id}/pos/take-over`;
      const taken = await staffCall(app, operator, 'POST', url);
      expect(taken.statusCode, taken.body.slice(0, 300)).toBe(200);
      expect(boardOrder.parse(taken.json()).pos).toMatchObject({ state: 'taken-over', canTakeOver: false });
      expect((await eventsOf(database.db, order.id)).at(-1)).toBe('pos-taken-over');
      const again = await staffCall(app, operator, 'POST', url);
      expect(again.statusCode).toBe(409);
      expect(errorCode(again)).toBe('pos.taken-over');

      const creates = createsOf(id);
      fake.setTerminalAlive(TERMINAL, true);
      for (let round = 0; round < 3; round++) {
        clock.advance(RETRY);
        await runTransfersOnce(app.pos);
      }
      expect(createsOf(id)).toBe(creates);
      expect((await transferOf(database.db, order.id))?.state).toBe('taken-over');
    } finally {
      fake.setTerminalAlive(TERMINAL, true);
    }

    const created = await placeOnReceipt();
    await untilCreated(created.id);
    const refused = await staffCall(
      app,
      operator,
      'POST',
      `/api/v1/staff/orders/${created.id}/pos/take-over`,
    );
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('pos.order-created');
  });

  it('another restaurant’s order is 404; an order of a restaurant not linked is 409 pos.not-linked', async () => {
    const elsewhere = await addTestStaff(database.db, { login: 'pos-op2', role: 'operator', restoIds: [2] });
    const order = await placeOnReceipt();
    const hidden = await staffCall(app, elsewhere, 'POST', `/api/v1/staff/orders/${order.id}/pos/take-over`);
    expect(hidden.statusCode).toBe(404);
    const unlinked = await place(
      app,
      anna,
      await orderBody(app, anna, { restoId: 2, positions: [line(1, 1)] }),
    );
    expect(unlinked.statusCode, unlinked.body.slice(0, 300)).toBe(201);
    const manager = await addTestStaff(database.db, { login: 'pos-boss', role: 'manager' });
    const refused = await staffCall(
      app,
      manager,
      'POST',
      `/api/v1/staff/orders/${(unlinked.json() as { id: number }).id}/pos/take-over`,
    );
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('pos.not-linked');
  });
});
