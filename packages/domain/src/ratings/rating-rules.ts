import type { OrderStatus } from '../orders/order-statuses.ts';

/**
 * The customer's rating of a done order (decision 57): 1–5 stars, tags and a comment, given on the order page or
 * from a signed link that needs no sign-in; one per order, changeable for a day.
 */

export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
export const RATING_COMMENT_MAX = 1000;
export const RATING_TAGS_MAX = 6;
/** A rating can be changed for this long after it was first given. */
export const RATING_CHANGE_HOURS = 24;
/** A rating link works for this long after the order was done. */
export const RATING_LINK_DAYS = 7;
/** 1–2 stars are flagged to the restaurant's managers on the board. */
export const LOW_RATING_MAX = 2;
/** 4–5 stars invite the customer to review the restaurant on its map listing. */
export const REVIEW_INVITE_MIN = 4;

/** Tags a customer may add: the first ones say what went wrong, the last what went well. */
export const RATING_TAGS = [
  'cold',
  'late',
  'missing-items',
  'wrong-dish',
  'not-tasty',
  'packaging',
  'courier',
  'tasty',
  'hot',
  'on-time',
  'polite-courier',
] as const;
export type RatingTag = (typeof RATING_TAGS)[number];

export const RATING_TAG_TEXTS: Record<RatingTag, { ru: string; en: string }> = {
  cold: { ru: 'Холодное', en: 'Cold' },
  late: { ru: 'Опоздали', en: 'Late' },
  'missing-items': { ru: 'Не всё привезли', en: 'Something missing' },
  'wrong-dish': { ru: 'Перепутали блюдо', en: 'Wrong dish' },
  'not-tasty': { ru: 'Невкусно', en: 'Not tasty' },
  packaging: { ru: 'Упаковка', en: 'Packaging' },
  courier: { ru: 'Курьер', en: 'Courier' },
  tasty: { ru: 'Вкусно', en: 'Tasty' },
  hot: { ru: 'Горячее', en: 'Hot' },
  'on-time': { ru: 'Вовремя', en: 'On time' },
  'polite-courier': { ru: 'Вежливый курьер', en: 'Polite courier' },
};

/** Tags about a courier mean nothing for take-away. */
export const DELIVERY_ONLY_RATING_TAGS: readonly RatingTag[] = ['courier', 'polite-courier'];
/** Tags offered below REVIEW_INVITE_MIN stars; the rest above. */
export const NEGATIVE_RATING_TAGS: readonly RatingTag[] = [
  'cold',
  'late',
  'missing-items',
  'wrong-dish',
  'not-tasty',
  'packaging',
  'courier',
];

export function isLowRating(stars: number): boolean {
  return stars <= LOW_RATING_MAX;
}

export function invitesReview(stars: number): boolean {
  return stars >= REVIEW_INVITE_MIN;
}

export function mayBeRated(status: OrderStatus): boolean {
  return status === 'done';
}

/** Until when a rating first given at `createdAtMs` may still be changed. */
export function ratingChangeableUntilMs(createdAtMs: number): number {
  return createdAtMs + RATING_CHANGE_HOURS * 3_600_000;
}

/** Until when a link for an order done at `doneAtMs` works. */
export function ratingLinkExpiresAtMs(doneAtMs: number): number {
  return doneAtMs + RATING_LINK_DAYS * 86_400_000;
}

/** A restaurant's map listings where a pleased customer is invited to leave a review. */
export interface ReviewLinks {
  yandexMaps: string | null;
  twoGis: string | null;
}

const REVIEW_HOSTS: Record<keyof ReviewLinks, RegExp> = {
  yandexMaps: /^(?:[a-z0-9-]+\.)*yandex\.(?:ru|com|by|kz|uz|com\.tr)$/,
  twoGis: /^(?:[a-z0-9-]+\.)*2gis\.(?:ru|com|kz|ae|kg|uz|cz|cl|it)$/,
};

/** Whether a review link is an https address on its service's own host (a link elsewhere is refused). */
export function reviewLinkFits(kind: keyof ReviewLinks, url: string): boolean {
  // The domain has no URL class (no DOM, no Node): the host is what follows 'https://' up to '/', '?' or '#'.
  const match = /^https:\/\/([a-z0-9.-]+)(?::\d+)?(?:[/?#][^\s]*)?$/i.exec(url);
  return !!match && url.length <= 500 && REVIEW_HOSTS[kind].test((match[1] ?? '').toLowerCase());
}
