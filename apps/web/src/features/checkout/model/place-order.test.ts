import type { PlaceOrderRequest } from '@storefront/domain/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refusedPreflight } from '../../../entities/orders/order-client.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { makeOrder } from '../../../test/fixtures/order-fixtures.ts';
import { afterPlacement, bodyFingerprint, NETWORK_RETRIES, placeOrder } from './place-order.ts';

const body = { restoId: 1, quote: 'q' } as unknown as PlaceOrderRequest;
const json = (value: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function stub(answers: (() => Response)[]) {
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    }),
  );
  return keys;
}

describe('placing an order', () => {
  // The waits between tries run on fake timers: each step of the schedule is checked, and no test waits.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries a network failure with the same key, backing off', async () => {
    const fail = () => {
      throw new TypeError('Failed to fetch');
    };
    const keys = stub([fail, fail, () => json(makeOrder(), 201)]);
    const placed = placeOrder(5, body, 'key-00000001');
    await vi.advanceTimersByTimeAsync(999);
    expect(keys).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(keys).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(keys).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(placed).resolves.toMatchObject({ id: 77 });
    expect(keys).toEqual(['key-00000001', 'key-00000001', 'key-00000001']);
  });

  it('gives up after a few network failures, as a wrapped network error', async () => {
    const keys = stub([]);
    const startedAt = Date.now();
    const failed = placeOrder(5, body, 'key-00000001').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await failed;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).network).toBe(true);
    expect(keys).toHaveLength(NETWORK_RETRIES + 1);
    // 1 s, 2 s, 4 s between the tries.
    expect(Date.now() - startedAt).toBe(7000);
  });

  it('waits out 409 idempotency.in-progress for its Retry-After', async () => {
    const keys = stub([
      () =>
        json({ errors: [{ code: 'idempotency.in-progress', message: '…' }] }, 409, { 'retry-after': '2' }),
      () => json(makeOrder(), 201),
    ]);
    const placed = placeOrder(5, body, 'key-00000002');
    await vi.advanceTimersByTimeAsync(1999);
    expect(keys).toEqual(['key-00000002']);
    await vi.advanceTimersByTimeAsync(1);
    await placed;
    expect(keys).toEqual(['key-00000002', 'key-00000002']);
  });

  it('hands a price change to the customer with the new pricing, code, status and data', async () => {
    stub([
      () =>
        json(
          {
            errors: [{ code: 'order.price-changed', message: 'Цена изменилась' }],
            preflight: { quote: 'q2' },
          },
          409,
        ),
    ]);
    const error = (await placeOrder(5, body, 'key-00000003').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'order.price-changed', status: 409, message: 'Цена изменилась' });
    expect(refusedPreflight(error)).toEqual({ quote: 'q2' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fingerprints equal bodies alike and different bodies apart', () => {
    expect(bodyFingerprint({ a: 1 })).toBe(bodyFingerprint({ a: 1 }));
    expect(bodyFingerprint({ a: 1 })).not.toBe(bodyFingerprint({ a: 2 }));
  });
});

describe('after placement', () => {
  const online = (status: 'pending' | 'paid' | 'failed', confirmationUrl: string | null) => {
    const order = makeOrder({ payType: 'CARD_ONLINE', paymentStatus: status });
    return { ...order, payment: { ...order.payment, status, attempt: 1, confirmationUrl } };
  };

  it('leaves for the provider’s page of a pending online payment, else opens a page of ours', () => {
    expect(afterPlacement(online('pending', 'https://pay.example/1'))).toEqual({
      leave: true,
      url: 'https://pay.example/1',
    });
    expect(afterPlacement(online('pending', null))).toEqual({ leave: false, path: '/orders/77/payment' });
    expect(afterPlacement(online('paid', null))).toEqual({ leave: false, path: '/orders/77/payment' });
    expect(afterPlacement(makeOrder())).toEqual({ leave: false, path: '/orders/77' });
  });
});
