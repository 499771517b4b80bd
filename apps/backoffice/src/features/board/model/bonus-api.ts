import type { BoardOrder, BonusHistoryEntry } from '@storefront/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** GET /api/v1/staff/orders/{orderId}/bonus (contracts/bonus.ts staffBonusResponse): the customer's points. */
export interface StaffBonus {
  enabled: boolean;
  personId: number;
  balance: number;
  /** Newest first. */
  history: BonusHistoryEntry[];
  /** Whether this account may adjust the points (managers and owners). */
  canAdjust: boolean;
}

/** POST …/refunds' answer (staffRefundResponse). */
export interface StaffRefund {
  refundId: number;
  amount: number;
  /** Money of the payment not refunded yet, this refund counted. */
  refundable: number;
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Read when the card's points are opened, not for every card on the board: a busy evening has dozens. */
export const staffBonusQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['staff-order-bonus', orderId],
    queryFn: () => staffFetch<StaffBonus>(`/api/v1/staff/orders/${orderId}/bonus`),
    staleTime: 30_000,
  });

/** ± whole points (minor units) with a reason; the answer is not relied on: the points are read again. */
export const adjustCustomerBonus = (orderId: number, amount: number, reason: string) =>
  staffFetch<unknown>(`/api/v1/staff/orders/${orderId}/bonus-adjustments`, post({ amount, reason }));

export const refundOrder = (orderId: number, amount: number) =>
  staffFetch<StaffRefund>(`/api/v1/staff/orders/${orderId}/refunds`, post({ amount }));

/**
 * What of a done order's online payment may still go back: what was paid less the staff's partial refunds that
 * did not fail. The automatic refunds are of money that was never the order's (a second payment, a late one).
 */
export function refundableOf(order: BoardOrder): number {
  const refunded = order.payment.refunds
    .filter((refund) => refund.reason === 'partial' && refund.status !== 'canceled')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, order.payable - refunded);
}

/** A done order paid online, with money left to give back. */
export function mayRefund(order: BoardOrder): boolean {
  return (
    order.status === 'done' &&
    order.payType === 'CARD_ONLINE' &&
    order.payment.paidAt !== null &&
    refundableOf(order) > 0
  );
}

/** Roubles typed with at most two decimals ('1 250,50') as kopecks; null when not such a number. */
export function kopecksOf(text: string): number | null {
  const value = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/** Whole points typed ('1 000'); null when not a positive whole number. */
export function pointsOf(text: string): number | null {
  const value = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,7}$/.test(value)) return null;
  const points = Number(value);
  return points > 0 ? points : null;
}
