import {
  canMoveOrder,
  IIKO_DELIVERY_STATUSES,
  type OrderStatus,
  orderStatusOfPos,
  posLaneRank,
} from '@storefront/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorefrontApp } from '../../app.ts';
import { posOrganizations } from '../../db/schema.ts';
import { testClock } from '../../test/auth-test-kit.ts';
import { errorCode } from '../../test/board-kit.ts';
import { type FakeIiko, type FakeIikoDeliveryStatus, startFakeIiko } from '../../test/fakes/iiko.ts';
import { newPerson, orderBody, type Person, place } from '../../test/orders-kit.ts';
import { demoForm, demoIdOf, eventsOf, placeOnline, readOrderAs } from '../../test/payments-kit.ts';
import {
  historyOf,
  iikoEnv,
  linkResto1,
  ORG,
  posLogOf,
  registerWebhook,
  TERMINAL,
  transferOf,
  WEBHOOK_TOKEN,
} from '../../test/pos-order-kit.ts';
import { DAY, line } from '../../test/preflight-kit.ts';
import { createTestApp, type TestDatabase } from '../../test/test-app.ts';
import { runTransfersOnce } from './order-transfer.ts';
import { pollStatusesOnce } from './status-poll.ts';

/**
 * iiko's statuses back into our orders, against the fake iiko: its webhooks reach the app over HTTP (the app
 * listens on 127.0.0.1) with the registered token; duplicates and reordering move the order forward only; a
 * cancel declines and refunds; the poll by revision catches up when webhooks do not arrive; and a property:
 * no sequence of retries, failures and webhooks makes a second iiko order or moves an order back.
 */
let app: StorefrontApp;
let database: TestDatabase;
let close: () => Promise<void>;
let fake: FakeIiko;
let anna: Person;
let webhookUri: string;
const clock = testClock(DAY);
const RETRY = 5 * 60;

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: null, transportTimeoutMs: 20 });
  ({ app, database, close } = await createTestApp({ now: clock.now, env: iikoEnv(fake) }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  webhookUri = `${address}/api/v1/pos/iiko/webhook`;
  anna = await newPerson(app, database.db);
  await linkResto1(database.db, new Date(DAY - 60 * 60_000));
  await registerWebhook(app, webhookUri);
});
afterAll(async () => {
  await close();
  await fake.close();
});

async function placeOnReceipt(positions = [line(1, 1)]) {
  const response = await place(app, anna, await orderBody(app, anna, { positions }));
  expect(response.statusCode, response.body.slice(0, 400)).toBe(201);
  return response.json() as { id: number; number: string };
}

const statusOf = async (orderId: number) => (await readOrderAs(app, anna, orderId)).status;
const settled = () => fake.webhooksSettled();

/** The worker's rounds until iiko has the order; answers its iiko id. */
async function sendToIiko(orderId: number): Promise<string> {
  for (let round = 0; round < 6; round++) {
    await runTransfersOnce(app.pos);
    if ((await transferOf(database.db, orderId))?.state === 'created') break;
    clock.advance(RETRY);
  }
  const transfer = await transferOf(database.db, orderId);
  expect(transfer?.state).toBe('created');
  await settled();
  return transfer?.externalOrderId as string;
}

const webhook = (authorization: string | undefined, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/pos/iiko/webhook',
    headers: authorization === undefined ? {} : { authorization },
    payload: body as Record<string, unknown>,
  });

