import { describe, expect, it } from 'vitest';
import {
  acknowledgedOrdersExist,
  type ChaosFacts,
  checkAll,
  no5xxButKills,
  noPaidWithoutMoney,
  noSecondOrders,
  promoCodesNotOversold,
  providerMoneyAccounted,
} from './checks.ts';

/**
 * The chaos run's invariants on made-up records: a clean run counts zero everywhere, and each kind of damage
 * the run looks for is counted by its invariant.
 */

/** Anna (person 7) placed order 1 (paid, with the limited code) after a retry, and order 2 (unpaid). */
function clean(): ChaosFacts {
  return {
    database: {
      orders: [
        {
          id: 1,
          personId: 7,
          status: 'new',
          paymentStatus: 'paid',
          payable: 150_000,
          paidPaymentId: 11,
          promoCodeId: 5,
        },
        {
          id: 2,
          personId: 7,
          status: 'new',
          paymentStatus: 'pending',
          payable: 90_000,
          paidPaymentId: null,
          promoCodeId: null,
        },
      ],
      keys: [
        { personId: 7, key: 'k1', orderId: 1 },
        { personId: 7, key: 'k2', orderId: 2 },
      ],
      payments: [
        { id: 11, orderId: 1, providerPaymentId: 'p1', status: 'succeeded', amount: 150_000 },
        { id: 12, orderId: 1, providerPaymentId: 'p2', status: 'succeeded', amount: 150_000 },
        { id: 13, orderId: 2, providerPaymentId: 'p3', status: 'pending', amount: 90_000 },
      ],
      promoCodes: [
        { id: 5, code: 'CHAOS', totalLimit: 1, usedCount: 1, seededUsedCount: 0 },
        { id: 6, code: 'SOLDOUT', totalLimit: 100, usedCount: 100, seededUsedCount: 100 },
      ],
    },
    provider: [
      { id: 'p1', status: 'succeeded', amount: 150_000, refunded: 0, orderId: 1 },
      // Paid in a second tab: refunded in full.
      { id: 'p2', status: 'succeeded', amount: 150_000, refunded: 150_000, orderId: 1 },
      { id: 'p3', status: 'pending', amount: 90_000, refunded: 0, orderId: 2 },
    ],
    customers: [
      {
        name: 'anna',
        personId: 7,
        placements: [
          { key: 'k0', answers: [{ status: 409, code: 'order.price-changed' }] },
          { key: 'k1', answers: [{ status: null }, { status: 502 }, { status: 201, orderId: 1 }] },
          { key: 'k2', answers: [{ status: 201, orderId: 2 }] },
        ],
      },
    ],
    requests: [
      {
        method: 'POST',
        path: '/api/v1/persons/7/orders',
        client: 'anna',
        backend: 'a',
        incarnation: 1,
        startedAt: 1000,
        endedAt: 1500,
        status: 502,
        proxyError: 'upstream-reset',
      },
      {
        method: 'POST',
        path: '/api/v1/payments/yookassa/notifications',
        client: 'provider',
        backend: 'b',
        incarnation: 1,
        startedAt: 3000,
        endedAt: 3100,
        status: 503,
        code: 'payment.provider-unavailable',
      },
      {
        method: 'GET',
        path: '/api/v1/persons/7/orders/1',
        client: 'anna',
        backend: null,
        incarnation: null,
        startedAt: 1300,
        endedAt: 1300,
        status: 503,
        proxyError: 'no-backend',
      },
    ],
    kills: [{ backend: 'a', incarnation: 1, killedAt: 1200, goneAt: 1250, restartedAt: 4000 }],
  };
}

