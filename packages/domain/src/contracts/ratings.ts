import { z } from 'zod';
import {
  RATING_COMMENT_MAX,
  RATING_STARS_MAX,
  RATING_STARS_MIN,
  RATING_TAGS,
  RATING_TAGS_MAX,
} from '../ratings/rating-rules.ts';
import { id, localizedText } from './common.ts';

/** The customer's rating of a done order (decision 57). */

export const ratingBody = z.object({
  stars: z.number().int().min(RATING_STARS_MIN).max(RATING_STARS_MAX),
  tags: z.array(z.enum(RATING_TAGS)).max(RATING_TAGS_MAX).default([]),
  comment: z.string().max(RATING_COMMENT_MAX).nullable().optional(),
});
export type RatingBody = z.infer<typeof ratingBody>;

export const reviewLinks = z.object({
  yandexMaps: z.string().nullable(),
  twoGis: z.string().nullable(),
});

export const orderRating = z.object({
  stars: z.number().int(),
  tags: z.array(z.enum(RATING_TAGS)),
  comment: z.string().nullable(),
  ratedAt: z.string(),
  /** Until when it may still be changed (ISO); past it, a change answers 409 rating.change-closed. */
  changeableUntil: z.string(),
});
export type OrderRating = z.infer<typeof orderRating>;

/** What the order page and the link page show: the rating, if any, and where a pleased customer may review. */
export const orderRatingState = z.object({
  orderId: id,
  /** Whether the order may be rated (done) or its rating changed now. */
  canRate: z.boolean(),
  rating: orderRating.nullable(),
  /** The restaurant's map listings, shown after 4–5 stars; nulls where the restaurant has none. */
  reviewLinks,
  restoName: localizedText,
  number: z.string(),
  deliveryType: z.enum(['DELIVERY', 'TAKE_AWAY']),
});
export type OrderRatingState = z.infer<typeof orderRatingState>;

/** The signed link's token: 'r1.' then the order id and expiry, then an HMAC (opaque to the client). */
export const ratingTokenParam = z.object({ token: z.string().min(1).max(300) });

/** A rating as staff see it (the order card, the board's low-rating flags, reports). */
export const staffRating = z.object({
  orderId: id,
  restoId: id,
  number: z.string(),
  stars: z.number().int(),
  tags: z.array(z.enum(RATING_TAGS)),
  comment: z.string().nullable(),
  ratedAt: z.string(),
  seenAt: z.string().nullable(),
});
export type StaffRating = z.infer<typeof staffRating>;
