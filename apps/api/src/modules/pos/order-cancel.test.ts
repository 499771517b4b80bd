import { ERROR_MESSAGES } from '@storefront/domain';
import { boardOrder } from '@storefront/domain/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import type { PosAdapter } from '../../integrations/pos/pos-adapter.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { orderMove, staffCall } from '../../test/board-kit.ts';
import { FAKE_IIKO_DEMO, type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { eventsOf, readOrderAs } from '../../test/payments-kit.ts';
import {
  historyOf,
  iikoEnv,
  linkResto1,
  posLogOf,
  registerWebhook,
  TERMINAL,
  transferOf,
  until,
} from '../../test/pos-order-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { addTestStaff } from '../../test/staff-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { discoverOrders, runTransfersOnce } from './order-transfer.ts';

/**
 * An order we end (the customer cancels it while new, staff decline it) that iiko already has is cancelled in
 * iiko, against the fake iiko: once, whatever retries follow a 500; under the chain's fitting cause; our order
 * stays as we left it when iiko's Cancelled comes back; iiko's refusal (the order closed) flags it for staff;
 * an order never sent is dropped, nothing asked of iiko. And the take-over race: staff typing an order in by
 * hand while its send was under way, which iiko then takes too, is flagged, not left as two orders cooking.
 * The worker's rounds are run by hand on a pinned clock; webhooks reach the app over HTTP when registered.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let fake: FakeIiko;
let anna: Person;
let operator: number;
let webhookUri: string;
const clock = testClock(DAY);
const RETRY = 5 * 60; // seconds: past the longest backoff

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null, transportTimeoutMs: 20 });
  ({ app, database, close } = await createTestApp({ now: clock.now, env: iikoEnv(fake) }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  webhookUri = `${address}/api/v1/pos/iiko/webhook`;
  anna = await newPerson(app, database.db);
  operator = await addTestStaff(database.db, { login: 'pos-cancel-op', role: 'operator', restoIds: [1] });
  await linkResto1(database.db, new Date(DAY - 60 * 60_000));
  await registerWebhook(app, webhookUri);
});
afterAll(async () => {
  await close();
  await fake.close();
});

async function placeOnReceipt() {
  const response = await place(app, anna, await orderBody(app, anna, { positions: [line(1, 1)] }));
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return response.json() as { id: number; number: string };
}

const settled = () => fake.webhooksSettled();
const statusOf = async (orderId: number) => (await readOrderAs(app, anna, orderId)).status;
const cancelsOf = (externalId: string) => fake.cancellations().filter((c) => c.orderId === externalId);

/** Worker rounds (the clock past each backoff) until the transfer is in `state`; answers the transfer. */
async function roundsUntil(orderId: number, state: string) {
  for (let round = 0; round < 6; round++) {
    await settled();
    if ((await transferOf(database.db, orderId))?.state === state) break;
    clock.advance(RETRY);
    await runTransfersOnce(app.pos);
  }
  const transfer = await transferOf(database.db, orderId);
  expect(transfer?.state).toBe(state);
  return transfer as NonNullable<typeof transfer>;
}

const customerCancels = async (orderId: number) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/persons/${anna.personId}/orders/${orderId}/cancel`,
    headers: { authorization: `Bearer ${await app.authentication.tokens.sign(anna.personId)}` },
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
};

const boardView = async (orderId: number) => {
  const response = await staffCall(app, operator, 'GET', `/api/v1/staff/orders/${orderId}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return boardOrder.parse(response.json());
};

