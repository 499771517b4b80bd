import { errorBody, personBonusResponse, personIdParams } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { personBonus } from './bonus-history.ts';

/** A person's points (decision 55): the storefront's balance, expiring points and history. */
export const bonusRoutes: FastifyPluginAsyncZod<{
  db: Database;
  whiteLabel: string;
  now: () => number;
}> = async (app, { db, whiteLabel, now }) => {
  app.get(
    '/api/v1/persons/:personId/bonus',
    {
      schema: {
        tags: ['bonus'],
        summary:
          "The person's points: the balance that can be spent now, what expires within 30 days and the history, newest first (403 for another person's id)",
        params: personIdParams,
        response: { 200: personBonusResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) => personBonus(db, whiteLabel, request.params.personId, now(), requestLocale(request)),
  );
};
