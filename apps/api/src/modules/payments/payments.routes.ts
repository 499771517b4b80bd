import { PAY_ENGINES, type PayEngine } from '@storefront/domain';
import { errorBody, notificationAccepted, paymentEngineParams } from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import { payments } from '../../db/schema.ts';
import { isAllowedNotificationSource } from '../../integrations/payments/notification-sources.ts';
import { PaymentProviderError } from '../../integrations/payments/payment-gateway.ts';
import type { PaymentsContext } from './payments-context.ts';
import { refundHinted } from './refunds.ts';
import { settlePayment } from './settle-payment.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsContext;
}

const NOTIFICATION_DESCRIPTION =
  'The provider’s notification: only a hint to read the payment (or refund) back from the provider. Refused ' +
  'with 403 payment.notification-refused from addresses outside the published ranges (read through ' +
  'TRUST_PROXY); 404 payment.engine-not-found; 400 for a body that is not a notification; 503 ' +
  'payment.provider-unavailable when the provider could not be read (it delivers again). 200 {ok:true} once ' +
  'handled, including for a payment we do not know.';

/**
 * The providers' notifications. The customer's payment calls on an order answer the order, so they live with
 * the orders module (orders/order-payments.routes.ts), which imports this one and not the other way round.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { payments: ctx },
) => {
  app.post(
    '/api/v1/payments/:engine/notifications',
    {
      schema: {
        tags: ['payments'],
        summary: 'A payment provider’s notification (a hint, confirmed by reading the provider)',
        description: NOTIFICATION_DESCRIPTION,
        params: paymentEngineParams,
        response: {
          200: notificationAccepted,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const engine = request.params.engine as PayEngine;
      const gateway = (PAY_ENGINES as readonly string[]).includes(engine)
        ? ctx.gateways.get(engine)
        : undefined;
      if (!gateway) throw new ApiError(404, 'payment.engine-not-found', 'engine');
      if (!isAllowedNotificationSource(request.ip, ctx.settings.notificationSources))
        throw new ApiError(403, 'payment.notification-refused');
      const hint = gateway.notificationHint(request.body);
      if (!hint) throw new ApiError(400, 'request.invalid', 'body');
      try {
        if (hint.object === 'payment') {
          const [row] = await ctx.db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.engine, engine), eq(payments.providerPaymentId, hint.id)));
          if (row) await settlePayment(ctx, row.id);
        } else await refundHinted(ctx, hint.id);
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          request.log.warn(
            { err: error },
            'the notification’s object could not be read; the provider delivers again',
          );
          throw new ApiError(503, 'payment.provider-unavailable', undefined, {
            headers: { 'retry-after': '30' },
          });
        }
        throw error;
      }
      return { ok: true as const };
    },
  );
};