describe('the customer cancels an order iiko has', () => {
  it('is cancelled in iiko once though the first try answered 500, our order stays cancelled, iiko’s Cancelled changes nothing', async () => {
    // No webhooks while it is sent, so iiko's Unconfirmed does not accept it: the customer may still cancel.
    await registerWebhook(app, null);
    try {
      const order = await placeOnReceipt();
      const { externalOrderId: id } = await roundsUntil(order.id, 'created');
      expect(await statusOf(order.id)).toBe('new');
      await customerCancels(order.id);

      // iiko cancels it but answers 500: flagged, tried again; the retry reads iiko's order first.
      fake.failNext('deliveries/cancel', '500-after');
      expect(await runTransfersOnce(app.pos)).toMatchObject({ withdrawn: 1, advanced: 1 });
      expect(await transferOf(database.db, order.id)).toMatchObject({
        state: 'cancelling',
        lastError: 'pos.unavailable',
      });
      expect((await boardView(order.id)).pos).toMatchObject({
        state: 'cancelling',
        failure: { code: 'pos.unavailable', message: ERROR_MESSAGES['pos.unavailable'].ru },
        canTakeOver: false,
      });
      await roundsUntil(order.id, 'cancelled');
      for (let round = 0; round < 2; round++) {
        clock.advance(RETRY);
        await runTransfersOnce(app.pos);
      }
      // One cancel, under the chain's cause that fits (the guest's refusal: the site's one is deleted).
      expect(cancelsOf(id)).toEqual([
        { orderId: id, cancelCauseId: FAKE_IIKO_DEMO.cancelCauseId, outcome: 'cancelled' },
      ]);
      expect(fake.delivery(id)?.status).toBe('Cancelled');
      expect(await transferOf(database.db, order.id)).toMatchObject({ state: 'cancelled', lastError: null });
      expect((await boardView(order.id)).pos).toMatchObject({ state: 'cancelled', failure: null });
      // A board not yet refreshed offers nothing to retype: its cancel went to iiko.
      const takeOver = await staffCall(
        app,
        operator,
        'POST',
        `/api/v1/staff/orders/${order.id}/pos/take-over`,
      );
      expect(takeOver.statusCode).toBe(409);
      expect(takeOver.json().errors[0].code).toBe('pos.order-withdrawn');
      const log = (await posLogOf(database.db, order.id)).filter((l) => l.summary.cancel !== undefined);
      expect(log.map((l) => [l.ok, l.error, l.summary.cancel])).toEqual([
        [false, 'pos.unavailable', 'retry'],
        [true, null, 'cancelled'],
      ]);
      expect(log[1]?.summary).toMatchObject({ number: order.number, withdrawn: 'canceled' });
      expect((await eventsOf(database.db, order.id)).slice(-2)).toEqual(['pos-failed', 'pos-cancelled']);

      // iiko's Cancelled reaches us (late, twice): our order stays cancelled, no cause of iiko's is shown.
      const history = await historyOf(database.db, order.id);
      const events = await eventsOf(database.db, order.id);
      await registerWebhook(app, webhookUri);
      fake.resendOrder(id);
      fake.resendOrder(id);
      await settled();
      expect(await statusOf(order.id)).toBe('canceled');
      expect(await historyOf(database.db, order.id)).toEqual(history);
      expect(await eventsOf(database.db, order.id)).toEqual(events);
      expect(await transferOf(database.db, order.id)).toMatchObject({
        state: 'cancelled',
        externalStatus: 'Cancelled',
        cancelCause: null,
      });
    } finally {
      await registerWebhook(app, webhookUri);
    }
  });
});

