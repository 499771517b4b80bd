import {
  adminMenu,
  adminMenuCreate,
  adminMenuList,
  adminMenuParams,
  adminMenuPatch,
  adminMenuStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { createMenu, listMenus, menuOfBrand, patchMenu, StaleVersion } from './admin-menus.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

export const MENU_SCOPE =
  'Staff token only (401 without one). The brand is the token’s: another brand’s row is 404, as one that does not exist.';
export const MENU_WRITE = `${MENU_SCOPE} Owner and manager only: an operator gets 403 admin.forbidden-role. One transaction with its audit entry; the catalog revision moves, so the storefront and the preflight follow.`;
export const IF_MATCH =
  'If-Match must name the version read: without it 428 admin.version-required; another version is 412 ' +
  'admin.version-stale with the row as it is now in `current`.';

/** Runs a versioned change; a stale If-Match answers 412 with the row now and its ETag. */
export async function answerVersioned<T extends { version: number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  change: () => Promise<T>,
): Promise<T> {
  try {
    const row = await change();
    reply.header('etag', etagOfVersion(row.version));
    return row;
  } catch (error) {
    if (!(error instanceof StaleVersion)) throw error;
    reply.header('etag', etagOfVersion(error.current.version));
    return reply
      .code(412)
      .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
  }
}

/** Menus in the back office (decision 45): list, read, create, change under If-Match. */
export const adminMenusRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/menus',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The brand’s menus in order, each with its group and dish counts, restaurants, methods and version',
        description: `${MENU_SCOPE} Every role may read.`,
        response: { 200: adminMenuList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { menus: await listMenus(db, me.whiteLabel) };
    },
  );

  app.get(
    '/api/v1/admin/menus/:menuId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One menu, its version as the ETag',
        description: `${MENU_SCOPE} Every role may read.`,
        params: adminMenuParams,
        response: { 200: adminMenu, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const menu = await menuOfBrand(db, me.whiteLabel, request.params.menuId);
      reply.header('etag', etagOfVersion(menu.version));
      return menu;
    },
  );

  app.post(
    '/api/v1/admin/menus',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a menu',
        description:
          `${MENU_WRITE} Methods not given are off, so a new menu sells nothing until switched on. restoIds: the ` +
          'brand’s restaurants only, else 422 admin.resto-not-found (field restoIds). Its creation is not revertible.',
        body: adminMenuCreate,
        response: { 201: adminMenu, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const menu = await db.transaction((tx) => createMenu(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(menu.version));
      return reply.code(201).send(menu);
    },
  );

  app.patch(
    '/api/v1/admin/menus/:menuId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a menu’s names, order, methods, restaurants or add-ons under If-Match',
        description:
          `${MENU_WRITE} ${IF_MATCH} methods may name some flags only; restoIds is the whole new set (the brand’s ` +
          'restaurants only, else 422 admin.resto-not-found). A menu off for a method leaves that method’s ' +
          'storefront and the preflight refuses its dishes. addOnPositionIds is the cart’s add-ons with the menu, in ' +
          'order: a dish not of the brand is 422 admin.dish-not-found naming its place (addOnPositionIds.1).',
        headers: ifMatchHeaders,
        params: adminMenuParams,
        body: adminMenuPatch,
        response: {
          200: adminMenu,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminMenuStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      return answerVersioned(request, reply, async () => {
        const menu = await db.transaction((tx) =>
          patchMenu(
            tx,
            me,
            request.params.menuId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return menu;
      });
    },
  );
};
