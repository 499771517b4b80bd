import { errorBody, personIdParams, personProfile } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import { signedInPerson } from '../../plugins/authentication.ts';
import { personProfile as loadProfile } from './persons.ts';

/** The signed-in person's profile (docs/product.md §3), and the first `/persons/{personId}/…` route. */
export const meRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const { whiteLabel } = app.authentication.settings;

  const profileOf = async (personId: number) => {
    const profile = await loadProfile(db, whiteLabel, personId);
    // A valid token of a person who no longer exists is no sign-in.
    if (!profile) throw new ApiError(401, 'auth.token-invalid');
    return profile;
  };

  app.get(
    '/api/v1/me',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The signed-in person's profile, with their delivery contacts (Authorization: Bearer access token)",
        response: { 200: personProfile, 401: errorBody },
      },
      config: { auth: 'signed-in' },
    },
    async (request) => profileOf(signedInPerson(request).personId),
  );

  app.get(
    '/api/v1/persons/:personId/profile',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The same profile by id: 403 auth.forbidden-person unless the access token is that person's (the rule of every /persons/{personId}/… call)",
        params: personIdParams,
        response: { 200: personProfile, 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) => profileOf(request.params.personId),
  );
};
