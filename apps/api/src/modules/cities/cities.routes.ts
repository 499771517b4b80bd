import { citiesQuery, citiesResponse, cityParams, cityResponse } from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { CatalogRoutesOptions } from '../catalog/index.ts';
import { catalogGet, resolveWhiteLabel } from '../catalog/index.ts';
import { getCity, listCities } from './cities.service.ts';

export const citiesRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel },
) => {
  catalogGet(app, catalog, {
    url: '/1/p/cities',
    tag: 'cities',
    summary: 'Cities of a brand, optionally only the given ids',
    querystring: citiesQuery,
    answer: citiesResponse,
    key: ({ query }, s) => {
      if (!query.cityId) return `cities:${query.whiteLabel ?? whiteLabel}:*`;
      // Unknown ids are answered without being kept; known ones in one order, each once.
      if (query.cityId.some((id) => !s.cities.has(id))) return null;
      const ids = [...new Set(query.cityId)].sort((a, b) => a - b);
      return `cities:${query.whiteLabel ?? whiteLabel}:${ids.join(',')}`;
    },
    produce: (s, { query }) => ({
      value: listCities(s, resolveWhiteLabel(s, query.whiteLabel, whiteLabel), query.cityId),
    }),
  });

  catalogGet(app, catalog, {
    url: '/1/p/cities/:cityId',
    tag: 'cities',
    summary: 'One city with its map bounds, centre and zoom',
    params: cityParams,
    answer: cityResponse,
    key: ({ params }) => `city:${params.cityId}`,
    produce: (s, { params }) => ({ value: getCity(s, params.cityId) }),
  });
};
