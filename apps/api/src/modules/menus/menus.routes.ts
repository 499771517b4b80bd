import {
  menuParams,
  modifiersResponse,
  positionGroupsResponse,
  positionsQuery,
  positionsResponse,
  restoScopedParams,
  timeSlotsResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogRoutesOptions } from '../catalog/index.ts';
import { catalogGet } from '../catalog/index.ts';
import { menuPositions, positionGroups, restoModifiers, restoTimeSlots } from './menus.service.ts';

export const menusRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, { catalog }) => {
  catalogGet(app, catalog, {
    url: '/1/p/menus/:id/position-groups',
    tag: 'menus',
    summary:
      "Groups of a menu in order, with the synthetic group 0 'Прочее' last when some dishes have no group",
    params: menuParams,
    answer: positionGroupsResponse,
    key: ({ params }) => `groups:${params.id}`,
    produce: (s, { params }) => ({ value: positionGroups(s, params.id) }),
  });

  catalogGet(app, catalog, {
    url: '/1/p/menus/:id/positions',
    tag: 'menus',
    summary: 'Dishes of a menu, optionally of one group (0: the dishes without a group)',
    params: menuParams,
    querystring: positionsQuery,
    answer: positionsResponse,
    key: ({ params, query }) => `positions:${params.id}:${query.groupId ?? '*'}`,
    produce: (s, { params, query }) => ({ value: menuPositions(s, params.id, query.groupId) }),
  });

  catalogGet(app, catalog, {
    url: '/1/restos/:restoId/positions/modifiers',
    tag: 'menus',
    summary: "Modifier groups (with min/max counts and priced items) of the restaurant's dishes",
    params: restoScopedParams,
    answer: modifiersResponse,
    key: ({ params }) => `modifiers:${params.restoId}`,
    produce: (s, { params }) => ({ value: restoModifiers(s, params.restoId) }),
  });

  catalogGet(app, catalog, {
    url: '/1/restos/:restoId/position-time-slots',
    tag: 'menus',
    summary: 'Days and hours when time-limited dishes (a business lunch) can be ordered',
    params: restoScopedParams,
    answer: timeSlotsResponse,
    key: ({ params }) => `time-slots:${params.restoId}`,
    produce: (s, { params }) => ({ value: restoTimeSlots(s, params.restoId) }),
  });
};