describe('the webhook', () => {
  it('refuses a call without the registered token, or with another: 401 pos.webhook-unauthorized, nothing done', async () => {
    const order = await placeOnReceipt();
    const id = await sendToIiko(order.id);
    const before = await historyOf(database.db, order.id);
    const [org] = await database.db
      .select()
      .from(posOrganizations)
      .where(eq(posOrganizations.organizationId, ORG));
    const body = [
      {
        eventType: 'DeliveryOrderUpdate',
        eventTime: '2026-11-25 12:00:00.000',
        organizationId: ORG,
        correlationId: '00000000-0000-4000-8000-000000000000',
        eventInfo: { id, organizationId: ORG, creationStatus: 'Success', order: { status: 'Closed' } },
      },
    ];
    for (const authorization of [undefined, '', 'wrong-token', `Bearer ${WEBHOOK_TOKEN}x`]) {
      const refused = await webhook(authorization, body);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(errorCode(refused)).toBe('pos.webhook-unauthorized');
    }
    // Another organization's event in the same call: the whole call is refused.
    const mixed = await webhook(WEBHOOK_TOKEN, [...body, { ...body[0], organizationId: 'not-ours' }]);
    expect(mixed.statusCode).toBe(401);
    expect(await historyOf(database.db, order.id)).toEqual(before);
    const [after] = await database.db
      .select()
      .from(posOrganizations)
      .where(eq(posOrganizations.organizationId, ORG));
    expect(after?.lastWebhookAt).toEqual(org?.lastWebhookAt);
    expect((await webhook(WEBHOOK_TOKEN, [])).statusCode).toBe(400);
  });

  it('moves the order along iiko’s statuses, duplicated and out of order, forward only, by “pos”', async () => {
    const order = await placeOnReceipt();
    const id = await sendToIiko(order.id);
    // Created in iiko (Unconfirmed): accepted.
    expect(await statusOf(order.id)).toBe('accepted');

    fake.setOrderStatus(id, 'CookingStarted');
    await settled();
    fake.setOrderStatus(id, 'WaitCooking'); // behind: ignored
    fake.resendOrder(id); // a duplicate
    await settled();
    expect(await statusOf(order.id)).toBe('cooking');

    // Sent together: they may arrive in either order; the order ends done, through ready.
    fake.setOrderStatus(id, 'Waiting');
    fake.setOrderStatus(id, 'Closed');
    fake.resendOrder(id);
    await settled();
    const order2 = await readOrderAs(app, anna, order.id);
    expect(order2.status).toBe('done');
    expect((await historyOf(database.db, order.id)).map((h) => `${h.status} ${h.by}`)).toEqual([
      'new customer',
      'accepted pos',
      'cooking pos',
      'ready pos',
      'done pos',
    ]);
    expect(await eventsOf(database.db, order.id)).toEqual([
      'placed',
      'pos-created',
      'accepted',
      'cooking',
      'ready',
      'done',
    ]);
    const statusLog = (await posLogOf(database.db, order.id)).filter((l) => l.kind === 'status');
    expect(statusLog.map((l) => l.summary.to)).toEqual(['accepted', 'cooking', 'ready', 'done']);
    expect((await transferOf(database.db, order.id))?.externalStatus).toBe('Closed');
    const [org] = await database.db
      .select()
      .from(posOrganizations)
      .where(eq(posOrganizations.organizationId, ORG));
    expect(org?.lastWebhookAt?.getTime()).toBe(clock.now());
  });

  it('a cancel in iiko declines the order with iiko’s cause in the customer’s view, and refunds an online payment', async () => {
    const placed = await placeOnline(app, anna);
    expect(
      (await demoForm(app, demoIdOf(placed.payment.confirmationUrl), { action: 'pay' })).statusCode,
    ).toBe(303);
    const id = await sendToIiko(placed.id);
    expect(await statusOf(placed.id)).toBe('accepted');

    fake.cancelOrder(id, 'Гость отказался');
    fake.resendOrder(id);
    await settled();
    const declined = await readOrderAs(app, anna, placed.id);
    expect(declined.status).toBe('declined');
    expect(['refund_pending', 'refunded']).toContain(declined.paymentStatus);
    expect(declined.payment.refunds).toHaveLength(1);
    expect(declined.payment.refunds[0]?.amount).toBe(placed.payable);
    const body = (await readOrderAs(app, anna, placed.id, 'en')) as unknown as {
      declineReason: { code: string; message: string; cause?: string };
    };
    expect(body.declineReason).toMatchObject({ code: 'other', cause: 'Гость отказался' });
    expect((await transferOf(database.db, placed.id))?.cancelCause).toBe('Гость отказался');
    const kinds = await eventsOf(database.db, placed.id);
    expect(kinds.filter((k) => k === 'declined')).toHaveLength(1);
    expect(kinds).toContain('refund');
  });

  it('a cancel once cooking began leaves the order to staff, said in the POS log', async () => {
    const order = await placeOnReceipt();
    const id = await sendToIiko(order.id);
    fake.setOrderStatus(id, 'CookingStarted');
    await settled();
    fake.cancelOrder(id, 'Ошибка кассира');
    await settled();
    expect(await statusOf(order.id)).toBe('cooking');
    const late = (await posLogOf(database.db, order.id)).filter((l) => l.error === 'pos.cancelled-late');
    expect(late).toHaveLength(1);
    // Flagged on the board's order with iiko's cause, nothing to take over (iiko has it).
    const transfer = await transferOf(database.db, order.id);
    expect(transfer).toMatchObject({
      state: 'created',
      lastError: 'pos.cancelled-late',
      lastErrorText: 'Ошибка кассира',
    });
    expect((await eventsOf(database.db, order.id)).at(-1)).toBe('pos-failed');
  });
});

