import { deliveriesQuery, deliveriesResponse, restoScopedParams } from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogRoutesOptions } from '../catalog/index.ts';
import { catalogGet } from '../catalog/index.ts';
import { restoZonesPage } from './deliveries.service.ts';

export const deliveriesRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, { catalog }) => {
  catalogGet(app, catalog, {
    url: '/1/restos/:restoId/deliveries',
    tag: 'deliveries',
    summary: "The restaurant's delivery zones: polygons and order-sum thresholds with cost and time",
    params: restoScopedParams,
    querystring: deliveriesQuery,
    answer: deliveriesResponse,
    key: ({ params, query }) => `zones:${params.restoId}:${query.size ?? '-'}`,
    produce: (s, { params, query }) => ({ value: restoZonesPage(s, params.restoId, query.size) }),
  });
};
