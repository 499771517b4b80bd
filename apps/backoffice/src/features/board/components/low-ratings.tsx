import { type Locale, pickText, RATING_STARS_MAX, RATING_TAG_TEXTS } from '@storefront/domain';
import type { BoardResto, StaffRating } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dropLowRating, lowRatingsQuery, markRatingSeen, rereadLowRatings } from '../model/ratings-api.ts';
import styles from './staff.module.css';

/** The flags of the restaurants on screen, newest first; none while `enabled` is false (an operator's board). */
export function useLowRatings(staffId: number, restoIds: readonly number[], enabled: boolean) {
  return useQueries({
    queries: restoIds.map((restoId) => ({ ...lowRatingsQuery(staffId, restoId), enabled })),
    combine: (results) => ({
      ratings: results
        .flatMap((result) => result.data ?? [])
        .sort((a, b) => Date.parse(b.ratedAt) - Date.parse(a.ratedAt)),
      failed: results.some((result) => result.isError),
    }),
  });
}

/** Stars as a row of ★/☆ (read out as 'N of 5'). */
export function RatingStars({ stars }: { stars: number }) {
  const { t } = useTranslation('staff');
  const full = Math.max(0, Math.min(RATING_STARS_MAX, stars));
  return (
    <span className={styles.ratingStars}>
      <span aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(RATING_STARS_MAX - full)}</span>
      <span className={styles.visuallyHidden}>{t('ratingStars', { stars, max: RATING_STARS_MAX })}</span>
    </span>
  );
}

export const ratingTags = (rating: Pick<StaffRating, 'tags'>, locale: Locale) =>
  rating.tags.map((tag) => pickText(RATING_TAG_TEXTS[tag], locale)).join(', ');

/**
 * The board's low-rating flags (decision 57): a customer gave 1–2 stars and no manager has looked yet. A manager
 * marks each seen and it goes for every manager of the restaurant.
 */
export function LowRatingFlags({
  staffId,
  ratings,
  failed,
  restos,
  locale,
}: {
  staffId: number;
  ratings: StaffRating[];
  failed: boolean;
  /** The restaurants on screen: with more than one, a flag names its restaurant. */
  restos: readonly BoardResto[];
  locale: Locale;
}) {
  const { t } = useTranslation('staff');
  if (ratings.length === 0 && !failed) return null;
  return (
    <section className={styles.lowRatings} aria-labelledby="staff-low-ratings" data-testid="low-ratings">
      <h2 id="staff-low-ratings" className={styles.columnTitle}>
        {t('lowRatingsTitle', { n: ratings.length })}
      </h2>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('lowRatingsFailed')}
        </p>
      )}
      <ul className={styles.lowRatingList}>
        {ratings.map((rating) => (
          <LowRatingFlag
            key={rating.orderId}
            staffId={staffId}
            rating={rating}
            restoName={
              restos.length > 1
                ? pickText(restos.find((r) => r.id === rating.restoId)?.name ?? { ru: '' }, locale)
                : null
            }
            locale={locale}
          />
        ))}
      </ul>
    </section>
  );
}

function LowRatingFlag({
  staffId,
  rating,
  restoName,
  locale,
}: {
  staffId: number;
  rating: StaffRating;
  restoName: string | null;
  locale: Locale;
}) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const seen = useMutation({
    mutationFn: () => markRatingSeen(rating.orderId),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      dropLowRating(queryClient, staffId, rating.orderId);
      void rereadLowRatings(queryClient, staffId);
    },
    onError: (error) => setFailure(t('lowRatingSeenFailed', { message: error.message })),
  });
  const tags = ratingTags(rating, locale);
  return (
    <li className={styles.lowRating} data-testid={`low-rating-${rating.orderId}`}>
      <p className={styles.lowRatingText}>
        <strong>{t('ratingOf', { stars: rating.stars })}</strong>
        {` · ${rating.number}`}
        {restoName && ` · ${restoName}`}
        {tags && ` · ${tags}`}
        {rating.comment && (
          <>
            {' · '}
            <span className={styles.ratingComment}>{t('ratingComment', { text: rating.comment })}</span>
          </>
        )}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <Button
        variant="secondary"
        loading={seen.isPending}
        disabled={seen.isPending}
        onClick={() => seen.mutate()}
        aria-label={t('lowRatingSeenFor', { number: rating.number })}
      >
        {t('lowRatingSeen')}
      </Button>
    </li>
  );
}

/** The customer's rating on the order card: stars, tags and the comment. */
export function OrderRating({ rating, locale }: { rating: StaffRating; locale: Locale }) {
  const { t } = useTranslation('staff');
  const tags = ratingTags(rating, locale);
  return (
    <div className={styles.orderRating} data-testid="order-rating" data-stars={rating.stars}>
      <p>
        {`${t('orderRating')} `}
        <RatingStars stars={rating.stars} />
      </p>
      {tags && <p>{tags}</p>}
      {rating.comment && (
        <p>
          <span className={styles.ratingComment}>{t('ratingComment', { text: rating.comment })}</span>
        </p>
      )}
    </div>
  );
}
