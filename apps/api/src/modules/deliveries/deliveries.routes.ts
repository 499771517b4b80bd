import {
  deliveriesQuery,
  deliveriesResponse,
  errorBody,
  restoScopedParams,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { restoZonesPage } from './deliveries.service.ts';

export const deliveriesRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog }) => {
  app.get(
    '/1/restos/:restoId/deliveries',
    {
      schema: {
        tags: ['deliveries'],
        summary: "The restaurant's delivery zones: polygons and order-sum thresholds with cost and time",
        params: restoScopedParams,
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { restoId } = request.params;
      const { size } = request.query;
      const answer = catalog.answer(`zones:${restoId}:${size ?? '-'}`, deliveriesResponse, (s) => ({
        value: restoZonesPage(s, restoId, size),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );
};
