import {
  adminDishOrder,
  adminDishOrderResponse,
  adminGroup,
  adminGroupCreate,
  adminGroupList,
  adminGroupOrder,
  adminGroupParams,
  adminGroupPatch,
  adminGroupStaleBody,
  adminMenuParams,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import {
  createGroup,
  listGroups,
  patchGroup,
  reorderDishes,
  reorderGroups,
  StaleGroupVersion,
} from './admin-groups.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  'Staff token only (401 without one). The brand is the token’s: another brand’s menu is 404 menu.not-found, ' +
  'its group 404 position-group.not-found.';
const WRITE = `${SCOPE} Owner and manager only: an operator gets 403 admin.forbidden-role. One transaction with its audit entry; the catalog revision moves, so every instance shows the change.`;
const REORDER =
  'The whole new order, as a drag and drop sends it: exactly the list’s ids, each once, else 422 ' +
  'admin.order-mismatch and nothing changes. One audit entry with the order before and after, revertible.';

/** A menu's groups in the back office (decision 45): list, create, rename or hide under If-Match, reorder. */
export const adminGroupsRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/menus/:menuId/groups',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'A menu’s groups in their order, hidden ones too, with each one’s dish count and version',
        description: `${SCOPE} Every role may read.`,
        params: adminMenuParams,
        response: { 200: adminGroupList, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { groups: await listGroups(db, me.whiteLabel, request.params.menuId) };
    },
  );

  app.post(
    '/api/v1/admin/menus/:menuId/groups',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a group, shown, after the menu’s last one',
        description: `${WRITE} Names: not blank, at most 120 characters. Its audit entry (create) is not revertible: hide the group instead.`,
        params: adminMenuParams,
        body: adminGroupCreate,
        response: { 201: adminGroup, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const group = await db.transaction((tx) =>
        createGroup(tx, me, request.params.menuId, request.body.name, new Date(now())),
      );
      await catalog.refresh();
      reply.header('etag', etagOfVersion(group.version));
      return reply.code(201).send(group);
    },
  );

  app.patch(
    '/api/v1/admin/groups/:groupId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Renames a group, or hides or shows it with every dish in it, under If-Match',
        description:
          `${WRITE} If-Match must name the version read: without it 428 admin.version-required; another version ` +
          'is 412 admin.version-stale with the group as it is now in `current`. A hidden group (isPublished false) ' +
          'leaves the storefront’s menu with its dishes, and the preflight refuses them as unpublished dishes.',
        headers: ifMatchHeaders,
        params: adminGroupParams,
        body: adminGroupPatch,
        response: {
          200: adminGroup,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminGroupStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      try {
        const group = await db.transaction((tx) =>
          patchGroup(
            tx,
            me,
            request.params.groupId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        reply.header('etag', etagOfVersion(group.version));
        return group;
      } catch (error) {
        if (!(error instanceof StaleGroupVersion)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
    },
  );

  app.put(
    '/api/v1/admin/menus/:menuId/groups/order',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Puts a menu’s groups in a new order',
        description: `${WRITE} ${REORDER} Each group’s version is bumped.`,
        params: adminMenuParams,
        body: adminGroupOrder,
        response: { 200: adminGroupList, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const groups = await db.transaction((tx) =>
        reorderGroups(tx, me, request.params.menuId, request.body.groupIds, new Date(now())),
      );
      await catalog.refresh();
      return { groups };
    },
  );

  app.put(
    '/api/v1/admin/groups/:groupId/dishes/order',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Puts a group’s dishes (hidden ones too) in a new order',
        description: `${WRITE} ${REORDER} Each dish’s version is bumped.`,
        params: adminGroupParams,
        body: adminDishOrder,
        response: {
          200: adminDishOrderResponse,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const dishes = await db.transaction((tx) =>
        reorderDishes(tx, me, request.params.groupId, request.body.positionIds, new Date(now())),
      );
      await catalog.refresh();
      return { dishes };
    },
  );
};
