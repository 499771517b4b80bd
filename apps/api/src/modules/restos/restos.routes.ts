import {
  errorBody,
  restoParams,
  restoResponse,
  restoScopedParams,
  restosQuery,
  restosResponse,
  workingHoursResponse,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCatalogAnswer } from '../../plugins/catalog-reply.ts';
import type { CatalogRoutesOptions } from '../catalog/catalog-routes-options.ts';
import { resolveWhiteLabel } from '../catalog/white-label.ts';
import { getResto, listRestos, workingHours } from './restos.service.ts';

export const restosRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (
  app,
  { catalog, whiteLabel },
) => {
  app.get(
    '/1/p/restos',
    {
      schema: {
        tags: ['restos'],
        summary: 'Restaurants of a brand, optionally of one city',
        querystring: restosQuery,
        response: { 200: restosResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const wl = resolveWhiteLabel(catalog.snapshot, request.query.whiteLabel, whiteLabel);
      const { cityId } = request.query;
      const answer = catalog.answer(`restos:${wl}:${cityId ?? '*'}`, restosResponse, (s) => ({
        value: listRestos(s, wl, cityId),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );

  app.get(
    '/1/p/restos/:id',
    {
      schema: {
        tags: ['restos'],
        summary: 'One restaurant: address, contacts, menus, opening hours, payment options',
        params: restoParams,
        response: { 200: restoResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendCatalogAnswer(
        request,
        reply,
        catalog.answer(`resto:${id}`, restoResponse, (s) => ({ value: getResto(s, id) })),
      );
    },
  );

  app.get(
    '/1/restos/:restoId/working-hours',
    {
      schema: {
        tags: ['restos'],
        summary: 'When each delivery method of a restaurant takes pre-orders',
        params: restoScopedParams,
        response: { 200: workingHoursResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { restoId } = request.params;
      const answer = catalog.answer(`working-hours:${restoId}`, workingHoursResponse, (s) => ({
        value: workingHours(s, restoId),
      }));
      return sendCatalogAnswer(request, reply, answer);
    },
  );
};
