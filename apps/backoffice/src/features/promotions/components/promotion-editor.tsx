import { pickText } from '@storefront/domain';
import type { AdminPromotion } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useId, useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DishOrderPicker } from '../../../entities/menu-parts/dish-order-picker.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { useAdminMenus, useAllDishes } from '../../../entities/menu-parts/menu-parts.ts';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { RestoChecklist } from '../../../entities/restos/resto-checklist.tsx';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import {
  GIFT_OPTIONS,
  type PromotionValues,
  promotionBody,
  promotionFieldOf,
  promotionIssues,
  promotionValues,
} from '../model/promotion-form.ts';
import {
  usePromotion,
  usePromotionPicture,
  usePromotions,
  useSavePromotion,
} from '../model/promotions-api.ts';
import { DeletePromotionButton } from './delete-promotion.tsx';
import own from './promotions.module.css';

const styles = { ...screen, ...own };

const resolver = issuesResolver<PromotionValues>(promotionIssues as unknown as FormCheck<PromotionValues>);

/** A promotion's form, new (id null) or read first (its version goes back as If-Match). */
export function PromotionEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('promotions');
  const promotion = usePromotion(id !== null && id > 0 ? id : null);
  // The list's answer carries the brand's wall clock (its first restaurant's offset).
  const offset = usePromotions().data?.timezone ?? '+03:00';
  if (id === null) return <PromotionForm promotion={null} offset={offset} />;
  if (promotion.isPending && id > 0)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (promotion.isError || id <= 0 || !promotion.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {promotion.error ? `: ${promotion.error.message}` : ''}
        </p>
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <PromotionForm key={`${promotion.data.id}-${offset}`} promotion={promotion.data} offset={offset} />;
}

function errorWords(errors: FieldErrors<PromotionValues>, name: string, t: (key: string) => string) {
  const error = (errors as Record<string, { type?: string; message?: string } | undefined>)[name];
  if (!error?.type) return undefined;
  return error.type === 'server' ? error.message : t(error.type);
}

