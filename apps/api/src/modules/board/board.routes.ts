import {
  acceptOrderRequest,
  boardOrder,
  boardQuery,
  boardResponse,
  declineOrderRequest,
  errorBody,
  moveOrderRequest,
  staffOrderParams,
} from '@storefront/domain/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import type { CatalogStore } from '../catalog/index.ts';
import type { PaymentsContext } from '../payments/index.ts';
import type { BoardContext } from './board-context.ts';
import { takeOverOrder } from './board-pos-take-over.ts';
import { readBoard, readBoardOrder } from './board-read.ts';
import { acceptOrder, declineOrder, moveOrder } from './staff-moves.ts';

export interface BoardRoutesOptions {
  db: Database;
  config: AppConfig;
  catalog: CatalogStore;
  now: () => number;
  payments: PaymentsContext;
}

const SCOPE =
  'Staff token only (401 without one; a customer token is not a staff token). An operator acts on the ' +
  'restaurants linked to the account, a manager on every restaurant of the brand.';
const ORDER_SCOPE =
  `${SCOPE} 404 order.not-found for an order of another restaurant (its existence is not revealed) and for a ` +
  'card-online order not yet paid (the kitchen never sees it).';
const MOVE =
  'A guarded transition: two staff clicking at once make one change, the other gets 409 ' +
  'order.transition-invalid, as does any move back or past a step. The change is kept in the order’s ' +
  'history as staff:<id> and written to the event log in the same transaction. Answers the order.';

const orderResponses = {
  200: boardOrder,
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** The order board's calls under /api/v1/staff (decision 23); all config.auth 'staff', all no-store. */
export const boardRoutes: FastifyPluginAsyncZod<BoardRoutesOptions> = async (
  app,
  { db, config, catalog, now, payments },
) => {
  const ctx: BoardContext = {
    db,
    snapshot: () => catalog.snapshot,
    now,
    lateMinutes: config.env.STAFF_LATE_MINUTES,
    payments,
  };
  const answerOrder = (request: FastifyRequest, orderId: number) =>
    readBoardOrder(ctx, signedInStaff(request), orderId, requestLocale(request));

  app.get(
    '/api/v1/staff/board',
    {
      schema: {
        tags: ['staff'],
        summary: 'The board: the restaurants this person may see, their stop-list and busy, and their orders',
        description:
          `${SCOPE} Orders: every open one (new … on the way) and today’s done, declined and cancelled ones ` +
          '(restaurant-local day); a card-online order only once paid. `cursor` is the last event id this ' +
          'answer includes: the event stream resumes after it. `restoId` narrows to one restaurant ' +
          '(403 staff.forbidden-resto for another’s).',
        querystring: boardQuery,
        response: { 200: boardResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => readBoard(ctx, signedInStaff(request), request.query.restoId, requestLocale(request)),
  );

  app.get(
    '/api/v1/staff/orders/:orderId',
    {
      schema: {
        tags: ['staff'],
        summary: 'One order as the board shows it',
        description: ORDER_SCOPE,
        params: staffOrderParams,
        response: { 200: boardOrder, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => answerOrder(request, request.params.orderId),
  );

  app.post(
    '/api/v1/staff/orders/:orderId/accept',
    {
      schema: {
        tags: ['staff'],
        summary: 'Accepts a new order; promised at now + the cooking lead (or the pre-order time) + delay',
        description: `${ORDER_SCOPE} From \`new\` only. ${MOVE}`,
        params: staffOrderParams,
        body: acceptOrderRequest,
        response: orderResponses,
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      await acceptOrder(ctx, signedInStaff(request), request.params.orderId, request.body.delayMinutes);
      return answerOrder(request, request.params.orderId);
    },
  );

  app.post(
    '/api/v1/staff/orders/:orderId/decline',
    {
      schema: {
        tags: ['staff'],
        summary: 'Declines a new or accepted order with a reason; promo use back, a paid order refunded',
        description:
          `${ORDER_SCOPE} The customer reads the reason’s words; the reason must fit the order’s method ` +
          '(declineReasonsFor: a take-away order has no address-unreachable), else 422 ' +
          'order.decline-reason-invalid. A paid online order is refunded in full ' +
          `through its payment engine (paymentStatus refund_pending, then refunded). ${MOVE}`,
        params: staffOrderParams,
        body: declineOrderRequest,
        response: { ...orderResponses, 422: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      await declineOrder(ctx, signedInStaff(request), request.params.orderId, request.body.reason);
      return answerOrder(request, request.params.orderId);
    },
  );

  app.post(
    '/api/v1/staff/orders/:orderId/pos/take-over',
    {
      schema: {
        tags: ['staff'],
        summary: 'Takes over by hand an order the chain’s POS (iiko) did not get: no more tries to send it',
        description:
          `${ORDER_SCOPE} For an order of a restaurant linked to the POS whose sending is waiting or failed ` +
          '(the board flags it with the reason): staff enter it into the POS themselves, and the server stops ' +
          'retrying. 409 pos.taken-over when already taken over, pos.order-created when the POS has the order ' +
          '(nothing to retype), pos.order-sending while the POS is taking it this moment, pos.order-withdrawn for ' +
          'an order we cancelled or declined, pos.not-linked for a ' +
          'restaurant not linked. Written to the event log; answers the order.',
        params: staffOrderParams,
        response: orderResponses,
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      await takeOverOrder(ctx, signedInStaff(request), request.params.orderId);
      return answerOrder(request, request.params.orderId);
    },
  );

  app.post(
    '/api/v1/staff/orders/:orderId/move',
    {
      schema: {
        tags: ['staff'],
        summary: 'Moves an order one step: accepted → cooking → ready / on the way → done',
        description:
          `${ORDER_SCOPE} \`from\` is the status the board showed; \`to\` must be its next one for the ` +
          `order’s method. Handing over a paid online order sends the settlement receipt. ${MOVE}`,
        params: staffOrderParams,
        body: moveOrderRequest,
        response: orderResponses,
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      const { from, to } = request.body;
      await moveOrder(ctx, signedInStaff(request), request.params.orderId, from, to);
      return answerOrder(request, request.params.orderId);
    },
  );
};
