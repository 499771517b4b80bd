import type { OrderRatingState, RatingBody } from '@storefront/domain/contracts';
import { authFetch } from '../../../entities/session/session.ts';
import { apiFetch } from '../../../shared/api-client.ts';

/**
 * Where a rating is read and given: the signed-in customer's own order, or a signed link that needs no sign-in
 * (its token is the only key, so it is never logged or sent anywhere else).
 */
export type RatingSource =
  | { kind: 'person'; personId: number; orderId: number }
  | { kind: 'link'; token: string };

const path = (source: RatingSource) =>
  source.kind === 'person'
    ? `/api/v1/persons/${source.personId}/orders/${source.orderId}/rating`
    : `/api/v1/ratings/${encodeURIComponent(source.token)}`;

const fetchFor = (source: RatingSource) => (source.kind === 'person' ? authFetch : apiFetch);

export function fetchRating(source: RatingSource): Promise<OrderRatingState> {
  return fetchFor(source)<OrderRatingState>(path(source));
}

/** PUT: gives the rating, or changes it while it may be changed; answers the new state. */
export function putRating(source: RatingSource, body: RatingBody): Promise<OrderRatingState> {
  return fetchFor(source)<OrderRatingState>(path(source), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const ratingQuery = (source: RatingSource) => ({
  queryKey:
    source.kind === 'person'
      ? (['order-rating', source.personId, source.orderId] as const)
      : (['rating-link', source.token] as const),
  queryFn: () => fetchRating(source),
});
