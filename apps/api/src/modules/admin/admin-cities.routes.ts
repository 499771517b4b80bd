import {
  adminCity,
  adminCityCreate,
  adminCityList,
  adminCityParams,
  adminCityPatch,
  adminCityStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { cityOfBrand, createCity, deleteCity, listCities, patchCity } from './admin-cities.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const OWNERS =
  'Owners only (cities.write): a manager or an operator gets 403 admin.forbidden-role. One transaction with its ' +
  'audit entry; the catalog revision moves, so the storefront follows.';
const RULES =
  'bounds.southWest south and west of bounds.northEast (else 422 admin.city-bounds-inverted), the centre inside ' +
  'them (else 422 admin.city-center-outside); zoom 3–19.';

/** The brand's cities in the back office: list and read (every role), add, change, delete (owners). */
export const adminCitiesRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/cities',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s cities with their bounds, restaurant counts and versions',
        description: `${MENU_SCOPE} Every role may read.`,
        response: { 200: adminCityList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { cities: await listCities(db, me.whiteLabel) };
    },
  );

  app.get(
    '/api/v1/admin/cities/:cityId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One city, its version as the ETag',
        description: `${MENU_SCOPE} Every role may read.`,
        params: adminCityParams,
        response: { 200: adminCity, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const city = await cityOfBrand(db, me.whiteLabel, request.params.cityId);
      reply.header('etag', etagOfVersion(city.version));
      return city;
    },
  );

  app.post(
    '/api/v1/admin/cities',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a city',
        description: `${MENU_SCOPE} ${OWNERS} ${RULES} Its creation is not revertible: delete the city instead.`,
        body: adminCityCreate,
        response: { 201: adminCity, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'cities.write');
      const city = await db.transaction((tx) => createCity(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(city.version));
      return reply.code(201).send(city);
    },
  );

  app.patch(
    '/api/v1/admin/cities/:cityId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a city’s name, centre, bounds, zoom or order under If-Match',
        description: `${MENU_SCOPE} ${OWNERS} ${IF_MATCH} ${RULES}`,
        headers: ifMatchHeaders,
        params: adminCityParams,
        body: adminCityPatch,
        response: {
          200: adminCity,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminCityStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'cities.write');
      return answerVersioned(request, reply, async () => {
        const city = await db.transaction((tx) =>
          patchCity(
            tx,
            me,
            request.params.cityId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return city;
      });
    },
  );

  app.delete(
    '/api/v1/admin/cities/:cityId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a city without restaurants under If-Match',
        description:
          `${MENU_SCOPE} ${OWNERS} ${IF_MATCH} While any restaurant is in the city: 409 admin.city-has-restos ` +
          '(move them first). The deletion is revertible: the city comes back with its id.',
        headers: ifMatchHeaders,
        params: adminCityParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          412: adminCityStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'cities.write');
      try {
        await db.transaction((tx) =>
          deleteCity(tx, me, request.params.cityId, request.headers['if-match'], new Date(now())),
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