describe('the customer cancels an order whose send failed', () => {
  it('after iiko made it (a 500 after creating): cancelled in iiko, never sent again; the failure’s flag goes', async () => {
    await registerWebhook(app, null);
    try {
      const order = await placeOnReceipt();
      fake.failNext('deliveries/create', '500-after');
      await runTransfersOnce(app.pos);
      const { externalOrderId: id } = (await transferOf(database.db, order.id)) as {
        externalOrderId: string;
      };
      expect(await transferOf(database.db, order.id)).toMatchObject({
        state: 'failed',
        lastError: 'pos.unavailable',
      });
      await customerCancels(order.id);
      await roundsUntil(order.id, 'cancelled');
      expect(cancelsOf(id).map((c) => c.outcome)).toEqual(['cancelled']);
      expect(fake.requests.filter((r) => r.path === 'deliveries/create' && r.body.includes(id))).toHaveLength(
        1,
      );
      expect((await boardView(order.id)).pos).toMatchObject({ state: 'cancelled', failure: null });
      expect((await eventsOf(database.db, order.id)).at(-1)).toBe('pos-cancelled');
    } finally {
      await registerWebhook(app, webhookUri);
    }
  });

  it('that iiko never made: nothing to cancel there, logged as never in iiko', async () => {
    await registerWebhook(app, null);
    try {
      const order = await placeOnReceipt();
      fake.failNext('deliveries/create', '500-before');
      await runTransfersOnce(app.pos);
      const { externalOrderId: id } = (await transferOf(database.db, order.id)) as {
        externalOrderId: string;
      };
      await customerCancels(order.id);
      await roundsUntil(order.id, 'cancelled');
      expect(cancelsOf(id)).toEqual([]);
      expect(fake.delivery(id)).toBeUndefined();
      const log = await posLogOf(database.db, order.id);
      expect(log.at(-1)).toMatchObject({
        kind: 'order',
        ok: true,
        summary: expect.objectContaining({ cancel: 'not-in-pos' }),
      });
    } finally {
      await registerWebhook(app, webhookUri);
    }
  });
});

describe('staff decline an order iiko has', () => {
  it('from accepted: cancelled in iiko, its Cancelled settles the cancel and leaves the staff’s decline as it is', async () => {
    const order = await placeOnReceipt();
    const { externalOrderId: id } = await roundsUntil(order.id, 'created');
    await settled();
    expect(await statusOf(order.id)).toBe('accepted');
    const declined = await orderMove(app, operator, order.id, 'decline', { reason: 'other' });
    expect(declined.statusCode, declined.body.slice(0, 300)).toBe(200);

    expect(await runTransfersOnce(app.pos)).toMatchObject({ withdrawn: 1 });
    await settled();
    expect(await transferOf(database.db, order.id)).toMatchObject({ state: 'cancelled', lastError: null });
    expect(cancelsOf(id)).toHaveLength(1);
    const after = (await readOrderAs(app, anna, order.id)) as unknown as {
      status: string;
      declineReason: { code: string; cause?: string };
    };
    expect(after.status).toBe('declined');
    expect(after.declineReason.code).toBe('other');
    expect(after.declineReason.cause).toBeUndefined();
    expect((await historyOf(database.db, order.id)).map((h) => `${h.status} ${h.by}`).at(-1)).toMatch(
      /^declined (?!pos)/,
    );
    expect((await eventsOf(database.db, order.id)).filter((k) => k === 'declined')).toHaveLength(1);
    // Nothing more: later rounds send no second cancel.
    clock.advance(RETRY);
    await runTransfersOnce(app.pos);
    expect(cancelsOf(id)).toHaveLength(1);
  });
});

