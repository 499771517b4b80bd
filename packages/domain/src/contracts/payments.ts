import { z } from 'zod';
import { PAY_ENGINES } from '../methods/methods.ts';
import { PAYMENT_STATUSES } from '../orders/order-statuses.ts';
import { REFUND_REASONS, REFUND_STATUSES } from '../payments/payment-model.ts';
import { onlineMethod } from './bonus.ts';
import { idParam, minorAmount, paymentMethod } from './common.ts';

/**
 * Online payment of an order (decision 22). The order's answer carries `payment`; the customer
 * starts a new attempt, switches to payment on receipt, or asks the server to read the provider now (the
 * return page). Providers post their notifications to /api/v1/payments/{engine}/notifications.
 */

export const payEngine = z.enum(PAY_ENGINES);

export const orderRefund = z.object({
  amount: minorAmount,
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(REFUND_REASONS),
  /** What happened, in the customer's language, e.g. 'Оплата пришла после отмены заказа, деньги возвращены'. */
  message: z.string(),
  createdAt: z.string(),
});

export const orderPayment = z.object({
  /** The same as the order's `paymentStatus`. */
  status: z.enum(PAYMENT_STATUSES),
  /** The current attempt's number (1, 2, …); 0 when the order is paid on receipt and never had one. */
  attempt: z.number().int().nonnegative(),
  /**
   * Where to send the customer to pay the current attempt: set while it waits at the provider; null when
   * paid, failed, not started yet (the provider did not answer: check again or retry) or paid on receipt.
   */
  confirmationUrl: z.string().nullable(),
  /** Why the current attempt failed, in the customer's language (the provider's reason in words). */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Until when an unpaid order waits for its money before it is cancelled; null when not waiting. */
  payUntil: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** A new attempt may be started (POST …/payments). */
  canRetry: z.boolean(),
  /** The pay types on receipt this order may switch to (POST …/pay-type); empty when none. */
  canSwitchTo: z.array(paymentMethod),
  /** The current attempt's method: card, SBP or SberPay; null when paid on receipt. */
  method: onlineMethod.nullable(),
  /** The methods a new attempt may use (the restaurant's shop's). */
  methods: z.array(onlineMethod),
  /** Money that went back, newest first: a declined order, or money that arrived when none was due. */
  refunds: z.array(orderRefund),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** POST /api/v1/persons/{personId}/orders/{orderId}/payments: a new attempt after the numbered one failed. */
export const newPaymentAttemptRequest = z.object({
  /**
   * The attempt the customer saw fail or walk away from. Only that attempt is replaced: a double click or a
   * second tab sending the same number gets the attempt the first one started, never a third.
   */
  replacesAttempt: z.number().int().min(0).max(1000),
  /** Card, SBP or SberPay for the new attempt, one the restaurant offers (absent: the failed attempt's). */
  onlineMethod: onlineMethod.optional(),
});

/** POST /api/v1/persons/{personId}/orders/{orderId}/pay-type: pay on receipt instead of online. */
export const changePayTypeRequest = z.object({
  payType: z.enum(['CARD_UPON_RECEIPT', 'CASH_UPON_RECEIPT']),
});

export const paymentEngineParams = z.object({ engine: z.string().max(32) });
export const demoPaymentParams = z.object({ paymentId: z.string().min(1).max(64) });
export const orderPaymentParams = z.object({ personId: idParam, orderId: idParam });

/** What the notification endpoints answer once a notification is handled (so it is not redelivered). */
export const notificationAccepted = z.object({ ok: z.literal(true) });
