import { PAY_ENGINES, type PayEngine } from '@storefront/domain';
import {
  changePayTypeRequest,
  errorBody,
  newPaymentAttemptRequest,
  notificationAccepted,
  order,
  orderPaymentParams,
  paymentEngineParams,
} from '@storefront/domain/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import { payments } from '../../db/schema.ts';
import { isAllowedNotificationSource } from '../../integrations/payments/notification-sources.ts';
import { PaymentProviderError } from '../../integrations/payments/payment-gateway.ts';
import { signedInPerson } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { readOrder } from '../orders/order-view.ts';
import { checkPayment, newAttempt, switchToReceipt } from './order-payment-actions.ts';
import type { PaymentsContext } from './payments-context.ts';
import { refundHinted } from './refunds.ts';
import { settlePayment } from './settle-payment.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsContext;
}

const RETRY_DESCRIPTION =
  'Starts attempt n+1 of an unpaid online order, replacing attempt `replacesAttempt` (the one the customer saw ' +
  'fail or walked away from). The current attempt is read from the provider first: if it was paid meanwhile ' +
  'the answer is the paid order. A second request with the same number (double click, second tab) gets the ' +
  'attempt the first one started; an older number is 409 payment.attempt-stale. 409 payment.not-online (paid on ' +
  'receipt), payment.already-paid, payment.order-closed (cancelled or declined); 404 order.not-found. When the provider does not ' +
  'answer, the order is answered with the new attempt pending and no confirmationUrl (as at placement): the same ' +
  'call again, the return page’s check or the sweeper creates it with the same idempotence key.';

const PAY_TYPE_DESCRIPTION =
  'Pays on receipt instead of online, while the order is unpaid and open. 422 with the restaurant capability ' +
  'code (e.g. resto.doesnt-support-delivery-cash-pay) when the restaurant does not take it now; 409 ' +
  'payment.not-online, payment.already-paid (money arrived first), payment.order-closed; 404 order.not-found. ' +
  'Money that still arrives for an earlier attempt is refunded automatically.';

const CHECK_DESCRIPTION =
  'The return page’s “read it now”: the current attempt is read from the provider (at most once per 2 s) and ' +
  'the order answered as it is then. A provider failure answers the order unchanged. 404 order.not-found.';

const NOTIFICATION_DESCRIPTION =
  'The provider’s notification: only a hint to read the payment (or refund) back from the provider. Refused ' +
  'with 403 payment.notification-refused from addresses outside the published ranges (read through ' +
  'TRUST_PROXY); 404 payment.engine-not-found; 400 for a body that is not a notification; 503 ' +
  'payment.provider-unavailable when the provider could not be read (it delivers again). 200 {ok:true} once ' +
  'handled, including for a payment we do not know.';

/** The customer's payment calls on an order, and the providers' notifications. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { payments: ctx },
) => {
  const answer = async (request: FastifyRequest, personId: number, orderId: number) => {
    const found = await readOrder(ctx.db, personId, orderId, {
      locale: requestLocale(request),
      snapshot: ctx.catalog(),
    });
    if (!found) throw new ApiError(404, 'order.not-found', 'orderId');
    return found;
  };
  const personal = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  app.post(
    '/api/v1/persons/:personId/orders/:orderId/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Starts a new payment attempt of an unpaid online order',
        description: RETRY_DESCRIPTION,
        params: orderPaymentParams,
        body: newPaymentAttemptRequest,
        response: { 201: order, ...personal, 409: errorBody, 503: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request, reply) => {
      const { personId } = signedInPerson(request);
      await newAttempt(ctx, personId, request.params.orderId, request.body.replacesAttempt);
      return reply.code(201).send(await answer(request, personId, request.params.orderId));
    },
  );

  app.post(
    '/api/v1/persons/:personId/orders/:orderId/pay-type',
    {
      schema: {
        tags: ['payments'],
        summary: 'Switches an unpaid online order to payment on receipt',
        description: PAY_TYPE_DESCRIPTION,
        params: orderPaymentParams,
        body: changePayTypeRequest,
        response: { 200: order, ...personal, 409: errorBody, 422: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) => {
      const { personId } = signedInPerson(request);
      await switchToReceipt(ctx, personId, request.params.orderId, request.body.payType);
      return answer(request, personId, request.params.orderId);
    },
  );

  app.post(
    '/api/v1/persons/:personId/orders/:orderId/payment-check',
    {
      schema: {
        tags: ['payments'],
        summary: 'Reads the order’s current payment from the provider now (the return page)',
        description: CHECK_DESCRIPTION,
        params: orderPaymentParams,
        response: { 200: order, ...personal },
      },
      config: { auth: 'path-person' },
    },
    async (request) => {
      const { personId } = signedInPerson(request);
      await checkPayment(ctx, personId, request.params.orderId);
      return answer(request, personId, request.params.orderId);
    },
  );

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
