import {
  deliveryPointQuery,
  deliveryPointResponse,
  errorBody,
  locationQuery,
  locationResponse,
  nearestPickupQuery,
  nearestPickupResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogRoutesOptions } from '../catalog/index.ts';
import { catalogGet, resolveWhiteLabel } from '../catalog/index.ts';
import { cityDeliveryPoint } from './delivery-point.ts';
import { cityLocation } from './location.service.ts';
import { nearestPickup } from './nearest-pickup.ts';

export const locationRoutes: FastifyPluginAsync<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel },
) => {
  catalogGet(app, catalog, {
    url: '/1/p/location',
    tag: 'location',
    summary:
      "The location-level fetch of docs/product.md §7: a city's restaurants and delivery zones for one brand",
    querystring: locationQuery,
    answer: locationResponse,
    key: ({ query }) => `location:${query.whiteLabel ?? whiteLabel}:${query.cityId}`,
    produce: (s, { query }) => ({
      value: cityLocation(s, resolveWhiteLabel(s, query.whiteLabel, whiteLabel), query.cityId),
    }),
  });

  // Not a cached catalog answer: every point is a different question.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/1/p/location/delivery-point',
    {
      schema: {
        tags: ['location'],
        summary:
          "docs/product.md §5 'Point-in-area' on the server: the delivery zone (of a delivering restaurant) holding a point, and its restaurant",
        querystring: deliveryPointQuery,
        response: { 200: deliveryPointResponse, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async ({ query }, reply) => {
      const answer = cityDeliveryPoint(
        catalog.snapshot,
        { asked: query.whiteLabel, served: whiteLabel },
        query.cityId,
        { lat: query.lat, lng: query.lng },
      );
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/1/p/location/nearest-pickup',
    {
      schema: {
        tags: ['location'],
        summary:
          "The city's take-away point nearest a point, by a straight line (the pickup the storefront proposes)",
        description:
          'Of the published restaurants of the city that take take-away. 404 city.not-found for a city not of the ' +
          'brand, 404 location.no-pickup when the city has none, 400 for coordinates out of range.',
        querystring: nearestPickupQuery,
        response: { 200: nearestPickupResponse, 400: errorBody, 404: errorBody },
      },
    },
    async ({ query }, reply) => {
      const answer = nearestPickup(
        catalog.snapshot,
        { asked: query.whiteLabel, served: whiteLabel },
        query.cityId,
        { lat: query.lat, lng: query.lng },
      );
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
};