describe('a cancel iiko refuses', () => {
  it('an order iiko already closed: flagged on the board for staff to call the kitchen, logged, not tried again; cancelled there by hand, the flag goes', async () => {
    await registerWebhook(app, null);
    try {
      const order = await placeOnReceipt();
      const { externalOrderId: id } = await roundsUntil(order.id, 'created');
      fake.setOrderStatus(id, 'Closed');
      await customerCancels(order.id);
      await runTransfersOnce(app.pos);
      const transfer = await transferOf(database.db, order.id);
      expect(transfer).toMatchObject({ state: 'cancel-refused', lastError: 'pos.cancel-refused' });
      expect((await boardView(order.id)).pos).toMatchObject({
        state: 'cancel-refused',
        failure: { code: 'pos.cancel-refused', message: ERROR_MESSAGES['pos.cancel-refused'].ru },
        detail: transfer?.lastErrorText,
        canTakeOver: false,
      });
      expect((await eventsOf(database.db, order.id)).at(-1)).toBe('pos-failed');
      const refused = (await posLogOf(database.db, order.id)).filter((l) => l.error === 'pos.cancel-refused');
      expect(refused).toEqual([
        expect.objectContaining({
          kind: 'order',
          ok: false,
          summary: expect.objectContaining({ cancel: 'refused' }),
        }),
      ]);
      for (let round = 0; round < 2; round++) {
        clock.advance(RETRY);
        await runTransfersOnce(app.pos);
      }
      expect((await transferOf(database.db, order.id))?.state).toBe('cancel-refused');
      expect(fake.delivery(id)?.status).toBe('Closed');
      expect(cancelsOf(id)).toEqual([]);

      // Closed while the cancel was on its way: iiko's 400 is its refusal, flagged the same way.
      const late = await placeOnReceipt();
      const { externalOrderId: lateId } = await roundsUntil(late.id, 'created');
      await customerCancels(late.id);
      const adapter = app.pos.adapter as PosAdapter;
      const closing: PosAdapter = {
        ...adapter,
        async cancelDelivery(organizationId, orderId, cause) {
          fake.setOrderStatus(lateId, 'Closed');
          return adapter.cancelDelivery(organizationId, orderId, cause);
        },
      };
      await runTransfersOnce({ ...app.pos, adapter: closing });
      expect(cancelsOf(lateId).map((c) => c.outcome)).toEqual(['refused']);
      const lateTransfer = await transferOf(database.db, late.id);
      expect(lateTransfer).toMatchObject({ state: 'cancel-refused', lastError: 'pos.cancel-refused' });
      expect(lateTransfer?.lastErrorText).toMatch(/closed and cannot be cancelled/);

      // Staff call the kitchen, who cancel it in iikoFront: iiko's Cancelled takes the flag away.
      await registerWebhook(app, webhookUri);
      fake.cancelOrder(lateId, 'Отказ гостя');
      await settled();
      expect(await transferOf(database.db, late.id)).toMatchObject({ state: 'cancelled', lastError: null });
      expect((await eventsOf(database.db, late.id)).at(-1)).toBe('pos-cancelled');
      expect(await statusOf(late.id)).toBe('canceled');
    } finally {
      await registerWebhook(app, webhookUri);
    }
  });
});

describe('an order cancelled while still waiting to be sent', () => {
  it('is dropped: nothing created or cancelled in iiko', async () => {
    const order = await placeOnReceipt();
    await discoverOrders(app.pos);
    const transfer = await transferOf(database.db, order.id);
    expect(transfer?.state).toBe('waiting');
    await customerCancels(order.id);
    expect(await runTransfersOnce(app.pos)).toMatchObject({ withdrawn: 0 });
    expect(await transferOf(database.db, order.id)).toBeUndefined();
    const id = transfer?.externalOrderId as string;
    expect(fake.delivery(id)).toBeUndefined();
    expect(cancelsOf(id)).toEqual([]);
    expect(fake.requests.some((r) => r.body.includes(id))).toBe(false);
  });
});

