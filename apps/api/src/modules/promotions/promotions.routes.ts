import { errorBody, promotionsResponse, restoScopedParams } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { restoPromotions } from './promotions.service.ts';

export const promotionsRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, now },
) => {
  app.get(
    '/1/restos/:restoId/promotions',
    {
      schema: {
        tags: ['promotions'],
        summary: 'Promotions running now in the restaurant, highest priority first',
        params: restoScopedParams,
        response: { 200: promotionsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { restoId } = request.params;
      const answer = catalog.answer(`promotions:${restoId}`, promotionsResponse, (s) =>
        restoPromotions(s, restoId, now()),
      );
      return sendCatalogAnswer(request, reply, answer);
    },
  );
};
