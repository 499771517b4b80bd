import { errorBody, personIdParams, personProfile } from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../plugins/api-error.ts';
import { AccessTokens } from './access-tokens.ts';
import type { AuthRoutesOptions } from './auth.routes.ts';
import { readAuthSettings } from './auth-settings.ts';
import { personProfile as loadProfile } from './persons.ts';
import { authenticate, authenticatedPerson, requirePerson } from './require-person.ts';

/** The signed-in person's profile (SPEC §3), and the first `/persons/{personId}/…` route. */
export const meRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config, db, now }) => {
  const settings = readAuthSettings(config);
  const tokens = new AccessTokens(settings.accessTokenKey, settings.issuer, settings.whiteLabel, now);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const profileOf = async (personId: number) => {
    const profile = await loadProfile(db, settings.whiteLabel, personId);
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
      preHandler: authenticate(tokens),
    },
    async (request) => profileOf(authenticatedPerson(request).personId),
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
      preHandler: requirePerson(tokens),
    },
    async (request) => profileOf(request.params.personId),
  );
};
