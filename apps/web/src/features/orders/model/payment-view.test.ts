import type { Order } from '@storefront/domain/contracts';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../../test/fixtures/order-fixtures.ts';
import { awaitingPayment, paymentActionable, paymentScreen } from './payment-view.ts';

const online = (paymentStatus: Order['paymentStatus'], overrides: Partial<Order> = {}) => {
  const order = makeOrder({ payType: 'CARD_ONLINE', paymentStatus, ...overrides });
  return { ...order, payment: { ...order.payment, status: paymentStatus } };
};
const canceledBy = (by: string) => ({
  status: 'canceled' as const,
  history: [{ status: 'canceled' as const, at: '2026-11-24T10:00:00Z', by }],
});

describe('payment screen', () => {
  it('names each payment status of a live order', () => {
    expect(paymentScreen(online('pending'))).toBe('waiting');
    expect(paymentScreen(online('paid'))).toBe('paid');
    expect(paymentScreen(online('failed'))).toBe('failed');
    expect(paymentScreen(online('refund_pending'))).toBe('refund-pending');
    expect(paymentScreen(online('refunded'))).toBe('refunded');
    expect(paymentScreen(makeOrder())).toBe('on-receipt');
  });

  it('tells an order the system cancelled for want of money from one the customer cancelled', () => {
    expect(paymentScreen(online('failed', canceledBy('system')))).toBe('canceled-unpaid');
    expect(paymentScreen(online('pending', canceledBy('system')))).toBe('canceled-unpaid');
    expect(paymentScreen(online('pending', canceledBy('customer')))).toBe('over');
    // Money that came anyway shows as the refund it became.
    expect(paymentScreen(online('refunded', canceledBy('system')))).toBe('refunded');
    expect(paymentScreen(online('refund_pending', { status: 'declined' }))).toBe('refund-pending');
  });

  it('waits and acts only while a live order is unpaid', () => {
    expect(awaitingPayment(online('pending'))).toBe(true);
    expect(awaitingPayment(online('failed'))).toBe(false);
    expect(awaitingPayment(online('pending', canceledBy('system')))).toBe(false);
    expect(paymentActionable(online('failed'))).toBe(true);
    expect(paymentActionable(online('pending'))).toBe(true);
    expect(paymentActionable(online('paid'))).toBe(false);
    expect(paymentActionable(online('failed', canceledBy('customer')))).toBe(false);
  });
});
