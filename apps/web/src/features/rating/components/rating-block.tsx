import {
  invitesReview,
  type Locale,
  pickText,
  RATING_COMMENT_MAX,
  RATING_STARS_MAX,
  RATING_TAG_TEXTS,
  type RatingTag,
} from '@storefront/domain';
import type { OrderRatingState, RatingBody } from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { failureText } from '../../../entities/orders/order-client.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { AppLink } from '../../../shared/navigation/app-link.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { Field } from '../../../shared/ui/field.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { putRating, type RatingSource, ratingQuery } from '../model/rating-client.ts';
import { keptTags, offeredTags } from '../model/rating-tags.ts';
import { useRatingTexts } from '../rating-namespace.ts';
import styles from './rating.module.css';

/** A link that no longer opens a rating: the page says why and leads to the orders instead of offering a retry. */
const LINK_FAILURES = new Set(['rating.link-invalid', 'rating.link-expired']);

/** No answer at all says so in the interface language; a refusal in the words of its code (the API's language). */
function errorText(error: unknown, locale: Locale): string {
  if (error instanceof ApiError && error.network) return error.message;
  return failureText(error, locale);
}

const STAR_VALUES = Array.from({ length: RATING_STARS_MAX }, (_, index) => index + 1);

/**
 * The customer's rating of a done order (decision 57): the stars, tags and comment to send, then what was given
 * with a way to change it for a day and, for 4–5 stars, the restaurant's map listings to review it on. The same
 * block on the order page (signed in) and behind a rating link (the link's page adds the order's number).
 */
export function RatingBlock({ source }: { source: RatingSource }) {
  const { t } = useRatingTexts();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery({ ...ratingQuery(source), retry: false });
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: (body: RatingBody) => putRating(source, body),
    onSuccess: (next) => {
      queryClient.setQueryData(ratingQuery(source).queryKey, next);
      setEditing(false);
    },
    onError: (error) => {
      // The order or the rating moved on (a day passed, staff reopened it): show what holds now.
      if (error instanceof ApiError && error.status === 409) {
        setEditing(false);
        void queryClient.invalidateQueries({ queryKey: ratingQuery(source).queryKey });
      }
    },
  });

  if (query.isPending) {
    return (
      <section className={styles.card} data-testid="rating-block">
        <Spinner size={32} label={t('loading')} />
      </section>
    );
  }
  if (query.isError) {
    const code = query.error instanceof ApiError ? query.error.code : null;
    const linkFailed = source.kind === 'link' && code !== null && LINK_FAILURES.has(code);
    return (
      <section className={styles.card} data-testid="rating-block" role="alert">
        <h2 className={styles.title}>{linkFailed ? t('linkTitle') : t('loadFailed')}</h2>
        <p data-testid="rating-load-error">{errorText(query.error, locale)}</p>
        <div className={styles.actions}>
          {!linkFailed && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
          {source.kind === 'link' && (
            <AppLink to="/orders" className={styles.link}>
              {t('toOrders')}
            </AppLink>
          )}
        </div>
      </section>
    );
  }

  const state = query.data;
  const changeable =
    state.canRate && state.rating !== null && Date.parse(state.rating.changeableUntil) > serverNow();
  const showForm = state.canRate && (state.rating === null || editing);
  const failure = save.isError && (
    <p role="alert" className={styles.error} data-testid="rating-send-error">
      {t('sendFailed', { message: errorText(save.error, locale) })}
    </p>
  );

  return (
    <>
      {source.kind === 'link' && (
        <header className={styles.head}>
          <h1>{t('linkTitle')}</h1>
          <p data-testid="rating-order-number">{t('orderNumber', { number: state.number })}</p>
          <p className={styles.muted}>{pickText(state.restoName, locale)}</p>
        </header>
      )}
      <section className={styles.card} data-testid="rating-block">
        {showForm ? (
          <RatingForm
            state={state}
            sending={save.isPending}
            failure={failure}
            onSend={(body) => save.mutate(body)}
            onCancel={state.rating ? () => setEditing(false) : null}
          />
        ) : state.rating ? (
          <>
            <GivenRating
              state={state}
              changeable={changeable}
              onChange={() => {
                save.reset();
                setEditing(true);
              }}
            />
            {failure}
          </>
        ) : (
          <>
            <p className={styles.muted}>{t('notYet')}</p>
            {failure}
          </>
        )}
      </section>
    </>
  );
}

interface RatingInput {
  stars: number;
  tags: RatingTag[];
  comment: string;
}

interface RatingFormProps {
  state: OrderRatingState;
  sending: boolean;
  failure: ReactNode;
  onSend: (body: RatingBody) => void;
  /** Leaves a change of a given rating; null for a first rating. */
  onCancel: (() => void) | null;
}

