import type { Minor, OnlinePayMethod, PayEngine, PaymentReceipt } from '@storefront/domain';

/**
 * One interface for every payment provider (decision 22), shaped by YooKassa and T-Bank
 * (INTEGRATIONS.md): create → redirect URL → event (status, amount, our order id) → verify by reading the
 * payment back. The payments module depends on this file only; adapters: `demo-gateway.ts` (the embedded
 * default, its books in PostgreSQL, its page served by the app) and `yookassa-gateway.ts` (HTTP).
 *
 * Every call names the shop: a restaurant's payConfig `cardOnline` value. Shops' secrets come from the
 * environment (PaymentsSettings), never from brand.json.
 */

export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: Minor;
  currency: string;
  /** Ours, as sent: { orderId, attempt } (strings). */
  metadata: Record<string, string>;
  /** The page the customer pays on (pending only). */
  confirmationUrl: string | null;
  /** canceled only: who and why (YooKassa's cancellation_details; the demo engine uses the same reasons). */
  cancellation: { party: string; reason: string } | null;
  /** A test shop's payment (YooKassa's `test`); the demo engine's are always test payments. */
  test: boolean;
  /** How it is paid, as the provider says (YooKassa's payment_method.type); null when it does not say. */
  method: OnlinePayMethod | null;
}

export interface CreatePaymentInput {
  shop: string;
  /**
   * Card, SBP or SberPay (decision 55): the provider's page offers only this one. The shop must have it
   * enabled, or the create is refused (YooKassa: 403 forbidden).
   */
  method: OnlinePayMethod;
  /** ≤ 64 of [0-9a-zA-Z+-_.]; the same key with the same body answers the same payment. */
  idempotenceKey: string;
  amount: Minor;
  currency: string;
  /** ≤ 128 characters, e.g. 'Заказ Б-042, Нори-Нори'. */
  description: string;
  /** Our return page; the provider appends nothing to it. */
  returnUrl: string;
  /** { orderId, attempt }: how a payment read back is matched to our order. */
  metadata: Record<string, string>;
  /** The 54-FZ receipt, or null when the shop does not send receipts through the provider. */
  receipt: PaymentReceipt | null;
}

export type ProviderRefundStatus = 'pending' | 'succeeded' | 'canceled';

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: ProviderRefundStatus;
  amount: Minor;
  currency: string;
}

export interface CreateRefundInput {
  shop: string;
  idempotenceKey: string;
  /** The provider's payment id. */
  paymentId: string;
  amount: Minor;
  currency: string;
  description: string;
  receipt: PaymentReceipt | null;
}

/** The 'settlement of prepayment' receipt due at handover when payment and handover are apart in time. */
export interface SettlementReceiptInput {
  shop: string;
  idempotenceKey: string;
  paymentId: string;
  amount: Minor;
  currency: string;
  receipt: PaymentReceipt;
}

/** What a notification says, before it is believed: only a hint to read the object back. */
export type NotificationHint =
  | { object: 'payment'; id: string; event: string }
  | { object: 'refund'; id: string; paymentId: string | null; event: string };

/**
 * A provider call that did not give a usable answer. `unknown-outcome`: 500, 202, a timeout or a dropped
 * connection: the call may have taken effect; repeat it with the same idempotence key and body, or read.
 * `rate-limited`: 429, with `retryAfterMs`. `refused`: a 4xx that repeating will not change (its `code`
 * and `description` from the provider). `not-found`: 404 for a read.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'unknown-outcome' | 'rate-limited' | 'refused' | 'not-found',
    message: string,
    readonly details: { status?: number; code?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  readonly engine: PayEngine;
  /** Whether the shop has its credentials here (YooKassa); the demo engine knows every shop. */
  knowsShop(shop: string): boolean;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(shop: string, paymentId: string): Promise<ProviderPayment>;
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  getRefund(shop: string, refundId: string): Promise<ProviderRefund>;
  sendSettlementReceipt(input: SettlementReceiptInput): Promise<void>;
  /** Reads a notification body into a hint; null when it is not one of this provider's notifications. */
  notificationHint(body: unknown): NotificationHint | null;
}

/** The engines' settings, read once from the environment (config.ts) and handed to the factory. */
export interface PaymentsSettings {
  /** YooKassa's API base, e.g. https://api.yookassa.ru/v3 (a fake's in tests). */
  yookassaUrl: string;
  /** shop name (a payConfig cardOnline value) → its credentials. */
  yookassaShops: Record<string, { shopId: string; secretKey: string }>;
  /** Addresses and CIDRs notifications may come from. */
  notificationSources: string[];
  timeoutMs: number;
  /** The VAT code of every receipt item (1 = no VAT). */
  vatCode: number;
  /** Whether receipts are sent with payments and refunds (the shop has 54-FZ receipts switched on). */
  receipts: boolean;
  /** Whether restaurants on the demo engine offer online payment in production. */
  demoAllowed: boolean;
  /** The storefront's public origin: our return page and the demo page are built on it. */
  publicUrl: string | null;
  /** The API's public base when it has an origin of its own (PUBLIC_API_BASE): the demo page is served there. */
  apiBase?: string;
  /** Minutes an unpaid card-online order waits for its money before it is cancelled (≥ 60). */
  unpaidCancelMinutes: number;
  /** How often the sweeper runs (ms); 0 turns it off (tests run it by hand). */
  sweepMs: number;
}