describe('the chaos invariants', () => {
  it('count zero on a clean run with retries, a refunded second payment and kill-interrupted 5xx', () => {
    expect(checkAll(clean()).map((r) => [r.id, r.count, r.examples])).toEqual([
      ['acknowledged', 0, []],
      ['no-second-order', 0, []],
      ['money-accounted', 0, []],
      ['paid-has-money', 0, []],
      ['promo-limit', 0, []],
      ['no-5xx', 0, []],
    ]);
  });

  it('an acknowledged order missing, another person’s, or two orders acknowledged for one key', () => {
    const missing = clean();
    missing.database.orders = missing.database.orders.filter((o) => o.id !== 2);
    expect(acknowledgedOrdersExist(missing).count).toBe(1);

    const foreign = clean();
    (foreign.database.orders[1] as { personId: number }).personId = 8;
    expect(acknowledgedOrdersExist(foreign).count).toBe(1);

    const twice = clean();
    twice.customers[0]?.placements[2]?.answers.push({ status: 201, orderId: 3 });
    expect(acknowledgedOrdersExist(twice).count).toBe(1);

    const unbound = clean();
    unbound.database.keys = unbound.database.keys.filter((k) => k.key !== 'k2');
    expect(acknowledgedOrdersExist(unbound).count).toBe(1);
  });

  it('a retry that made a second order: an order with no key, or a key the client never sent', () => {
    const extra = clean();
    extra.database.orders.push({ ...(extra.database.orders[1] as (typeof extra.database.orders)[0]), id: 3 });
    expect(noSecondOrders(extra).count).toBe(1);

    const strange = clean();
    strange.database.orders.push({
      ...(strange.database.orders[1] as (typeof strange.database.orders)[0]),
      id: 3,
    });
    strange.database.keys.push({ personId: 7, key: 'never-sent', orderId: 3 });
    expect(noSecondOrders(strange).examples[0]).toMatch(/never sent/);
  });

  it('money taken and neither kept by a paid order nor refunded; kept twice; another amount', () => {
    const kept = clean();
    (kept.provider[1] as { refunded: number }).refunded = 0;
    expect(providerMoneyAccounted(kept).count).toBe(1);

    const partly = clean();
    (partly.provider[1] as { refunded: number }).refunded = 100;
    expect(providerMoneyAccounted(partly).count).toBe(1);

    const orphan = clean();
    orphan.provider.push({ id: 'p9', status: 'succeeded', amount: 500, refunded: 0, orderId: 2 });
    expect(providerMoneyAccounted(orphan).count).toBe(1);

    const amount = clean();
    (amount.provider[0] as { amount: number }).amount = 149_900;
    expect(providerMoneyAccounted(amount).count).toBe(1);

    const unmarked = clean();
    (unmarked.database.orders[0] as { paymentStatus: string }).paymentStatus = 'pending';
    expect(providerMoneyAccounted(unmarked).count).toBe(1);
  });

  it('an order paid without money: no attempt, a payment the provider does not hold as succeeded', () => {
    const noAttempt = clean();
    (noAttempt.database.orders[0] as { paidPaymentId: number | null }).paidPaymentId = null;
    expect(noPaidWithoutMoney(noAttempt).count).toBe(1);

    const pending = clean();
    (pending.provider[0] as { status: string }).status = 'pending';
    expect(noPaidWithoutMoney(pending).count).toBe(1);

    const unknown = clean();
    unknown.provider = unknown.provider.filter((p) => p.id !== 'p1');
    expect(noPaidWithoutMoney(unknown).count).toBe(1);

    const foreign = clean();
    (foreign.database.orders[1] as { paymentStatus: string; paidPaymentId: number | null }).paymentStatus =
      'paid';
    (foreign.database.orders[1] as { paidPaymentId: number | null }).paidPaymentId = 11;
    expect(noPaidWithoutMoney(foreign).count).toBe(1);
  });

  it('a limited code held by more live orders than its limit, or a counter that disagrees', () => {
    const oversold = clean();
    (oversold.database.orders[1] as { promoCodeId: number | null }).promoCodeId = 5;
    (oversold.database.promoCodes[0] as { usedCount: number }).usedCount = 2;
    expect(promoCodesNotOversold(oversold).count).toBe(2);

    const leaked = clean();
    (leaked.database.orders[0] as { status: string }).status = 'canceled';
    expect(promoCodesNotOversold(leaked).count).toBe(1);
  });

  it('a 5xx the API answered, a reset of an instance nobody killed, or one outside the kill', () => {
    const api = clean();
    api.requests.push({ ...(api.requests[1] as (typeof api.requests)[0]), status: 500, code: 'internal' });
    expect(no5xxButKills(api).count).toBe(1);

    const undocumented = clean();
    (undocumented.requests[1] as { path: string }).path = '/api/v1/persons/7/orders/1/payment-check';
    expect(no5xxButKills(undocumented).count).toBe(1);

    // A customer's new payment attempt never answers 503: the provider's failure leaves it pending, no page.
    const attempt = clean();
    (attempt.requests[1] as { path: string }).path = '/api/v1/persons/7/orders/1/payments';
    expect(no5xxButKills(attempt).count).toBe(1);

    const otherInstance = clean();
    (otherInstance.requests[0] as { backend: string }).backend = 'b';
    expect(no5xxButKills(otherInstance).count).toBe(1);

    const later = clean();
    (later.requests[0] as { startedAt: number; endedAt: number }).startedAt = 2000;
    (later.requests[0] as { endedAt: number }).endedAt = 2100;
    expect(no5xxButKills(later).count).toBe(1);

    const afterRestart = clean();
    (afterRestart.requests[2] as { startedAt: number }).startedAt = 5000;
    expect(no5xxButKills(afterRestart).count).toBe(1);
  });
});
