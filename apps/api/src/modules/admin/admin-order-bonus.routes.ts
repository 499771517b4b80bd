import type { Minor } from '@storefront/domain';
import {
  bonusAdjustmentRequest,
  errorBody,
  staffBonusResponse,
  staffOrderParams,
  staffRefundRequest,
  staffRefundResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { advanceRefund, type PaymentsContext } from '../payments/index.ts';
import { adjustOrderBonus, refundOrder, staffOrderBonus } from './admin-order-bonus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  'The order must be one the staff member sees on the board (their restaurant; online, paid), else 404 ' +
  'order.not-found (decision 55).';

/** The order card's points and refunds (decision 55). */
export const adminOrderBonusRoutes: FastifyPluginAsyncZod<
  AdminRoutesOptions & { payments: PaymentsContext }
> = async (app, { db, now, payments }) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/staff/orders/:orderId/bonus',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary:
          'The order’s customer’s points: the balance, the latest 20 rows, and whether this account may adjust',
        description: SCOPE,
        params: staffOrderParams,
        response: { 200: staffBonusResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return staffOrderBonus(
        db,
        signedInStaff(request),
        request.params.orderId,
        now(),
        requestLocale(request),
      );
    },
  );

  app.post(
    '/api/v1/staff/orders/:orderId/bonus-adjustments',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Gives or takes the customer’s points with a reason (managers and owners)',
        description:
          `${SCOPE} bonus.adjust (owners and managers; an operator gets 403 admin.forbidden-role). ± whole points, ` +
          'a reason of 3–300 characters; a balance that would go below zero is 422 bonus.below-zero. Audited ' +
          '(bonus-adjustment, the ledger row), reverted from the audit log by the opposite adjustment.',
        params: staffOrderParams,
        body: bonusAdjustmentRequest,
        response: {
          200: staffBonusResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      const nowMs = now();
      await db.transaction((tx) => adjustOrderBonus(tx, me, request.params.orderId, request.body, nowMs));
      reply.header('cache-control', 'no-store');
      return staffOrderBonus(db, me, request.params.orderId, nowMs, requestLocale(request));
    },
  );

  app.post(
    '/api/v1/staff/orders/:orderId/refunds',
    {
      config: staffOnly,
      schema: {
        tags: ['staff'],
        summary: 'Refunds money of a done order paid online, whole or in part (managers and owners)',
        description:
          `${SCOPE} orders.refund (owners and managers). The order must be done (422 ` +
          'payment.refund-order-not-done: a live order is declined instead) and paid online (422 payment.not-paid); ' +
          'the amount at most what is left of the payment (422 payment.refund-amount-invalid). The provider is ' +
          'asked after the commit (the payments sweeper retries); when the refund succeeds, the order’s points ' +
          'follow in proportion. Audited (order-refund), not revertible.',
        params: staffOrderParams,
        body: staffRefundRequest,
        response: {
          200: staffRefundResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      const answer = await db.transaction((tx) =>
        refundOrder(tx, me, request.params.orderId, request.body.amount as Minor, now()),
      );
      await advanceRefund(payments, answer.refundId);
      return answer;
    },
  );
};