describe('an error iiko sends again', () => {
  it('neither logs again nor puts the retry further off', async () => {
    fake.setTerminalAlive(TERMINAL, false);
    try {
      const order = await placeOnReceipt();
      await runTransfersOnce(app.pos);
      const id = (await transferOf(database.db, order.id))?.externalOrderId as string;
      // The terminal does not take it: iiko's DeliveryOrderError flags it.
      await expect.poll(async () => (await transferOf(database.db, order.id))?.state).toBe('failed');
      await settled();
      const flagged = await transferOf(database.db, order.id);
      expect(flagged?.lastError).toBe('pos.terminal-offline');
      const failures = (await posLogOf(database.db, order.id)).filter((l) => !l.ok).length;
      fake.resendOrder(id);
      fake.resendOrder(id);
      await settled();
      expect((await transferOf(database.db, order.id))?.nextAttemptAt).toEqual(flagged?.nextAttemptAt);
      expect((await posLogOf(database.db, order.id)).filter((l) => !l.ok)).toHaveLength(failures);
    } finally {
      fake.setTerminalAlive(TERMINAL, true);
    }
  });
});

describe('the poll by revision', () => {
  it('catches up with iiko while webhooks do not arrive, and keeps the revision', async () => {
    await registerWebhook(app, null);
    try {
      const order = await placeOnReceipt();
      await sendToIiko(order.id);
      const id = (await transferOf(database.db, order.id))?.externalOrderId as string;
      expect(await statusOf(order.id)).toBe('new');
      fake.setOrderStatus(id, 'CookingCompleted');
      await settled();
      expect(await statusOf(order.id)).toBe('new');

      expect(await pollStatusesOnce(app.pos)).toBeGreaterThan(0);
      expect(await statusOf(order.id)).toBe('cooking');
      const [org] = await database.db
        .select()
        .from(posOrganizations)
        .where(eq(posOrganizations.organizationId, ORG));
      expect(org?.deliveriesRevision).toBeGreaterThan(0);
      // Nothing new: the next poll reads nothing and changes nothing.
      expect(await pollStatusesOnce(app.pos)).toBe(0);
      expect((await historyOf(database.db, order.id)).map((h) => h.status)).toEqual([
        'new',
        'accepted',
        'cooking',
      ]);
    } finally {
      await registerWebhook(app, webhookUri);
    }
  });
});

