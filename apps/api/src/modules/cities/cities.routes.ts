import {
  citiesQuery,
  citiesResponse,
  cityParams,
  cityResponse,
  errorBody,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { resolveWhiteLabel } from '../catalog/white-label.ts';
import { getCity, listCities } from './cities.service.ts';

export const citiesRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel },
) => {
  app.get(
    '/1/p/cities',
    {
      schema: {
        tags: ['cities'],
        summary: 'Cities of a brand, optionally only the given ids',
        querystring: citiesQuery,
        response: { 200: citiesResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const wl = resolveWhiteLabel(catalog.snapshot, request.query.whiteLabel, whiteLabel);
      const ids = request.query.cityId;
      const key = `cities:${wl}:${ids?.join(',') ?? '*'}`;
      return sendCatalogAnswer(
        request,
        reply,
        catalog.answer(key, citiesResponse, (s) => ({ value: listCities(s, wl, ids) })),
      );
    },
  );

  app.get(
    '/1/p/cities/:cityId',
    {
      schema: {
        tags: ['cities'],
        summary: 'One city with its map bounds, centre and zoom',
        params: cityParams,
        response: { 200: cityResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { cityId } = request.params;
      return sendCatalogAnswer(
        request,
        reply,
        catalog.answer(`city:${cityId}`, cityResponse, (s) => ({ value: getCity(s, cityId) })),
      );
    },
  );
};
