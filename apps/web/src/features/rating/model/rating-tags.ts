import {
  DELIVERY_ONLY_RATING_TAGS,
  NEGATIVE_RATING_TAGS,
  RATING_TAGS,
  type RatingTag,
  REVIEW_INVITE_MIN,
} from '@storefront/domain';

export type DeliveryType = 'DELIVERY' | 'TAKE_AWAY';

/**
 * The tags offered for a number of stars: what went wrong below the review invitation's threshold, what went
 * well from it; none before a star is chosen, and none about a courier for take-away (the API refuses them).
 */
export function offeredTags(stars: number, deliveryType: DeliveryType): RatingTag[] {
  if (stars < 1) return [];
  const negative = stars < REVIEW_INVITE_MIN;
  return RATING_TAGS.filter(
    (tag) =>
      NEGATIVE_RATING_TAGS.includes(tag) === negative &&
      (deliveryType === 'DELIVERY' || !DELIVERY_ONLY_RATING_TAGS.includes(tag)),
  );
}

/** The chosen tags still offered after the stars changed (a 'cold' beside five stars would be refused). */
export function keptTags(tags: readonly string[], stars: number, deliveryType: DeliveryType): RatingTag[] {
  const offered = offeredTags(stars, deliveryType);
  return offered.filter((tag) => tags.includes(tag));
}