describe('no sequence of retries, failures and webhooks', () => {
  type Action =
    | { kind: 'worker' }
    | {
        kind: 'fail';
        operation: 'deliveries/create' | 'deliveries/by_id' | 'commands/status';
        fault: '500-before' | '500-after';
      }
    | { kind: 'terminal'; alive: boolean }
    | { kind: 'status'; status: FakeIikoDeliveryStatus }
    | { kind: 'resend' }
    | { kind: 'poll' }
    | { kind: 'settle' };
  const STATUSES = IIKO_DELIVERY_STATUSES.filter((s) => s !== 'Cancelled') as FakeIikoDeliveryStatus[];
  const action: fc.Arbitrary<Action> = fc.oneof(
    { arbitrary: fc.constant({ kind: 'worker' as const }), weight: 4 },
    fc.record({
      kind: fc.constant('fail' as const),
      operation: fc.constantFrom(
        'deliveries/create' as const,
        'deliveries/by_id' as const,
        'commands/status' as const,
      ),
      fault: fc.constantFrom('500-before' as const, '500-after' as const),
    }),
    fc.record({ kind: fc.constant('terminal' as const), alive: fc.boolean() }),
    {
      arbitrary: fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(...STATUSES) }),
      weight: 3,
    },
    fc.constant({ kind: 'resend' as const }),
    fc.constant({ kind: 'poll' as const }),
    fc.constant({ kind: 'settle' as const }),
  );

  it('makes two iiko orders for one of ours or moves our order back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const order = await placeOnReceipt();
        let reached = posLaneRank('new');
        for (const step of actions) {
          const transfer = await transferOf(database.db, order.id);
          const made = transfer ? fake.delivery(transfer.externalOrderId) : undefined;
          if (step.kind === 'worker') {
            clock.advance(RETRY);
            await runTransfersOnce(app.pos);
          } else if (step.kind === 'fail') fake.failNext(step.operation, step.fault);
          else if (step.kind === 'terminal') fake.setTerminalAlive(TERMINAL, step.alive);
          else if (step.kind === 'status' && made?.creationStatus === 'Success') {
            fake.setOrderStatus(made.id, step.status);
            reached = Math.max(
              reached,
              posLaneRank(orderStatusOfPos(step.status, 'TAKE_AWAY') as OrderStatus),
            );
          } else if (step.kind === 'resend' && made) fake.resendOrder(made.id);
          else if (step.kind === 'poll') await pollStatusesOnce(app.pos);
          else if (step.kind === 'settle') await settled();
        }
        // Then the terminal back and time (a fault still queued is spent by a round): everything converges.
        fake.setTerminalAlive(TERMINAL, true);
        for (let round = 0; round < 10; round++) {
          await settled();
          if ((await transferOf(database.db, order.id))?.state === 'created') break;
          clock.advance(RETRY);
          await runTransfersOnce(app.pos);
        }
        await settled();
        await pollStatusesOnce(app.pos);

        const transfer = await transferOf(database.db, order.id);
        expect(transfer?.state).toBe('created');
        const id = transfer?.externalOrderId as string;
        // One iiko order: every create named the same id, and iiko holds one order of this number.
        const creates = fake.requests.filter(
          (r) => r.path === 'deliveries/create' && r.body.includes(`"externalNumber":"${order.number}"`),
        );
        for (const create of creates)
          expect((JSON.parse(create.body) as { order: { id: string } }).order.id).toBe(id);
        const ours = fake
          .deliveries()
          .filter((d) => (d.body.order as { externalNumber?: string }).externalNumber === order.number);
        expect(ours.map((d) => d.id)).toEqual([id]);
        expect(ours[0]?.creationStatus).toBe('Success');
        // Never back, never past a step; and as far as iiko went (created = at least accepted).
        const history = (await historyOf(database.db, order.id)).map((h) => h.status as OrderStatus);
        for (let i = 1; i < history.length; i++) {
          expect(canMoveOrder(history[i - 1] as OrderStatus, history[i] as OrderStatus)).toBe(true);
          expect(posLaneRank(history[i] as OrderStatus)).toBeGreaterThan(
            posLaneRank(history[i - 1] as OrderStatus),
          );
        }
        expect(posLaneRank(history.at(-1) as OrderStatus)).toBe(Math.max(reached, posLaneRank('accepted')));
      }),
      { numRuns: 12 },
    );
  });
});
