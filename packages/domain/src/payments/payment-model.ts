import type { Minor } from '../money/money.ts';

/**
 * Online payment (ORDERING.md 'Online payment', decision 22). An order's `paymentStatus` (orders/order-statuses.ts)
 * is what the customer and the kitchen read; each try at paying is a payment attempt with the provider, and
 * money that must go back is a refund. These vocabularies are shared by zod, Drizzle and the storefront.
 */

/**
 * One attempt at the provider. `creating`: written with the order (or the retry) before the provider was
 * asked, or asked with an unknown outcome (500, timeout): the sweeper asks again with the same idempotence
 * key and body. `pending`: the provider has it and waits for the customer. The provider's own final states
 * follow.
 */
export const PAYMENT_ATTEMPT_STATUSES = ['creating', 'pending', 'succeeded', 'canceled'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** A refund: `creating` until the provider has answered it, then its own states. */
export const REFUND_STATUSES = ['creating', 'pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Why money goes back. The first four are automatic (money that arrived for an order that keeps no more of
 * it); `declined` is the restaurant declining a paid order (decision 23), `partial` a partial refund by staff,
 * `full` staff giving a done order's whole payment back (decision 55).
 */
export const REFUND_REASONS = [
  'second-payment',
  'order-canceled',
  'pay-type-changed',
  'not-ours',
  'declined',
  'partial',
  'full',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The order payment statuses from which money arriving makes the order paid. */
export const PAYABLE_PAYMENT_STATUSES = ['pending', 'failed'] as const;

/**
 * YooKassa's `cancellation_details.reason` values (INTEGRATIONS.md); the demo engine declines with the same
 * codes, so the storefront shows one set of words whatever the engine.
 */
export const PAYMENT_CANCELLATION_REASONS = [
  '3d_secure_failed',
  'call_issuer',
  'card_expired',
  'payment_method_limit_exceeded',
  'payment_method_restricted',
  'country_forbidden',
  'general_decline',
  'fraud_suspected',
  'identification_required',
  'insufficient_funds',
  'invalid_card_number',
  'invalid_csc',
  'issuer_unavailable',
  'canceled_by_merchant',
  'permission_revoked',
  'internal_timeout',
  'expired_on_confirmation',
  'expired_on_capture',
] as const;
export type PaymentCancellationReason = (typeof PAYMENT_CANCELLATION_REASONS)[number];

/**
 * Ours, not YooKassa's (decision 55): the provider refused to create a payment of a method its shop has not
 * enabled (403 forbidden). Not among the reasons above, so the demo page does not offer it as a decline.
 */
export const METHOD_NOT_ENABLED = 'method_not_enabled';

/**
 * The shortest wait before an unpaid card-online order is cancelled: YooKassa keeps a payment page open for
 * an hour (`expired_on_confirmation`), so cancelling sooner would cancel orders being paid.
 */
export const PAYMENT_UNPAID_CANCEL_MINUTES_MIN = 60;

/** 54-FZ receipt (INTEGRATIONS.md 'Receipt'): what the provider prints and e-mails. */
export const RECEIPT_PAYMENT_SUBJECTS = ['commodity', 'service'] as const;
export type ReceiptPaymentSubject = (typeof RECEIPT_PAYMENT_SUBJECTS)[number];

/** VAT codes YooKassa knows (1: no VAT … 6: 20/120; 7–12 the 2025 rates). */
export const RECEIPT_VAT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type ReceiptVatCode = (typeof RECEIPT_VAT_CODES)[number];

export interface ReceiptItem {
  /** ≤ 128 characters. */
  description: string;
  /** Whole units (a dish count). */
  quantity: number;
  /** The price of one unit after its share of the discount. */
  unitPrice: Minor;
  vatCode: ReceiptVatCode;
  paymentSubject: ReceiptPaymentSubject;
  paymentMode: 'full_prepayment' | 'full_payment';
}

export interface PaymentReceipt {
  customer: { email: string | null; phone: string | null };
  /** Σ quantity × unitPrice equals the amount paid, exactly. */
  items: ReceiptItem[];
}

/** What a receipt is built from: the order's priced lines as stored at placement. */
export interface ReceiptSource {
  lines: { name: string; count: number; payableAmount: Minor }[];
  deliveryPrice: Minor;
  /** The words of the delivery item, in the brand's language, e.g. 'Доставка'. */
  deliveryName: string;
  email: string | null;
  phone: string | null;
  vatCode: ReceiptVatCode;
}
