import {
  changePayTypeRequest,
  errorBody,
  newPaymentAttemptRequest,
  order,
  orderPaymentParams,
} from '@storefront/domain/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInPerson } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { checkPayment, newAttempt, type PaymentsContext, switchToReceipt } from '../payments/index.ts';
import { answerOrder } from './order-view.ts';

export interface OrderPaymentsRoutesOptions {
  payments: PaymentsContext;
}

const RETRY_DESCRIPTION =
  'Starts attempt n+1 of an unpaid online order, replacing attempt `replacesAttempt` (the one the customer saw ' +
  'fail or walked away from). The current attempt is read from the provider first: if it was paid meanwhile ' +
  'the answer is the paid order. A second request with the same number (double click, second tab) gets the ' +
  'attempt the first one started; an older number is 409 payment.attempt-stale. 409 payment.not-online (paid on ' +
  'receipt), payment.already-paid, payment.order-closed (cancelled or declined); 404 order.not-found. When the provider does not ' +
  'answer, the order is answered with the new attempt pending and no confirmationUrl (as at placement): the same ' +
  'call again, the return page’s check or the sweeper creates it with the same idempotence key. More than 10 ' +
  'attempts of one order in an hour (the first included) is 429 payments.too-many with Retry-After. ' +
  '`onlineMethod` (card, sbp, sberpay; absent: the replaced attempt’s) must be one the restaurant offers: ' +
  'else 422 payment.method-not-offered, nothing written.';

const PAY_TYPE_DESCRIPTION =
  'Pays on receipt instead of online, while the order is unpaid and open. 422 with the restaurant capability ' +
  'code (e.g. resto.doesnt-support-delivery-cash-pay) when the restaurant does not take it now; 409 ' +
  'payment.not-online, payment.already-paid (money arrived first), payment.order-closed; 404 order.not-found. ' +
  'Money that still arrives for an earlier attempt is refunded automatically.';

const CHECK_DESCRIPTION =
  'The return page’s “read it now”: the current attempt is read from the provider (at most once per 2 s) and ' +
  'the order answered as it is then. A provider failure answers the order unchanged. 404 order.not-found.';

/**
 * The customer's payment calls on an order: a new attempt, paying on receipt instead, reading the payment
 * now. Each answers the order, so they belong to the orders module; the payments module does the work.
 */
export const orderPaymentsRoutes: FastifyPluginAsyncZod<OrderPaymentsRoutesOptions> = async (
  app,
  { payments },
) => {
  const answer = (request: FastifyRequest, personId: number, orderId: number) =>
    answerOrder(payments.db, personId, orderId, {
      locale: requestLocale(request),
      snapshot: payments.catalog(),
    });
  /** Each call: the signed-in person's order acted on by the payments module, then answered as it is now. */
  const actThenAnswer = async (
    request: FastifyRequest & { params: { orderId: number } },
    act: (personId: number, orderId: number) => Promise<unknown>,
  ) => {
    const { personId } = signedInPerson(request);
    await act(personId, request.params.orderId);
    return answer(request, personId, request.params.orderId);
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
        response: { 201: order, ...personal, 409: errorBody, 422: errorBody, 429: errorBody, 503: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request, reply) => {
      const answered = await actThenAnswer(request, (personId, orderId) =>
        newAttempt(payments, personId, orderId, request.body.replacesAttempt, request.body.onlineMethod),
      );
      return reply.code(201).send(answered);
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
    async (request) =>
      actThenAnswer(request, (personId, orderId) =>
        switchToReceipt(payments, personId, orderId, request.body.payType),
      ),
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
    async (request) =>
      actThenAnswer(request, (personId, orderId) => checkPayment(payments, personId, orderId)),
  );
};
