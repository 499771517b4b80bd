import { promotionsResponse, restoScopedParams } from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogRoutesOptions } from '../catalog/index.ts';
import { catalogGet } from '../catalog/index.ts';
import { restoPromotions } from './promotions.service.ts';

export const promotionsRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (app, { catalog, now }) => {
  catalogGet(app, catalog, {
    url: '/1/restos/:restoId/promotions',
    tag: 'promotions',
    summary: 'Promotions running now in the restaurant, highest priority first',
    params: restoScopedParams,
    answer: promotionsResponse,
    key: ({ params }) => `promotions:${params.restoId}`,
    produce: (s, { params }) => restoPromotions(s, params.restoId, now()),
  });
};
