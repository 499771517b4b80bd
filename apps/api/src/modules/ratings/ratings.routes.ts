import {
  errorBody,
  orderRatingState,
  personOrderRatingParams,
  ratingBody,
  ratingTokenParam,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.ts';
import { ApiError } from '../../core/api-error.ts';
import type { Database } from '../../db/client.ts';
import { signedInPerson } from '../../plugins/authentication.ts';
import { giveRating, readRatingState } from './rating-store.ts';
import { type RatingLinkKey, verifyRatingToken } from './rating-token.ts';

export interface RatingsRoutesOptions {
  db: Database;
  config: AppConfig;
  now: () => number;
  linkKey: RatingLinkKey;
}

const RULES =
  'One rating per order, of a done order only (409 rating.order-not-done): 1–5 stars, up to 6 tags (a tag sent ' +
  'twice counts once; courier and polite-courier are 422 rating.tag-not-for-method on a take-away order) and a ' +
  'comment (trimmed; empty is none). It may be changed for 24 hours after it was first given (409 ' +
  'rating.change-closed after). Giving or changing it writes the order event `rated`.';

/**
 * The customer's rating (decision 57): on the order page, signed in as the path's person (403
 * auth.forbidden-person for another person; 404 order.not-found for an order that is not theirs, as the orders
 * calls), and from the signed link with no sign-in (404 rating.link-invalid, 410 rating.link-expired).
 */
export const ratingsRoutes: FastifyPluginAsyncZod<RatingsRoutesOptions> = async (
  app,
  { db, config, now, linkKey },
) => {
  const whiteLabel = config.brand.whiteLabel;

  app.get(
    '/api/v1/persons/:personId/orders/:orderId/rating',
    {
      schema: {
        tags: ['ratings'],
        summary:
          'The order’s rating, whether it may be given or changed now, and the restaurant’s review links',
        params: personOrderRatingParams,
        response: { 200: orderRatingState, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
      config: { auth: 'path-person' },
    },
    async (request) =>
      readRatingState(db, whiteLabel, request.params.orderId, signedInPerson(request), now()),
  );

  app.put(
    '/api/v1/persons/:personId/orders/:orderId/rating',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Gives or changes the rating of the person’s done order',
        description: RULES,
        params: personOrderRatingParams,
        body: ratingBody,
        response: {
          200: orderRatingState,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
      config: { auth: 'path-person' },
    },
    async (request) =>
      giveRating(
        db,
        whiteLabel,
        request.params.orderId,
        signedInPerson(request),
        request.body,
        'order-page',
        now(),
      ),
  );

  const linkOrder = (token: string, nowMs: number) => {
    const check = verifyRatingToken(linkKey, token, nowMs);
    if (!check.ok)
      throw check.reason === 'expired'
        ? new ApiError(410, 'rating.link-expired')
        : new ApiError(404, 'rating.link-invalid');
    return check.orderId;
  };
  const LINK =
    'The token is the signed link’s (sent by SMS a while after the order is done): one order, for 7 days after ' +
    'it was done. 404 rating.link-invalid for a token malformed or signed otherwise, 410 rating.link-expired ' +
    'once its time is up (rate on the order page then).';

  app.get(
    '/api/v1/ratings/:token',
    {
      schema: {
        tags: ['ratings'],
        summary: 'The rating state of the link’s order (no sign-in)',
        description: LINK,
        params: ratingTokenParam,
        response: { 200: orderRatingState, 400: errorBody, 404: errorBody, 410: errorBody },
      },
      config: { auth: 'personal' },
    },
    async (request) => {
      const nowMs = now();
      return readRatingState(db, whiteLabel, linkOrder(request.params.token, nowMs), { link: true }, nowMs);
    },
  );

  app.put(
    '/api/v1/ratings/:token',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Gives or changes the rating of the link’s order (no sign-in)',
        description: `${LINK} ${RULES}`,
        params: ratingTokenParam,
        body: ratingBody,
        response: {
          200: orderRatingState,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          422: errorBody,
        },
      },
      config: { auth: 'personal' },
    },
    async (request) => {
      const nowMs = now();
      const orderId = linkOrder(request.params.token, nowMs);
      return giveRating(db, whiteLabel, orderId, { link: true }, request.body, 'link', nowMs);
    },
  );
};
