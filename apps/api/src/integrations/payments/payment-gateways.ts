import type { PayEngine } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { demoGateway } from './demo-gateway.ts';
import type { PaymentGateway, PaymentsSettings } from './payment-gateway.ts';
import { yookassaGateway } from './yookassa-gateway.ts';

/**
 * The engines this instance can use: the demo engine always (its books are ours), YooKassa only when
 * YOOKASSA_SHOPS names shops (a restaurant on it without credentials offers no online payment in production).
 */
export function buildPaymentGateways(
  settings: PaymentsSettings,
  db: Database,
  log: FastifyBaseLogger,
  now: () => number,
): Map<PayEngine, PaymentGateway> {
  const gateways = new Map<PayEngine, PaymentGateway>();
  // The demo page is one of the API's own pages: on the API's origin when that is another one.
  gateways.set(
    'demo',
    demoGateway(db, settings.apiBase ?? settings.publicUrl ?? 'http://127.0.0.1:3000', now),
  );
  if (Object.keys(settings.yookassaShops).length > 0)
    gateways.set('yookassa', yookassaGateway(settings, log));
  return gateways;
}
