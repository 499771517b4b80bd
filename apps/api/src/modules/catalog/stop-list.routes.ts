import {
  busyRequest,
  busyResponse,
  errorBody,
  staffRestoParams,
  stopListRequest,
  stopListResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import type { AvailabilityStore } from './availability-store.ts';
import type { CatalogStore } from './catalog-store.ts';
import { type StopListContext, setBusy, setStopped } from './stop-list.ts';

export interface StopListRoutesOptions {
  db: Database;
  catalog: CatalogStore;
  now: () => number;
  availability: AvailabilityStore;
}

const SCOPE =
  'Staff token only (401 without one; a customer token is not a staff token). An operator acts on the ' +
  'restaurants linked to the account, a manager on every restaurant of the brand.';

/**
 * The stop-list and 'busy' of a restaurant under /api/v1/staff: catalog-side state staff switch
 * during a shift, read by the preflight and placement (availability-store.ts); all config.auth 'staff'.
 */
export const stopListRoutes: FastifyPluginAsyncZod<StopListRoutesOptions> = async (
  app,
  { db, catalog, now, availability },
) => {
  const ctx: StopListContext = {
    db,
    snapshot: () => catalog.snapshot,
    now,
    availability,
    onStopChanged: (restoId, positionId, stopped) => availability.stopChanged(restoId, positionId, stopped),
  };

  app.post(
    '/api/v1/staff/restos/:restoId/stop-list',
    {
      schema: {
        tags: ['staff'],
        summary: 'Marks a dish run out (or back) for the restaurant’s today',
        description:
          `${SCOPE} 403 staff.forbidden-resto for another’s restaurant; 404 position.not-found for a dish ` +
          'the brand does not have. The preflight then reports person-order.position-stopped on its line ' +
          'and placement refuses it (422). Answers today’s stop-list.',
        params: staffRestoParams,
        body: stopListRequest,
        response: { 200: stopListResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) =>
      setStopped(
        ctx,
        signedInStaff(request),
        request.params.restoId,
        request.body.positionId,
        request.body.stopped,
      ),
  );

  app.post(
    '/api/v1/staff/restos/:restoId/busy',
    {
      schema: {
        tags: ['staff'],
        summary: 'Pauses as-soon-as-possible orders for some minutes (0 resumes); pre-orders stay open',
        description:
          `${SCOPE} 403 staff.forbidden-resto for another’s restaurant. While busy the preflight reports ` +
          'resto.busy for as-soon-as-possible orders and placement refuses them (422).',
        params: staffRestoParams,
        body: busyRequest,
        response: { 200: busyResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'staff' },
    },
    async (request) => setBusy(ctx, signedInStaff(request), request.params.restoId, request.body.minutes),
  );
};
