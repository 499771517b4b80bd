import { DEFAULT_SLOT_MINUTES } from '@storefront/domain';
import {
  type BrandConfig,
  errorBody,
  order,
  orderRefusedBody,
  personOrderParams,
  personOrdersQuery,
  personOrdersResponse,
  personPreflightParams,
  placeOrderHeaders,
  placeOrderRequest,
  slotFullBody,
} from '@storefront/domain/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { clientKeyOf } from '../../core/client-key.ts';
import { limitedClientKey, type RequestLimits } from '../../core/request-limits.ts';
import type { Database } from '../../db/client.ts';
import { signedInPerson } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import type { CatalogStore } from '../catalog/index.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { advanceRefund, startCurrentAttempt } from '../payments/index.ts';
import { readQuoteKey } from '../preflight/index.ts';
import { cancelOrder } from './cancel-order.ts';
import { answerOrder, listOrders } from './order-view.ts';
import { type PlacementDeps, placeOrder } from './place-order.ts';
import { OrderRefusal } from './placement-decision.ts';

export interface OrdersRoutesOptions {
  db: Database;
  config: AppConfig;
  catalog: CatalogStore;
  now: () => number;
  payments: PaymentsContext;
  limits: RequestLimits;
  /** The brand's settings as served now: an owner turns pre-orders and promo codes on and off (decision 50). */
  brand: { readonly settings: BrandConfig };
}

const PLACE_DESCRIPTION =
  'Places the order exactly once (decision 20). `Idempotency-Key` is required (400 idempotency.key-required): ' +
  'the same key and body answers the same order again (201, `Idempotent-Replayed: true`); the same key with ' +
  'another body is 422 idempotency.key-reused; while the first request with the key runs, 409 ' +
  'idempotency.in-progress with Retry-After. The cart is priced again in the order’s transaction: a result ' +
  'other than the quote (or an expired quote) is 409 order.price-changed with the new `preflight`; any cart ' +
  'problem is 422 with every problem in `errors` and the `preflight`; a pre-order time off the offered slots ' +
  'is 422 order.pre-order-slot-invalid; a pre-order whose 15-minute slot filled meanwhile is 409 order.slot-full ' +
  'with `nextFreeSlotAt` (the next slot with room, or null); an as-soon-as-possible order is promised the first ' +
  'slot with room after now + its cooking or delivery time + the restaurant’s delay (later than the preflight’s ' +
  'readyAt when others took it meanwhile: not a refusal), and 422 resto.slots-full when none is left before ' +
  'closing; a promo code used up meanwhile is 422 promo-code.limit-exceed. ' +
  'Contacts are checked with the docs/product.md §5 words (400 with the field); a delivery without address and point is ' +
  '400 order.address-required; a forged or foreign quote is 400 order.quote-invalid; 404 resto.not-found. ' +
  'A refusal writes nothing, except that an unknown promo code spends one of the preflight’s guesses (shared ' +
  'with it: once spent, every code is 422 promo-code.too-many-attempts). More than 5 orders by one person or ' +
  '20 by one client in 10 minutes is 429 orders.too-many with Retry-After; a replay is not counted.';

/** A 409's body: a price-changed or key-in-flight refusal, or order.slot-full naming the next slot with room. */
const slotFullRefusedBody = orderRefusedBody.extend(
  slotFullBody.pick({ nextFreeSlotAt: true }).partial().shape,
);

/** The customer's orders: place, list, read, cancel (all signed in as the path's person, all no-store). */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { db, config, catalog, now, payments, limits, brand },
) => {
  const deps: PlacementDeps = {
    db,
    quoteKey: readQuoteKey(config),
    whiteLabel: config.brand.whiteLabel,
    // Read per order: the owner's switches apply to the next order, on every instance.
    get preOrderEnabled() {
      return brand.settings.features.preOrder;
    },
    get promoCodesEnabled() {
      return brand.settings.features.promoCodes;
    },
    get freeCondiments() {
      return brand.settings.freeCondiments;
    },
    slotMinutes: config.brand.features.preOrderSlotMinutes ?? DEFAULT_SLOT_MINUTES,
    payments: { settings: payments.settings, brandLocale: payments.brandLocale },
    limits,
    promoGuessesPerHour: config.env.PROMO_CODE_GUESSES_PER_CLIENT_HOUR,
  };
  const view = (request: FastifyRequest) => ({ locale: requestLocale(request), snapshot: catalog.snapshot });

  const refuse = (reply: FastifyReply, refusal: OrderRefusal) =>
    reply.code(refusal.status).send({
      errors: refusal.errors,
      ...(refusal.preflight ? { preflight: refusal.preflight } : {}),
      ...refusal.more,
    });

  app.post(
    '/api/v1/persons/:personId/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Places an order exactly once (Authorization: Bearer; Idempotency-Key)',
        description: PLACE_DESCRIPTION,
        params: personPreflightParams,
        headers: placeOrderHeaders,
        body: placeOrderRequest,
        response: {
          201: order,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: slotFullRefusedBody,
          422: orderRefusedBody,
          429: errorBody,
        },
      },
      config: { auth: 'path-person' },
    },
    async (request, reply) => {
      const { personId } = signedInPerson(request);
      try {
        const placed = await placeOrder(
          deps,
          {
            personId,
            key: request.headers['idempotency-key'] as string | undefined,
            body: request.body,
            snapshot: catalog.snapshot,
            nowMs: now(),
            locale: requestLocale(request),
          },
          { clientKey: clientKeyOf(request.ip), limitedKey: limitedClientKey(request.ip) },
        );
        // The payment after the commit (and again on a replay): a provider failure leaves the attempt for the
        // sweeper or the client's retry, never fails the placement.
        await startCurrentAttempt(payments, placed.orderId);
        const answer = await answerOrder(db, personId, placed.orderId, view(request));
        if (placed.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(answer);
      } catch (error) {
        if (error instanceof OrderRefusal) return refuse(reply, error);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/persons/:personId/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The person's orders, newest first (page from 0, size 1–99, default 20)",
        params: personPreflightParams,
        querystring: personOrdersQuery,
        response: { 200: personOrdersResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) =>
      listOrders(db, signedInPerson(request).personId, request.query.page ?? 0, request.query.size ?? 20),
  );

  app.get(
    '/api/v1/persons/:personId/orders/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with its lines, place, payment and status history (404 for another person’s)',
        params: personOrderParams,
        response: { 200: order, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) =>
      answerOrder(db, signedInPerson(request).personId, request.params.orderId, view(request)),
  );

  app.post(
    '/api/v1/persons/:personId/orders/:orderId/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancels an order the restaurant has not accepted yet; its promo use is given back',
        description: '409 order.cannot-cancel once the order has moved on from `new`; 404 order.not-found.',
        params: personOrderParams,
        response: {
          200: order,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
      config: { auth: 'path-person' },
    },
    async (request) => {
      const { personId } = signedInPerson(request);
      const { refundId } = await cancelOrder(db, personId, request.params.orderId, now());
      if (refundId !== null) await advanceRefund(payments, refundId);
      return answerOrder(db, personId, request.params.orderId, view(request));
    },
  );
};
