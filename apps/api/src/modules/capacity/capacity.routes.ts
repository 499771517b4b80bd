import { DELAY_HOURS, fullSlots, localDayStartMs } from '@storefront/domain';
import {
  delayRequest,
  delayResponse,
  errorBody,
  restoSlotsParams,
  restoSlotsQuery,
  restoSlotsResponse,
  staffRestoParams,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import type { CatalogStore } from '../catalog/index.ts';
import type { CapacityStore } from './capacity-store.ts';
import { delayAnswer, setDelay } from './delays.ts';

export interface CapacityRoutesOptions {
  db: Database;
  config: AppConfig;
  catalog: CatalogStore;
  now: () => number;
  capacity: CapacityStore;
}

const DAY = 86_400_000;

/** The pre-order picker's full slots (public) and staff's delay (decision 56). */
export const capacityRoutes: FastifyPluginAsyncZod<CapacityRoutesOptions> = async (
  app,
  { db, config, catalog, now, capacity },
) => {
  const whiteLabel = config.brand.whiteLabel;

  app.get(
    '/api/v1/restos/:restoId/slots',
    {
      schema: {
        tags: ['restos'],
        summary: 'The pre-order picker’s full 15-minute slots of a restaurant and method, and the delay now',
        description:
          'Answers the method’s capacity per 15-minute slot (null: no limit), the starts of the slots that are ' +
          'full from now to the end of the pre-order window (the picker greys them) and the minutes the ' +
          'restaurant adds to as-soon-as-possible promises now. Read from memory: another instance’s orders ' +
          'show within CATALOG_REFRESH_MS; placement counts for itself (409 order.slot-full). 404 ' +
          'resto.not-found for an unknown, unpublished or other brand’s restaurant; 400 for a bad deliveryType.',
        params: restoSlotsParams,
        querystring: restoSlotsQuery,
        response: { 200: restoSlotsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { restoId } = request.params;
      const { deliveryType } = request.query;
      const resto = catalog.snapshot.restos.get(restoId);
      if (!resto || resto.whiteLabelId !== whiteLabel) throw new ApiError(404, 'resto.not-found', 'restoId');
      const nowMs = now();
      const view = capacity.forResto(restoId, deliveryType);
      const preOrder = catalog.snapshot.preOrderByResto.get(restoId)?.find((p) => p.type === deliveryType);
      const horizon = localDayStartMs(nowMs, resto.timezone) + ((preOrder?.dayInAdvance ?? 0) + 1) * DAY;
      reply.header('cache-control', 'no-store');
      return {
        restoId,
        deliveryType,
        capacity: view.capacity,
        fullSlots: fullSlots(view.loads, view.capacity, nowMs, horizon).map((ms) =>
          new Date(ms).toISOString(),
        ),
        delayMinutes: view.delay && view.delay.untilMs > nowMs ? view.delay.extraMinutes : 0,
      };
    },
  );

  app.post(
    '/api/v1/staff/restos/:restoId/delay',
    {
      schema: {
        tags: ['staff'],
        summary: 'Adds +15/+30/+60 minutes to every as-soon-as-possible promise of the restaurant (0 clears)',
        description:
          'Staff token only (401 without one). An operator acts on the restaurants linked to the account, a ' +
          `manager on every restaurant of the brand (403 staff.forbidden-resto otherwise). Lasts ${DELAY_HOURS} ` +
          'hours unless cleared; replaces an automatic delay, which never replaces it. 0 clears any delay (the ' +
          'automatic one comes back at the next round while too many orders still wait). The preflight answers ' +
          'the longer readyAt and delayMinutes at once on this instance, on the others within CATALOG_REFRESH_MS; ' +
          'placement reads it in the order’s transaction.',
        params: staffRestoParams,
        body: delayRequest,
        response: { 200: delayResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => {
      const { restoId } = request.params;
      const delay = await setDelay(db, signedInStaff(request), restoId, request.body.extraMinutes, now());
      await capacity.load();
      return { restoId, delay: delayAnswer(delay) };
    },
  );
};
