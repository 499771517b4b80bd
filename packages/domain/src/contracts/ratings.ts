import { z } from 'zod';
import {
  RATING_COMMENT_MAX,
  RATING_STARS_MAX,
  RATING_STARS_MIN,
  RATING_TAGS,
  RATING_TAGS_MAX,
} from '../ratings/rating-rules.ts';
import { id, idParam, localizedText, storedText } from './common.ts';
import { reportQuery } from './reports.ts';

/** The customer's rating of a done order (decision 57). */

export const ratingBody = z.object({
  stars: z.number().int().min(RATING_STARS_MIN).max(RATING_STARS_MAX),
  tags: z.array(z.enum(RATING_TAGS)).max(RATING_TAGS_MAX).default([]),
  /** Trimmed; empty means none. A NUL is refused (PostgreSQL's text cannot hold it). */
  comment: storedText(RATING_COMMENT_MAX).nullable().optional(),
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

/** GET/PUT /api/v1/persons/{personId}/orders/{orderId}/rating */
export const personOrderRatingParams = z.object({ personId: idParam, orderId: idParam });

/** A whole number in a query string, within bounds. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const STAFF_RATINGS_MAX = 200;

/** GET /api/v1/staff/ratings?restoId=&unseen=true&limit= : the board's low-rating flags. */
export const staffRatingsQuery = z.object({
  restoId: idParam,
  /** 'true': only low ratings (1–2 stars) no manager has marked seen yet. */
  unseen: z.enum(['true', 'false']).default('false'),
  limit: queryInt(1, STAFF_RATINGS_MAX).default(50),
});

/** POST /api/v1/staff/ratings/{orderId}/seen */
export const staffRatingParams = z.object({ orderId: idParam });

/** GET /api/v1/admin/reports/ratings?from&to&restoIds&maxStars&limit : the reports screen's comments. */
export const reportRatingsQuery = reportQuery.extend({
  maxStars: queryInt(RATING_STARS_MIN, RATING_STARS_MAX).optional(),
  limit: queryInt(1, STAFF_RATINGS_MAX).default(100),
});

/** Ratings newest first. */
export const staffRatingsResponse = z.object({ content: z.array(staffRating) });
export type StaffRatingsResponse = z.infer<typeof staffRatingsResponse>;
