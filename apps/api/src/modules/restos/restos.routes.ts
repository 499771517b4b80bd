import {
  restoParams,
  restoResponse,
  restoScopedParams,
  restosQuery,
  restosResponse,
  workingHoursResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogRoutesOptions } from '../catalog/index.ts';
import { catalogGet, resolveWhiteLabel } from '../catalog/index.ts';
import { listRestos, publicResto, workingHours } from './restos.service.ts';

export const restosRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel, now },
) => {
  catalogGet(app, catalog, {
    url: '/1/p/restos',
    tag: 'restos',
    summary: 'Restaurants of a brand, optionally of one city',
    querystring: restosQuery,
    answer: restosResponse,
    key: ({ query }) => `restos:${query.whiteLabel ?? whiteLabel}:${query.cityId ?? '*'}`,
    produce: (s, { query }) => ({
      value: listRestos(s, resolveWhiteLabel(s, query.whiteLabel, whiteLabel), query.cityId),
    }),
  });

  catalogGet(app, catalog, {
    url: '/1/p/restos/:id',
    tag: 'restos',
    summary: 'One restaurant: address, contacts, menus, opening hours, payment options',
    params: restoParams,
    answer: restoResponse,
    // The special days shown move with the restaurant's date: the answer is kept an hour at most.
    key: ({ params }) => `resto:${params.id}:${Math.floor(now() / 3_600_000)}`,
    produce: (s, { params }) => ({ value: publicResto(s, params.id, now()) }),
  });

  catalogGet(app, catalog, {
    url: '/1/restos/:restoId/working-hours',
    tag: 'restos',
    summary: 'When each delivery method of a restaurant takes pre-orders',
    params: restoScopedParams,
    answer: workingHoursResponse,
    key: ({ params }) => `working-hours:${params.restoId}`,
    produce: (s, { params }) => ({ value: workingHours(s, params.restoId) }),
  });
};
