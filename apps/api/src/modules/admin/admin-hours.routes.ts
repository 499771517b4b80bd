import {
  adminHours,
  adminHoursParams,
  adminHoursPut,
  adminHoursStaleBody,
  adminSpecialDay,
  adminSpecialDayCreate,
  adminSpecialDayParams,
  adminSpecialDayPatch,
  adminSpecialDayStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import {
  createSpecialDay,
  deleteSpecialDay,
  hoursOfResto,
  listSpecialDays,
  patchSpecialDay,
  putHours,
  StaleHours,
} from './admin-hours.ts';
import { answerVersioned, IF_MATCH } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  'The brand’s restaurants only (404 another brand’s); a manager or an operator only the restaurants of their ' +
  'account (403 staff.forbidden-resto). Every role may read; owners and managers change (restos.write).';
const WEEK_RULES =
  'weeks.ALL is the restaurant’s week; weeks.DELIVERY / weeks.TAKE_AWAY a method’s own week replacing it, or null ' +
  '(the method follows ALL). A day: active false (off), open–close (close 00:00 or 23:59 is the end of the day; ' +
  'before open runs past midnight; 00:00–00:00 round the clock), an optional break strictly inside the hours ' +
  '(422 admin.hours-break-outside, admin.hours-break-incomplete); a weekday twice is 422 admin.hours-day-repeated.';
const DAY_RULES =
  'date YYYY-MM-DD on the restaurant’s wall clock, a day that exists, at most two years ahead (422 ' +
  'admin.special-day-too-far); method ALL or one method (its own row wins over ALL on that date); closed, or ' +
  'open/close (422 admin.special-day-hours-required) with an optional break inside; note ru/en shown to customers. ' +
  'A second day on the same date and method is 409 admin.special-day-duplicate.';

/** A restaurant's opening hours and special days in the back office (decision 51). */
export const adminHoursRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/restos/:restoId/hours',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'A restaurant’s weeks per method, special days, and its version as the ETag',
        description: SCOPE,
        params: adminHoursParams,
        response: { 200: adminHours, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const hours = await hoursOfResto(db, me, request.params.restoId);
      reply.header('etag', etagOfVersion(hours.version));
      return hours;
    },
  );

  app.put(
    '/api/v1/admin/restos/:restoId/hours',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Sets every week of a restaurant at once under If-Match (the restaurant’s version)',
        description: `${SCOPE} ${IF_MATCH} ${WEEK_RULES} Audited as opening-hours, revertible.`,
        headers: ifMatchHeaders,
        params: adminHoursParams,
        body: adminHoursPut,
        response: {
          200: adminHours,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminHoursStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      try {
        const hours = await db.transaction((tx) =>
          putHours(
            tx,
            me,
            request.params.restoId,
            request.headers['if-match'],
            request.body.weeks,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        reply.header('etag', etagOfVersion(hours.version));
        return hours;
      } catch (error) {
        if (!(error instanceof StaleHours)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
    },
  );

  app.get(
    '/api/v1/admin/restos/:restoId/special-days',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'A restaurant’s special days in date order',
        description: SCOPE,
        params: adminHoursParams,
        response: {
          200: z.object({ specialDays: z.array(adminSpecialDay) }),
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { specialDays: await listSpecialDays(db, me, request.params.restoId) };
    },
  );

  app.post(
    '/api/v1/admin/restos/:restoId/special-days',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a special day: closed all day, or other hours',
        description: `${SCOPE} ${DAY_RULES} Its creation is not revertible: delete the day instead.`,
        params: adminHoursParams,
        body: adminSpecialDayCreate,
        response: {
          201: adminSpecialDay,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const day = await db.transaction((tx) =>
        createSpecialDay(tx, me, request.params.restoId, request.body, new Date(now())),
      );
      await catalog.refresh();
      reply.header('etag', etagOfVersion(day.version));
      return reply.code(201).send(day);
    },
  );

  app.patch(
    '/api/v1/admin/restos/:restoId/special-days/:specialDayId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a special day under If-Match',
        description: `${SCOPE} ${IF_MATCH} ${DAY_RULES} Audited as special-day, revertible.`,
        headers: ifMatchHeaders,
        params: adminSpecialDayParams,
        body: adminSpecialDayPatch,
        response: {
          200: adminSpecialDay,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          412: adminSpecialDayStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const { restoId, specialDayId } = request.params;
      return answerVersioned(request, reply, async () => {
        const day = await db.transaction((tx) =>
          patchSpecialDay(
            tx,
            me,
            restoId,
            specialDayId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return day;
      });
    },
  );

  app.delete(
    '/api/v1/admin/restos/:restoId/special-days/:specialDayId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a special day under If-Match: the date follows the week again',
        description: `${SCOPE} ${IF_MATCH} The deletion is revertible: the day comes back with its id.`,
        headers: ifMatchHeaders,
        params: adminSpecialDayParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminSpecialDayStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      const { restoId, specialDayId } = request.params;
      try {
        await db.transaction((tx) =>
          deleteSpecialDay(tx, me, restoId, specialDayId, request.headers['if-match'], new Date(now())),
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
