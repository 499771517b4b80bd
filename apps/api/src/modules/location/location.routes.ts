import { locationQuery, locationResponse } from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { catalogGet } from '../catalog/catalog-get.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { resolveWhiteLabel } from '../catalog/white-label.ts';
import { cityLocation } from './location.service.ts';

export const locationRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel },
) => {
  catalogGet(app, catalog, {
    url: '/1/p/location',
    tag: 'location',
    summary: "The location-level fetch of SPEC §7: a city's restaurants and delivery zones for one brand",
    querystring: locationQuery,
    answer: locationResponse,
    key: ({ query }) => `location:${query.whiteLabel ?? whiteLabel}:${query.cityId}`,
    produce: (s, { query }) => ({
      value: cityLocation(s, resolveWhiteLabel(s, query.whiteLabel, whiteLabel), query.cityId),
    }),
  });
};
