import {
  adminBulkPriceRefusal,
  adminBulkPriceRequest,
  adminBulkPriceResponse,
  adminDish,
  adminDishList,
  adminDishListQuery,
  adminDishParams,
  adminDishPatch,
  adminStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import {
  bulkPrice,
  dishOrNotFound,
  etagOfVersion,
  listDishes,
  patchDish,
  StaleVersion,
} from './admin-dishes.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  'Staff token only (401 without one). The brand is the token’s: another brand’s dish is 404 position.not-found.';
const READ = `${SCOPE} Every role may read (an operator’s stop-list names dishes).`;
const WRITE = `${SCOPE} Owner and manager only: an operator gets 403 admin.forbidden-role. One transaction with its audit entry; the catalog revision moves, so every instance shows the change.`;

/** Dishes in the back office (decision 45): list, read with its version, change under If-Match, bulk price. */
export const adminDishesRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/dishes',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s dishes, searched by Russian or English name, a page at a time',
        description: `${READ} Ordered by menu, the menu’s order, id; \`total\` counts every match.`,
        querystring: adminDishListQuery,
        response: { 200: adminDishList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return listDishes(db, me.whiteLabel, request.query);
    },
  );

  app.get(
    '/api/v1/admin/dishes/:positionId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One dish as the back office edits it; its ETag is its version',
        description: `${READ} Send the ETag back as If-Match to change the dish.`,
        params: adminDishParams,
        response: { 200: adminDish, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const dish = await dishOrNotFound(db, me.whiteLabel, request.params.positionId);
      reply.header('etag', etagOfVersion(dish.version));
      return dish;
    },
  );

  app.patch(
    '/api/v1/admin/dishes/:positionId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Changes a dish’s names, descriptions, price, weight, group, order, tags or published state, under If-Match',
        description:
          `${WRITE} If-Match must name the version read (the ETag): without it 428 admin.version-required; ` +
          'another version is 412 admin.version-stale with the dish as it is now in `current`. Names: not blank, ' +
          'at most 120 characters; price: whole kopecks, at least 1. A name or description replaces both languages. ' +
          'Weight (`measure`, null to clear): a positive value in g, pc, ml or cm. `groupId`: a group of the same ' +
          'menu (else 422 admin.group-of-another-menu), null for none. `tagIds`: the whole set, tags of the brand ' +
          '(else 422 admin.tag-not-found); `isAdult` marks 18+.',
        headers: ifMatchHeaders,
        params: adminDishParams,
        body: adminDishPatch,
        response: {
          200: adminDish,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      try {
        const dish = await db.transaction((tx) =>
          patchDish(
            tx,
            me,
            request.params.positionId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        reply.header('etag', etagOfVersion(dish.version));
        return dish;
      } catch (error) {
        if (!(error instanceof StaleVersion)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
    },
  );

  app.post(
    '/api/v1/admin/dishes/bulk-price',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes the prices of several dishes by ± percent or ± kopecks, all or none',
        description:
          `${WRITE} Each dish’s change rounds to whole kopecks, a half away from zero; one audit entry per dish. ` +
          'A dish of another brand or none is 404 position.not-found; a result below 1 kopeck or above ' +
          '1 000 000 ₽ is 422 admin.price-out-of-range naming the dish (positionId); nothing changes then.',
        body: adminBulkPriceRequest,
        response: {
          200: adminBulkPriceResponse,
          401: errorBody,
          403: errorBody,
          404: adminBulkPriceRefusal,
          422: adminBulkPriceRefusal,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const dishes = await db.transaction((tx) =>
        bulkPrice(tx, me, request.body.positionIds, request.body.change, new Date(now())),
      );
      await catalog.refresh();
      return { dishes };
    },
  );
};
