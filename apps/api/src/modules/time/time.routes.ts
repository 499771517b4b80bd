import { errorBody, nowResponse } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const timeRoutes: FastifyPluginAsyncZod<{ now: () => number }> = async (app, { now }) => {
  app.get(
    '/1/now',
    {
      schema: {
        tags: ['time'],
        summary: "The server's clock in UTC, for the storefront to correct its own",
        response: { 200: nowResponse, 500: errorBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { utc_time: new Date(now()).toISOString() };
    },
  );
};