function RatingForm({ state, sending, failure, onSend, onCancel }: RatingFormProps) {
  const { t } = useRatingTexts();
  const locale = useLocale();
  const titleId = useId();
  const starsErrorId = useId();
  const { control, register, handleSubmit, setValue, getValues, watch, formState } = useForm<RatingInput>({
    defaultValues: {
      stars: state.rating?.stars ?? 0,
      tags: state.rating?.tags ?? [],
      comment: state.rating?.comment ?? '',
    },
  });
  const stars = watch('stars');
  const comment = watch('comment');
  const tags = offeredTags(stars, state.deliveryType);
  const starsError = formState.errors.stars?.message;

  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      data-testid="rating-form"
      onSubmit={handleSubmit((input) =>
        onSend({ stars: input.stars, tags: input.tags, comment: input.comment.trim() || null }),
      )}
    >
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      <Controller
        control={control}
        name="stars"
        rules={{ validate: (value) => value >= 1 || t('chooseStars') }}
        render={({ field }) => (
          <fieldset
            className={styles.group}
            aria-describedby={starsError ? starsErrorId : undefined}
            aria-invalid={!!starsError}
          >
            <legend className={styles.legend}>{t('starsLegend')}</legend>
            <div className={styles.stars}>
              {STAR_VALUES.map((value) => (
                <label key={value} className={cx(styles.star, value <= field.value && styles.filled)}>
                  <input
                    type="radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    aria-label={t('star', { count: value })}
                    onBlur={field.onBlur}
                    onChange={() => {
                      field.onChange(value);
                      setValue('tags', keptTags(getValues('tags'), value, state.deliveryType));
                    }}
                    ref={value === 1 ? field.ref : undefined}
                    data-testid={`rating-star-${value}`}
                  />
                  <span aria-hidden="true">{value <= field.value ? '★' : '☆'}</span>
                </label>
              ))}
            </div>
            {starsError && (
              <p id={starsErrorId} role="alert" className={styles.error}>
                {starsError}
              </p>
            )}
          </fieldset>
        )}
      />
      {tags.length > 0 && (
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <fieldset className={styles.group}>
              <legend className={styles.legend}>
                {stars >= 4 ? t('tagsLegendGood') : t('tagsLegendBad')}
              </legend>
              <ul className={styles.tags}>
                {tags.map((tag) => {
                  const on = field.value.includes(tag);
                  return (
                    <li key={tag}>
                      <label className={cx(styles.tag, on && styles.tagOn)}>
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={() =>
                            field.onChange(
                              on ? field.value.filter((one) => one !== tag) : [...field.value, tag],
                            )
                          }
                          data-testid={`rating-tag-${tag}`}
                        />
                        {pickText(RATING_TAG_TEXTS[tag], locale)}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
        />
      )}
      <Field
        label={t('comment')}
        hint={
          <span className={styles.counter}>
            {t('commentCount', { count: comment.length, max: RATING_COMMENT_MAX })}
          </span>
        }
        personal
      >
        {(controlProps) => (
          <textarea
            {...controlProps}
            {...register('comment')}
            rows={3}
            maxLength={RATING_COMMENT_MAX}
            data-testid="rating-comment"
          />
        )}
      </Field>
      {failure}
      <div className={styles.actions}>
        <Button type="submit" loading={sending} data-testid="rating-send">
          {t('send')}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('cancelEdit')}
          </Button>
        )}
      </div>
    </form>
  );
}

function GivenRating({
  state,
  changeable,
  onChange,
}: {
  state: OrderRatingState;
  changeable: boolean;
  onChange: () => void;
}) {
  const { t } = useRatingTexts();
  const locale = useLocale();
  const rating = state.rating;
  if (!rating) return null;
  const until = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(rating.changeableUntil));
  const links = [
    { key: 'yandexMaps', href: state.reviewLinks.yandexMaps },
    { key: 'twoGis', href: state.reviewLinks.twoGis },
  ].filter((link): link is { key: 'yandexMaps' | 'twoGis'; href: string } => !!link.href);

  return (
    <div className={styles.form} data-testid="rating-thanks">
      <h2 className={styles.title}>{t('thanks')}</h2>
      <p
        className={styles.given}
        role="img"
        aria-label={t('star', { count: rating.stars })}
        data-testid="rating-given-stars"
        data-stars={rating.stars}
      >
        {STAR_VALUES.map((value) => (value <= rating.stars ? '★' : '☆')).join('')}
      </p>
      {rating.tags.length > 0 && (
        <ul className={styles.tags} data-testid="rating-given-tags">
          {rating.tags.map((tag) => (
            <li key={tag} className={cx(styles.tag, styles.tagOn)}>
              {pickText(RATING_TAG_TEXTS[tag], locale)}
            </li>
          ))}
        </ul>
      )}
      {rating.comment && (
        <p className={cx(styles.comment, 'ym-hide-content')} data-testid="rating-given-comment">
          {rating.comment}
        </p>
      )}
      {changeable && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onChange} data-testid="rating-change">
            {t('change')}
          </Button>
          <span className={styles.muted}>{t('changeUntil', { time: until })}</span>
        </div>
      )}
      {invitesReview(rating.stars) && links.length > 0 && (
        <section className={styles.invite} data-testid="rating-review-invite">
          <h3>{t('reviewTitle')}</h3>
          <p className={styles.muted}>{t('reviewText')}</p>
          <div className={styles.actions}>
            {links.map((link) => (
              // A new tab that cannot reach back into this page, and no Referer: a rating link's token stays here.
              <a
                key={link.key}
                className={styles.reviewLink}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`rating-review-${link.key}`}
              >
                {t(link.key)}
              </a>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
