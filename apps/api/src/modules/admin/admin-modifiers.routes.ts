import {
  adminModifierGroup,
  adminModifierGroupCreate,
  adminModifierGroupList,
  adminModifierGroupListQuery,
  adminModifierGroupParams,
  adminModifierGroupPatch,
  adminModifierGroupStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE, MENU_WRITE } from './admin-menus.routes.ts';
import {
  createModifierGroup,
  listModifierGroups,
  modifierGroupOfBrand,
  patchModifierGroup,
} from './admin-modifiers.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const RULES =
  'Counts: maxCount at least 1, minCount at most maxCount and at most the number of items, else 422 ' +
  'admin.modifier-counts-invalid naming minCount or maxCount; they are written to every dish the group is ' +
  'attached to. positionIds (the whole set of dishes it is attached to): the brand’s dishes only, else 422 ' +
  'admin.dish-not-found. Item prices are whole kopecks, 0 or more.';

/** Modifier groups in the back office (decision 45): list, read, create, change and attach under If-Match. */
export const adminModifiersRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/modifier-groups',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The brand’s modifier groups (or those attached to a dish of one menu) with items, dishes, version',
        description: `${MENU_SCOPE} Every role may read.`,
        querystring: adminModifierGroupListQuery,
        response: { 200: adminModifierGroupList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      return { groups: await listModifierGroups(db, me.whiteLabel, request.query.menuId) };
    },
  );

  app.get(
    '/api/v1/admin/modifier-groups/:modifierGroupId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One modifier group, its version as the ETag',
        description: `${MENU_SCOPE} Every role may read.`,
        params: adminModifierGroupParams,
        response: { 200: adminModifierGroup, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.read');
      const group = await modifierGroupOfBrand(db, me.whiteLabel, request.params.modifierGroupId);
      reply.header('etag', etagOfVersion(group.version));
      return group;
    },
  );

  app.post(
    '/api/v1/admin/modifier-groups',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a modifier group with its items, attached to the dishes given',
        description: `${MENU_WRITE} ${RULES} Its creation is not revertible: detach it from every dish instead.`,
        body: adminModifierGroupCreate,
        response: { 201: adminModifierGroup, 401: errorBody, 403: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      const group = await db.transaction((tx) => createModifierGroup(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(group.version));
      return reply.code(201).send(group);
    },
  );

  app.patch(
    '/api/v1/admin/modifier-groups/:modifierGroupId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a modifier group’s names, counts, items or dishes under If-Match',
        description:
          `${MENU_WRITE} ${IF_MATCH} ${RULES} items is the whole new list in order: an item keeps its id when sent ` +
          'with it (an id not of this group is 422 admin.modifier-item-not-found, field items.N.id), one left out ' +
          'is removed. The preflight prices the new items and checks the new counts at once.',
        headers: ifMatchHeaders,
        params: adminModifierGroupParams,
        body: adminModifierGroupPatch,
        response: {
          200: adminModifierGroup,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          412: adminModifierGroupStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'menu.write');
      return answerVersioned(request, reply, async () => {
        const group = await db.transaction((tx) =>
          patchModifierGroup(
            tx,
            me,
            request.params.modifierGroupId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return group;
      });
    },
  );
};
