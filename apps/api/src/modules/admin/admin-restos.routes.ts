import {
  adminResto,
  adminRestoCreate,
  adminRestoList,
  adminRestoParams,
  adminRestoPatch,
  adminRestoStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE } from './admin-menus.routes.ts';
import { createResto, listRestos, patchResto, restoOfBrand } from './admin-restos.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  `${MENU_SCOPE} Each person sees the restaurants of their account (as the board: an operator's own, a manager's and ` +
  'an owner’s every one); another of the brand is 403 staff.forbidden-resto.';
const RULES =
  'Phones: + and 7–15 digits (spaces, hyphens, brackets between); e-mails valid; links http(s) only; money whole ' +
  'kopecks ≥ 0; timezone ±HH:MM; menuIds the brand’s menus (422 admin.menu-not-found), cityId the brand’s city ' +
  '(422 admin.city-not-found), orderCode free within the brand (422 admin.resto-order-code-taken); reviewLinks https on Yandex Maps’ and ' +
  '2GIS’s own hosts, at most 500 characters (422 admin.review-link-invalid on reviewLinks.yandexMaps or ' +
  'reviewLinks.twoGis; null or blank clears, one named alone leaves the other). A pin outside ' +
  'its city’s bounds is saved and answered in `warnings` (admin.resto-outside-city, field location). The catalog ' +
  'revision moves: the storefront’s /1/p/restos follows at once (an unpublished restaurant leaves it).';

/** The brand's restaurants in the back office: list, read, change under If-Match, add (owners). */
export const adminRestosRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/restos',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The restaurants the person may see, unpublished ones too, with their versions',
        description: `${SCOPE} Every role may read.`,
        response: { 200: adminRestoList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { restos: await listRestos(db, me, requestLocale(request)) };
    },
  );

  app.get(
    '/api/v1/admin/restos/:restoId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One restaurant, its version as the ETag',
        description: `${SCOPE} Every role may read.`,
        params: adminRestoParams,
        response: { 200: adminResto, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const resto = await restoOfBrand(db, me, request.params.restoId, requestLocale(request));
      reply.header('etag', etagOfVersion(resto.version));
      return resto;
    },
  );

  app.post(
    '/api/v1/admin/restos',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a restaurant, unpublished until its hours and zones are set',
        description: `${SCOPE} Owners only (cities.write): others get 403 admin.forbidden-role. ${RULES} Its creation is not revertible: unpublish it instead.`,
        body: adminRestoCreate,
        response: { 201: adminResto, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'cities.write');
      const resto = await db.transaction((tx) =>
        createResto(tx, me, request.body, new Date(now()), requestLocale(request)),
      );
      await catalog.refresh();
      reply.header('etag', etagOfVersion(resto.version));
      return reply.code(201).send(resto);
    },
  );

  app.patch(
    '/api/v1/admin/restos/:restoId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a restaurant’s details, methods, payments, pre-order, menus, city or publication',
        description:
          `${SCOPE} Owner and manager (restos.write): an operator gets 403 admin.forbidden-role. ${IF_MATCH} ` +
          `${RULES} Lists are whole new lists; preOrder may name one method (null: switched off, its settings kept; its hours: a whole week, each weekday once, breaks inside the day, as the opening hours, or null: the method's opening hours; absent: kept). ` +
          'No restaurant is deleted (orders keep it): unpublish it.',
        headers: ifMatchHeaders,
        params: adminRestoParams,
        body: adminRestoPatch,
        response: {
          200: adminResto,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminRestoStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'restos.write');
      return answerVersioned(request, reply, async () => {
        const resto = await db.transaction((tx) =>
          patchResto(
            tx,
            me,
            request.params.restoId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
            requestLocale(request),
          ),
        );
        await catalog.refresh();
        return resto;
      });
    },
  );
};
