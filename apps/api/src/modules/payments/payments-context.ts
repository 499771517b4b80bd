import type { Locale, PayEngine, RefundReason } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestLimits } from '../../core/request-limits.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentGateway, PaymentsSettings } from '../../integrations/payments/payment-gateway.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';

/** What every part of the payments module works with: one per app. */
export interface PaymentsContext {
  db: Database;
  /** The brand this instance serves: its background work (the sweeper) touches this brand's orders only. */
  whiteLabel: string;
  /** Payment attempts per order (attemptsPerOrder in attemptWindowMs). */
  limits: Pick<RequestLimits, 'attemptsPerOrder' | 'attemptWindowMs'>;
  gateways: Map<PayEngine, PaymentGateway>;
  settings: PaymentsSettings;
  log: FastifyBaseLogger;
  now: () => number;
  /** The brand's first language: receipts and payment descriptions are written in it. */
  brandLocale: Locale;
  catalog: () => CatalogSnapshot;
}

/** The wait before the sweeper asks the provider again: 10 s doubling with each ask, at most 10 minutes. */
export const nextCheckDelayMs = (checks: number) => Math.min(10_000 * 2 ** Math.min(checks, 10), 600_000);

export const refundKey = (paymentId: number, n: number) => `refund-${paymentId}-${n}`;
export type { RefundReason };
