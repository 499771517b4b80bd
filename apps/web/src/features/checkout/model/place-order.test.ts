import type { PlaceOrderRequest } from '@storefront/domain/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

const sleep = vi.fn(async (_ms: number) => {});

describe('placing an order', () => {
  beforeEach(() => sleep.mockClear());

  it('retries a network failure with the same key, backing off', async () => {
    const fail = () => {
      throw new TypeError('Failed to fetch');
    };
    const keys = stub([fail, fail, () => json(makeOrder(), 201)]);
    await expect(placeOrder(5, body, 'key-00000001', sleep)).resolves.toMatchObject({ id: 77 });
    expect(keys).toEqual(['key-00000001', 'key-00000001', 'key-00000001']);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
  });

  it('gives up after a few network failures, as a wrapped network error', async () => {
    stub([]);
    const error = await placeOrder(5, body, 'key-00000001', sleep).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).network).toBe(true);
    expect(sleep).toHaveBeenCalledTimes(NETWORK_RETRIES);
  });

  it('waits out 409 idempotency.in-progress for its Retry-After', async () => {
    const keys = stub([
      () =>
        json({ errors: [{ code: 'idempotency.in-progress', message: '…' }] }, 409, { 'retry-after': '2' }),
      () => json(makeOrder(), 201),
    ]);
    await placeOrder(5, body, 'key-00000002', sleep);
    expect(sleep.mock.calls).toEqual([[2000]]);
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
    const error = (await placeOrder(5, body, 'key-00000003', sleep).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'order.price-changed', status: 409, message: 'Цена изменилась' });
    expect(refusedPreflight(error)).toEqual({ quote: 'q2' });
    expect(sleep).not.toHaveBeenCalled();
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
