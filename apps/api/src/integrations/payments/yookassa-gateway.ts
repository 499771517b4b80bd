import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway, PaymentsSettings } from './payment-gateway.ts';

/** YooKassa's HTTP API (INTEGRATIONS.md). Placeholder signature: the adapter is written on its own branch. */
export function yookassaGateway(
  settings: Pick<PaymentsSettings, 'yookassaUrl' | 'yookassaShops' | 'timeoutMs'>,
  log: FastifyBaseLogger,
): PaymentGateway {
  void settings;
  void log;
  throw new Error('the YooKassa adapter is not written yet');
}
