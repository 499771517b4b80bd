import { errorBody, locationQuery, locationResponse } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { resolveWhiteLabel } from '../catalog/white-label.ts';
import { cityLocation } from './location.service.ts';

export const locationRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel },
) => {
  app.get(
    '/1/p/location',
    {
      schema: {
        tags: ['location'],
        summary: "The location-level fetch of SPEC §7: a city's restaurants and delivery zones for one brand",
        querystring: locationQuery,
        response: { 200: locationResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const wl = resolveWhiteLabel(catalog.snapshot, request.query.whiteLabel, whiteLabel);
      const { cityId } = request.query;
      const answer = catalog.answer(`location:${wl}:${cityId}`, locationResponse, (s) => ({
        value: cityLocation(s, wl, cityId),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );
};
