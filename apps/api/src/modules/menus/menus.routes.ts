import {
  errorBody,
  menuParams,
  modifiersResponse,
  positionGroupsResponse,
  positionsQuery,
  positionsResponse,
  restoScopedParams,
  timeSlotsResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { menuPositions, positionGroups, restoModifiers, restoTimeSlots } from './menus.service.ts';

export const menusRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog }) => {
  app.get(
    '/1/p/menus/:id/position-groups',
    {
      schema: {
        tags: ['menus'],
        summary:
          "Groups of a menu in order, with the synthetic group 0 'Прочее' last when some dishes have no group",
        params: menuParams,
        response: { 200: positionGroupsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = catalog.answer(`groups:${id}`, positionGroupsResponse, (s) => ({
        value: positionGroups(s, id),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );

  app.get(
    '/1/p/menus/:id/positions',
    {
      schema: {
        tags: ['menus'],
        summary: 'Dishes of a menu, optionally of one group (0: the dishes without a group)',
        params: menuParams,
        querystring: positionsQuery,
        response: { 200: positionsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { groupId } = request.query;
      const answer = catalog.answer(`positions:${id}:${groupId ?? '*'}`, positionsResponse, (s) => ({
        value: menuPositions(s, id, groupId),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );

  app.get(
    '/1/restos/:restoId/positions/modifiers',
    {
      schema: {
        tags: ['menus'],
        summary: "Modifier groups (with min/max counts and priced items) of the restaurant's dishes",
        params: restoScopedParams,
        response: { 200: modifiersResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { restoId } = request.params;
      const answer = catalog.answer(`modifiers:${restoId}`, modifiersResponse, (s) => ({
        value: restoModifiers(s, restoId),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );

  app.get(
    '/1/restos/:restoId/position-time-slots',
    {
      schema: {
        tags: ['menus'],
        summary: 'Days and hours when time-limited dishes (a business lunch) can be ordered',
        params: restoScopedParams,
        response: { 200: timeSlotsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { restoId } = request.params;
      const answer = catalog.answer(`time-slots:${restoId}`, timeSlotsResponse, (s) => ({
        value: restoTimeSlots(s, restoId),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );
};