function PromotionForm({ promotion, offset }: { promotion: AdminPromotion | null; offset: string }) {
  const { t } = useTranslation('promotions');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const save = useSavePromotion();
  const picture = usePromotionPicture();
  const menus = useAdminMenus();
  const dishes = useAllDishes();
  const fileId = useId();
  const [current, setCurrent] = useState(promotion);
  const [stale, setStale] = useState<{ current: AdminPromotion; mine: PromotionValues } | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PromotionValues>({
    defaultValues: promotionValues(promotion, offset),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, control, formState, setError, reset, setValue } = form;
  const linkMenuId = useWatch({ control, name: 'linkMenuId' });
  const kind = useWatch({ control, name: 'kind' });
  const giftId = useId();
  const error = (name: string) => errorWords(formState.errors, name, t);
  const menuDishes = (dishes.data ?? []).filter((dish) => String(dish.menuId) === linkMenuId);

  const send = async (values: PromotionValues, over: number | null) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        id: current?.id ?? null,
        version: over,
        body: promotionBody(values, offset),
      });
      setStale(null);
      setCurrent(saved);
      reset(promotionValues(saved, offset));
      setStatus('saved');
      if (!current) navigate(`/${saved.id}`, { replace: true });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const now = (caught.data as { current?: AdminPromotion } | null)?.current;
      if (caught.status === 412 && now) {
        setStale({ current: now, mine: values });
        return;
      }
      const shown = caught.fieldErrors.flatMap((entry) => {
        const field = promotionFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'titleRu', { type: 'server', message: entry.message }, { shouldFocus: true });
        return [field];
      });
      if (shown.length === 0) setFailure(`${t('saveFailed')}: ${caught.message}`);
      else setStatus('invalid');
    }
  };

  const changePicture = (file: File | null) => {
    if (!current) return;
    setFailure(null);
    picture.mutate(
      { id: current.id, version: current.version, file },
      {
        onSuccess: (saved) => setCurrent(saved),
        onError: (caught) => {
          const now =
            caught instanceof ApiError ? (caught.data as { current?: AdminPromotion } | null)?.current : null;
          if (now) setCurrent(now);
          setFailure(`${t('pictureFailed')}: ${caught.message}`);
        },
      },
    );
  };

  const onSubmit = handleSubmit(
    (values) => send(values, current?.version ?? null),
    () => setStatus('invalid'),
  );

  return (
    <section className={styles.screen} aria-labelledby="promotion-title">
      <div className={styles.heading}>
        <h2 id="promotion-title" className={styles.title}>
          {current ? t('editTitle', { title: pickText(current.title, locale) }) : t('newTitle')}
        </h2>
        <div className={styles.headingActions}>
          {current && (
            <DeletePromotionButton
              promotion={current}
              onDone={(outcome) => {
                if (outcome.kind === 'deleted') navigate('/', { replace: true });
                else setFailure(outcome.text);
              }}
            />
          )}
          <Link href="/" className={styles.backLink}>
            {t('back')}
          </Link>
        </div>
      </div>

      <fieldset className={`${styles.items} ${styles.pictureBox}`}>
        <legend className={styles.legend}>{t('picture')}</legend>
        {current ? (
          <>
            {current.image ? (
              <img className={styles.preview} src={current.image} alt="" />
            ) : (
              <p className={styles.hint}>{t('pictureNone')}</p>
            )}
            <div className={styles.pictureActions}>
              <input
                id={fileId}
                className={styles.fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={picture.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) changePicture(file);
                }}
              />
              <label htmlFor={fileId} className={styles.fileLabel}>
                {t('pictureChoose')}
              </label>
              {current.image && (
                <Button variant="text" onClick={() => changePicture(null)} disabled={picture.isPending}>
                  {t('pictureRemove')}
                </Button>
              )}
              {picture.isPending && (
                <span role="status" className={styles.hint}>
                  <Spinner size={16} /> {t('pictureUploading')}
                </span>
              )}
            </div>
            <p className={styles.hint}>{t('pictureHint')}</p>
          </>
        ) : (
          <p className={styles.hint}>{t('pictureAfterSave')}</p>
        )}
      </fieldset>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.kindSwitch}>
          <legend className={styles.legend}>{t('kind')}</legend>
          {(['banner', 'gift'] as const).map((value) => (
            <label key={value} className={styles.kindOption}>
              <input type="radio" value={value} {...register('kind')} />
              <span>{t(`kind_${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.grid2}>
          <Field label={t('titleRu')} required error={error('titleRu')}>
            {(c) => <input {...c} {...register('titleRu')} />}
          </Field>
          <Field label={t('titleEn')} error={error('titleEn')}>
            {(c) => <input {...c} {...register('titleEn')} />}
          </Field>
          <Field label={t('textRu')} error={error('textRu')}>
            {(c) => <textarea {...c} rows={3} {...register('textRu')} />}
          </Field>
          <Field label={t('textEn')} error={error('textEn')}>
            {(c) => <textarea {...c} rows={3} {...register('textEn')} />}
          </Field>
        </div>
        <div className={styles.grid3}>
          <Field label={t('priority')} hint={t('priorityHint')} error={error('priority')}>
            {(c) => <input {...c} inputMode="numeric" {...register('priority')} />}
          </Field>
          <Field label={t('startsAt')} hint={t('datesHint', { offset })} error={error('startsAt')}>
            {(c) => <input {...c} type="datetime-local" {...register('startsAt')} />}
          </Field>
          <Field label={t('endsAt')} hint={t('datesHint', { offset })} error={error('endsAt')}>
            {(c) => <input {...c} type="datetime-local" {...register('endsAt')} />}
          </Field>
        </div>
        <label className={styles.check}>
          <input type="checkbox" {...register('isPublished')} />
          <span>{t('published')}</span>
        </label>

        {kind === 'gift' && (
          <fieldset className={styles.items}>
            <legend className={styles.legend}>{t('gift')}</legend>
            <p className={styles.hint}>{t('giftHint')}</p>
            <Field label={t('giftMinSum')} required hint={t('giftMinSumHint')} error={error('giftMinSum')}>
              {(c) => (
                <span className={styles.sumInput}>
                  <input {...c} inputMode="numeric" autoComplete="off" {...register('giftMinSum')} />
                  <span aria-hidden="true">₽</span>
                </span>
              )}
            </Field>
            <Controller
              control={control}
              name="giftPositionIds"
              render={({ field }) =>
                dishes.isError ? (
                  <p className={styles.error} role="alert">
                    {t('dishesFailed')}
                  </p>
                ) : dishes.isPending ? (
                  <p role="status">
                    <Spinner size={20} /> {t('loading')}
                  </p>
                ) : (
                  <DishOrderPicker
                    dishes={dishes.data}
                    value={field.value}
                    onChange={field.onChange}
                    max={GIFT_OPTIONS}
                    locale={locale}
                    invalid={!!error('giftPositionIds')}
                    describedBy={error('giftPositionIds') ? `${giftId}-dishes` : undefined}
                    labels={{
                      legend: t('giftDishes'),
                      search: t('giftDishesSearch'),
                      chosen: t('giftDishesCount', { count: field.value.length, max: GIFT_OPTIONS }),
                      add: t('giftAdd'),
                      up: t('moveUp'),
                      down: t('moveDown'),
                      remove: t('remove'),
                      nothingFound: t('nothingFound'),
                      none: t('giftDishesNone'),
                      full: t('giftDishesFull', { max: GIFT_OPTIONS }),
                    }}
                  />
                )
              }
            />
            {error('giftPositionIds') && (
              <p id={`${giftId}-dishes`} className={styles.error} role="alert">
                {error('giftPositionIds')}
              </p>
            )}
            <label className={styles.check}>
              <input type="checkbox" {...register('giftWithPromoCode')} />
              <span>{t('giftWithPromoCode')}</span>
            </label>
            <label className={styles.check}>
              <input type="checkbox" {...register('giftWithBonus')} />
              <span>{t('giftWithBonus')}</span>
            </label>
          </fieldset>
        )}

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('link')}</legend>
          <p className={styles.hint}>{t('linkHint')}</p>
          <div className={styles.grid2}>
            <Field label={t('linkMenu')} error={error('linkMenuId')}>
              {(c) => (
                <select
                  {...c}
                  {...register('linkMenuId', { onChange: () => setValue('linkPositionId', '') })}
                >
                  <option value="">{t('linkNone')}</option>
                  {(menus.data ?? []).map((menu) => (
                    <option key={menu.id} value={String(menu.id)}>
                      {pickText(menu.name, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('linkDish')} error={error('linkPositionId')}>
              {(c) => (
                <select {...c} disabled={!linkMenuId} {...register('linkPositionId')}>
                  <option value="">{t('linkWholeMenu')}</option>
                  {menuDishes.map((dish) => (
                    <option key={dish.id} value={String(dish.id)}>
                      {pickText(dish.name, locale)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </fieldset>

        <Controller
          control={control}
          name="restoIds"
          render={({ field }) => (
            <RestoChecklist
              value={field.value}
              onChange={field.onChange}
              legend={t('restos')}
              noneMeans={t('restosHint')}
              error={error('restoIds')}
            />
          )}
        />

        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <p className={styles.hint}>{t('undoHint')}</p>
          <p role="status" className={status === 'invalid' ? styles.error : styles.ok}>
            {status === 'saved' ? t('saved') : status === 'invalid' ? t('fixErrors') : ''}
          </p>
          {failure && (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          )}
        </div>
      </form>
      {stale && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, promotionValues(stale.current, offset), t, (id) => {
            const dish = dishes.data?.find((candidate) => candidate.id === id);
            return dish ? pickText(dish.name, locale) : `#${id}`;
          })}
          saving={save.isPending}
          labels={{
            title: t('staleTitle'),
            intro: t('staleIntro'),
            field: t('staleField'),
            mine: t('staleMine'),
            now: t('staleNow'),
            takeCurrent: t('takeCurrent'),
            saveMine: t('saveMine'),
          }}
          onTakeCurrent={() => {
            setCurrent(stale.current);
            reset(promotionValues(stale.current, offset));
            setStale(null);
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </section>
  );
}

function staleRows(
  mine: PromotionValues,
  now: PromotionValues,
  t: (key: string) => string,
  dishName: (id: number) => string,
): StaleRow[] {
  const labels: [keyof PromotionValues, string][] = [
    ['titleRu', t('titleRu')],
    ['titleEn', t('titleEn')],
    ['textRu', t('textRu')],
    ['textEn', t('textEn')],
    ['priority', t('priority')],
    ['startsAt', t('startsAt')],
    ['endsAt', t('endsAt')],
    ['isPublished', t('published')],
    ['linkMenuId', t('linkMenu')],
    ['linkPositionId', t('linkDish')],
    ['restoIds', t('restos')],
    ['kind', t('kind')],
    ['giftMinSum', t('giftMinSum')],
    ['giftPositionIds', t('giftDishes')],
    ['giftWithPromoCode', t('giftWithPromoCode')],
    ['giftWithBonus', t('giftWithBonus')],
  ];
  const shown = (key: keyof PromotionValues, value: unknown) =>
    key === 'kind'
      ? t(`kind_${value}`)
      : key === 'giftPositionIds'
        ? (value as number[]).map(dishName).join(', ')
        : Array.isArray(value)
          ? value.join(', ')
          : String(value);
  return labels
    .map(([key, label]) => ({ label, mine: shown(key, mine[key]), now: shown(key, now[key]) }))
    .filter((row) => row.mine !== row.now);
}
