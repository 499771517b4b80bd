import {
  adminTimeSlot,
  adminTimeSlotCreate,
  adminTimeSlotList,
  adminTimeSlotParams,
  adminTimeSlotPatch,
  adminTimeSlotStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE, MENU_WRITE } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';
import {
  createTimeSlot,
  deleteTimeSlot,
  listTimeSlots,
  patchTimeSlot,
  timeSlotOfBrand,
} from './admin-time-slots.ts';

const RULES =
  'Each day from startAt to endAt on that day: endAt after startAt (00:00 as endAt is midnight), else 422 ' +
  'admin.time-slot-ends-before-start (field details.N.endAt); no overnight hours, give the next day its own from ' +
  '00:00. A day twice is 422 admin.time-slot-day-repeated. positionIds: the brand’s dishes only, else 422 ' +
  'admin.dish-not-found. A dish in a slot is sold only within it: the storefront and the preflight follow.';

/** Time slots in the back office (decision 45): list, read, create, change, delete under If-Match. */
export const adminTimeSlotsRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/time-slots',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s time slots with their days, dishes and version',
        description: `${MENU_SCOPE} Every role may read.`,
        response: { 200: adminTimeSlotList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { slots: await listTimeSlots(db, me.whiteLabel) };
    },
  );

  app.get(
    '/api/v1/admin/time-slots/:timeSlotId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One time slot, its version as the ETag',
        description: `${MENU_SCOPE} Every role may read.`,
        params: adminTimeSlotParams,
        response: { 200: adminTimeSlot, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const slot = await timeSlotOfBrand(db, me.whiteLabel, request.params.timeSlotId);
      reply.header('etag', etagOfVersion(slot.version));
      return slot;
    },
  );

  app.post(
    '/api/v1/admin/time-slots',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a time slot with its days and dishes',
        description: `${MENU_WRITE} ${RULES} Its creation is not revertible: delete the slot instead.`,
        body: adminTimeSlotCreate,
        response: { 201: adminTimeSlot, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const slot = await db.transaction((tx) => createTimeSlot(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(slot.version));
      return reply.code(201).send(slot);
    },
  );

  app.patch(
    '/api/v1/admin/time-slots/:timeSlotId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a time slot’s name, days or dishes under If-Match',
        description: `${MENU_WRITE} ${IF_MATCH} ${RULES} details and positionIds are whole new lists.`,
        headers: ifMatchHeaders,
        params: adminTimeSlotParams,
        body: adminTimeSlotPatch,
        response: {
          200: adminTimeSlot,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminTimeSlotStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      return answerVersioned(request, reply, async () => {
        const slot = await db.transaction((tx) =>
          patchTimeSlot(
            tx,
            me,
            request.params.timeSlotId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return slot;
      });
    },
  );

  app.delete(
    '/api/v1/admin/time-slots/:timeSlotId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a time slot under If-Match: its dishes are then always on sale',
        description: `${MENU_WRITE} ${IF_MATCH} The deletion is revertible: the slot comes back with its id.`,
        headers: ifMatchHeaders,
        params: adminTimeSlotParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminTimeSlotStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      try {
        await db.transaction((tx) =>
          deleteTimeSlot(tx, me, request.params.timeSlotId, request.headers['if-match'], new Date(now())),
        );
      } catch (error) {
        if (!(error instanceof StaleVersion)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
      await catalog.refresh();
      return reply.code(204).send(null);
    },
  );
};