describe('staff take an order over while its send is under way', () => {
  it('and iiko takes it too: flagged once (two orders in the kitchen); iiko’s copy cancelled clears it, not declining ours', async () => {
    fake.setTerminalAlive(TERMINAL, false);
    const order = await placeOnReceipt();
    try {
      await runTransfersOnce(app.pos);
      await until(
        'the terminal timeout',
        async () => (await transferOf(database.db, order.id))?.state === 'failed',
      );
    } finally {
      fake.setTerminalAlive(TERMINAL, true);
    }
    // The next send: staff take the order over the moment it leaves for iiko.
    const adapter = app.pos.adapter as PosAdapter;
    const racing: PosAdapter = {
      ...adapter,
      async createDelivery(delivery) {
        const taken = await staffCall(
          app,
          operator,
          'POST',
          `/api/v1/staff/orders/${order.id}/pos/take-over`,
        );
        expect(taken.statusCode, taken.body.slice(0, 300)).toBe(200);
        return adapter.createDelivery(delivery);
      },
    };
    clock.advance(RETRY);
    await runTransfersOnce({ ...app.pos, adapter: racing });
    const { externalOrderId: id } = (await transferOf(database.db, order.id)) as { externalOrderId: string };
    expect(await transferOf(database.db, order.id)).toMatchObject({ state: 'taken-over' });

    // iiko's terminal takes it: the webhook says so (twice).
    fake.completeCreation(id);
    fake.resendOrder(id);
    await settled();
    expect(await transferOf(database.db, order.id)).toMatchObject({
      state: 'taken-over',
      lastError: 'pos.created-after-take-over',
    });
    expect((await boardView(order.id)).pos).toMatchObject({
      state: 'taken-over',
      failure: {
        code: 'pos.created-after-take-over',
        message: ERROR_MESSAGES['pos.created-after-take-over'].ru,
      },
      canTakeOver: false,
    });
    const flags = (await posLogOf(database.db, order.id)).filter(
      (l) => l.error === 'pos.created-after-take-over',
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'order', ok: false });

    // Staff cancel iiko's copy: the flag goes; our order (typed in by hand) is not declined by it.
    const before = await statusOf(order.id);
    fake.cancelOrder(id, 'Ошибка кассира');
    await settled();
    expect(await statusOf(order.id)).toBe(before);
    expect(before).not.toBe('declined');
    expect(await transferOf(database.db, order.id)).toMatchObject({ state: 'taken-over', lastError: null });
    expect((await boardView(order.id)).pos).toMatchObject({ state: 'taken-over', failure: null });
  });
});

describe('no sequence of faults, retries and webhooks', () => {
  type Step =
    | { kind: 'worker' }
    | { kind: 'settle' }
    | {
        kind: 'fail';
        operation: 'deliveries/cancel' | 'deliveries/by_id' | 'commands/status' | 'cancel_causes';
        fault: '500-before' | '500-after';
      };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { arbitrary: fc.constant({ kind: 'worker' as const }), weight: 3 },
    fc.constant({ kind: 'settle' as const }),
    fc.record({
      kind: fc.constant('fail' as const),
      operation: fc.constantFrom(
        'deliveries/cancel' as const,
        'deliveries/by_id' as const,
        'commands/status' as const,
        'cancel_causes' as const,
      ),
      fault: fc.constantFrom('500-before' as const, '500-after' as const),
    }),
  );

  it('cancels a declined order in iiko twice, or moves our order after the decline', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        fake.clearFaults();
        const order = await placeOnReceipt();
        const { externalOrderId: id } = await roundsUntil(order.id, 'created');
        await settled();
        const declined = await orderMove(app, operator, order.id, 'decline', { reason: 'other' });
        expect(declined.statusCode, declined.body.slice(0, 300)).toBe(200);
        const history = await historyOf(database.db, order.id);
        for (const s of steps) {
          if (s.kind === 'worker') {
            clock.advance(RETRY);
            await runTransfersOnce(app.pos);
          } else if (s.kind === 'settle') await settled();
          else fake.failNext(s.operation, s.fault);
        }
        // Then time (a fault still queued is spent by a round): the cancel converges.
        for (let round = 0; round < 8; round++) {
          await settled();
          if ((await transferOf(database.db, order.id))?.state === 'cancelled') break;
          clock.advance(RETRY);
          await runTransfersOnce(app.pos);
        }
        await settled();
        expect((await transferOf(database.db, order.id))?.state).toBe('cancelled');
        expect(cancelsOf(id).filter((c) => c.outcome === 'cancelled')).toHaveLength(1);
        expect(fake.delivery(id)?.status).toBe('Cancelled');
        expect(await statusOf(order.id)).toBe('declined');
        expect(await historyOf(database.db, order.id)).toEqual(history);
        fake.clearFaults();
      }),
      { numRuns: 10 },
    );
  });
});
