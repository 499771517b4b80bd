import { minor } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_IIKO_API_LOGIN, FAKE_IIKO_DEMO, type FakeIiko, startFakeIiko } from '../../test/fakes/iiko.ts';
import { iikoPosAdapter } from './iiko-pos-adapter.ts';
import { type PosAdapter, type PosDeliveryOrder, PosError } from './pos-adapter.ts';

/**
 * The iiko adapter's cancel against the fake iiko: the causes listed, deliveries/cancel's body (the cause only
 * when given), a command followed by commands/status, the Cancelled status with its cause afterwards; a closed
 * order's refusal (iiko's 400) is 'rejected', a cancel of an order already cancelled is harmless.
 */
const D = FAKE_IIKO_DEMO;
const silent = {
  level: 'silent',
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  silent: () => {},
  child: () => silent,
} as unknown as FastifyBaseLogger;
let fake: FakeIiko;
let adapter: PosAdapter;

beforeAll(async () => {
  fake = await startFakeIiko({ creationDelayMs: 0 });
  adapter = iikoPosAdapter({
    baseUrl: fake.url,
    apiLogin: FAKE_IIKO_API_LOGIN,
    timeoutMs: 2000,
    log: silent,
  });
});
afterAll(async () => {
  await fake.close();
});

let count = 0;
async function made(): Promise<string> {
  count += 1;
  const order: PosDeliveryOrder = {
    organizationId: D.organizationId,
    terminalGroupId: D.terminalGroupId,
    id: `0c000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
    externalNumber: `К-${count}`,
    completeBefore: null,
    phone: '+79123456789',
    method: 'take-away',
    address: null,
    customerName: 'Анна',
    guests: 1,
    items: [
      {
        productId: D.products.california,
        sizeId: null,
        amount: 1,
        price: minor(39000),
        modifiers: [],
        comment: null,
      },
    ],
    payments: [
      { paymentTypeId: D.paymentTypes.cash, kind: 'Cash', sum: minor(39000), processedExternally: false },
    ],
    comment: null,
  };
  await adapter.createDelivery(order);
  fake.completeCreation(order.id);
  return order.id;
}

const lastBody = (path: string) =>
  JSON.parse(fake.requests.filter((r) => r.path === path).at(-1)?.body ?? 'null') as Record<string, unknown>;

describe('cancelling a delivery', () => {
  it('lists the organization’s causes, deleted ones marked', async () => {
    expect(await adapter.cancelCauses(D.organizationId)).toEqual([
      { id: D.cashierErrorCauseId, name: 'Ошибка кассира', deleted: false },
      { id: D.cancelCauseId, name: 'Отказ гостя', deleted: false },
      { id: D.deletedCauseId, name: 'Отменён на сайте', deleted: true },
    ]);
    expect(lastBody('cancel_causes')).toEqual({ organizationIds: [D.organizationId] });
  });

  it('sends the order and its cause, answers the command, which commands/status then settles; iiko says Cancelled', async () => {
    const id = await made();
    const sent = await adapter.cancelDelivery(D.organizationId, id, D.cancelCauseId);
    expect(sent).toMatchObject({ status: 'InProgress', failure: null });
    expect(sent.correlationId).not.toBe('');
    expect(lastBody('deliveries/cancel')).toEqual({
      organizationId: D.organizationId,
      orderId: id,
      cancelCauseId: D.cancelCauseId,
    });
    expect((await adapter.commandStatus(D.organizationId, sent.correlationId)).status).toBe('Success');
    const [state] = await adapter.ordersById(D.organizationId, [id]);
    expect(state).toMatchObject({ status: 'Cancelled', cancelCause: 'Отказ гостя' });
  });

  it('goes without a cause when given none; a second cancel of a cancelled order changes nothing', async () => {
    const id = await made();
    await adapter.cancelDelivery(D.organizationId, id, null);
    expect(lastBody('deliveries/cancel')).toEqual({ organizationId: D.organizationId, orderId: id });
    await adapter.cancelDelivery(D.organizationId, id, D.cancelCauseId);
    expect(
      fake
        .cancellations()
        .filter((c) => c.orderId === id)
        .map((c) => c.outcome),
    ).toEqual(['cancelled', 'already']);
    expect(fake.delivery(id)?.status).toBe('Cancelled');
  });

  it('is rejected for an order iiko closed (its 400), not-found for one iiko does not have', async () => {
    const id = await made();
    fake.setOrderStatus(id, 'Closed');
    const refused = await adapter.cancelDelivery(D.organizationId, id, null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PosError);
    expect((refused as PosError).failure).toBe('rejected');
    expect(fake.delivery(id)?.status).toBe('Closed');
    const unknown = await adapter
      .cancelDelivery(D.organizationId, '0c000000-0000-4000-8000-999999999999', null)
      .catch((error: unknown) => error);
    expect((unknown as PosError).failure).toBe('not-found');
  });
});
