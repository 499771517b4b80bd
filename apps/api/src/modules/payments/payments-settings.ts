import type { PayEngine, PaymentOptions } from '@storefront/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { PaymentsSettings } from '../../integrations/payments/payment-gateway.ts';

/** The engines' settings from the environment (config.ts), read once at start. */
export function readPaymentsSettings(config: Pick<AppConfig, 'env'>): PaymentsSettings {
  const env = config.env;
  return {
    yookassaUrl: env.YOOKASSA_URL,
    yookassaShops: env.YOOKASSA_SHOPS,
    notificationSources: env.YOOKASSA_NOTIFICATION_IPS,
    timeoutMs: env.PAYMENT_PROVIDER_TIMEOUT_MS,
    vatCode: env.PAYMENT_VAT_CODE,
    receipts: env.PAYMENT_RECEIPTS,
    demoAllowed: env.PAYMENTS_DEMO_ALLOWED,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    ...(env.PUBLIC_API_BASE ? { apiBase: env.PUBLIC_API_BASE } : {}),
    unpaidCancelMinutes: env.PAYMENT_UNPAID_CANCEL_MINUTES,
    sweepMs: env.PAYMENT_SWEEP_MS,
  };
}

/** What the gate reads of a restaurant row of the catalog. */
export interface OnlinePayResto {
  id: number;
  name: unknown;
  payEngine: PayEngine;
  payDelivery: PaymentOptions;
  payTakeAway: PaymentOptions;
}

/**
 * Whether a restaurant may offer online payment here. In production, the demo engine takes no money, so its
 * restaurants do not offer it unless PAYMENTS_DEMO_ALLOWED; a YooKassa restaurant whose shop has no
 * credentials in YOOKASSA_SHOPS cannot take it. Development and tests offer what the catalog says.
 * The catalog applies this once where its snapshot is built, so /restos, the location data, the preflight
 * and placement all agree. Each refused restaurant is named in a warning once per process (not a failure).
 */
export function onlinePayGate(
  settings: PaymentsSettings,
  production: boolean,
  log: Pick<FastifyBaseLogger, 'warn'>,
): (resto: OnlinePayResto) => boolean {
  const warned = new Set<number>();
  return (resto) => {
    if (!production) return true;
    const shops = [resto.payDelivery.cardOnline, resto.payTakeAway.cardOnline].filter(
      (shop): shop is string => typeof shop === 'string' && shop.length > 0,
    );
    if (shops.length === 0) return true;
    const why =
      resto.payEngine === 'demo'
        ? settings.demoAllowed
          ? null
          : 'the demo engine takes no money (set PAYMENTS_DEMO_ALLOWED to offer it anyway)'
        : shops.every((shop) => shop in settings.yookassaShops)
          ? null
          : `a YooKassa shop of it has no credentials in YOOKASSA_SHOPS (${shops.join(', ')})`;
    if (why === null) return true;
    if (!warned.has(resto.id)) {
      warned.add(resto.id);
      log.warn(
        { restoId: resto.id, restoName: resto.name, payEngine: resto.payEngine },
        `restaurant ${resto.id} does not offer online payment: ${why}`,
      );
    }
    return false;
  };
}
