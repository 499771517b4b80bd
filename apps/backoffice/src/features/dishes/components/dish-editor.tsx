import { type Locale, pickText } from '@storefront/domain';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhotoList } from '../../../entities/photos/photo-list.tsx';
import { Link, useSearch } from '../../../shared/navigation.tsx';
import {
  checkDishForm,
  type DishApiField,
  type DishFormValues,
  type DishIssue,
  differingFields,
  dishOf,
  formFieldOf,
  formOf,
  patchOf,
  UNITS,
} from '../model/dish-form.ts';
import { formatPrice, formatWeight } from '../model/dish-format.ts';
import {
  type AdminDish,
  type DishTag,
  dishKeys,
  dishQuery,
  groupsQuery,
  keepDish,
  patchDish,
  publicPositionsQuery,
  tagsOf,
} from '../model/dishes-api.ts';
import styles from './dishes.module.css';

const ISSUE_TEXTS: Record<DishIssue, [string, Record<string, unknown>?]> = {
  required: ['required'],
  'name-too-long': ['tooLong', { max: 120 }],
  'description-too-long': ['tooLong', { max: 2000 }],
  'price-invalid': ['priceInvalid'],
  'price-range': ['priceRange'],
  'weight-invalid': ['weightInvalid'],
  'order-invalid': ['orderInvalid'],
};

/** /admin/menu/dishes/:dishId: the dish's fields, saved under If-Match, and its photos. */
export function DishEditor({ dishId }: { dishId: number }) {
  const { t } = useTranslation('dishes');
  const search = useSearch();
  const dish = useQuery(dishQuery(dishId));
  const backHref = search ? `?${search}` : '';
  return (
    <section className={styles.screen} aria-labelledby="dish-title">
      <Link href={backHref} className={styles.back}>
        {t('backToDishes')}
      </Link>
      {dish.isPending ? (
        <div className={styles.state}>
          <Spinner label={t('editorLoading')} />
        </div>
      ) : dish.isError ? (
        <div className={styles.state} role="alert">
          <p className={styles.alert}>
            {t('editorFailed')}: {dish.error.message}
          </p>
          <Button variant="secondary" onClick={() => void dish.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <DishForm key={dish.data.id} initial={dish.data} />
      )}
    </section>
  );
}

function DishForm({ initial }: { initial: AdminDish }) {
  const { t } = useTranslation('dishes');
  const locale = useLocale();
  const queryClient = useQueryClient();
  /** The version the form was based on: its values are compared with it, and it goes as If-Match. */
  const [base, setBase] = useState(initial);
  const [stale, setStale] = useState<AdminDish | null>(null);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const [askHide, setAskHide] = useState(false);
  const groups = useQuery(groupsQuery(base.menuId));
  const positions = useQuery(publicPositionsQuery(base.menuId));
  const tags = tagsWithOwn(tagsOf(positions.data), base.tagIds);

  const form = useForm<DishFormValues>({
    defaultValues: formOf(initial),
    resolver: issuesResolver(checkDishForm),
  });
  const { register, handleSubmit, formState, reset, setValue, setError, getValues } = form;

  const errorText = (error: FieldError | undefined) => {
    if (!error) return undefined;
    const known = ISSUE_TEXTS[error.type as DishIssue];
    return known ? t(known[0], known[1]) : (error.message ?? '');
  };

  const save = useMutation({
    mutationFn: ({ version, values, over }: { version: number; values: DishFormValues; over: AdminDish }) =>
      patchDish(over.id, version, patchOf(values, over)),
    onSuccess: (saved) => {
      keepDish(queryClient, saved);
      setBase(saved);
      setStale(null);
      reset(formOf(saved));
      setStatus(t('saved'));
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setFailure(error.message);
        return;
      }
      const current = (error.data as { current?: AdminDish } | null)?.current;
      if (error.status === 412 && current) {
        setStale(current);
        return;
      }
      let unplaced = false;
      for (const fieldError of error.fieldErrors) {
        const field = formFieldOf(fieldError.field);
        if (field) setError(field, { type: 'server', message: fieldError.message }, { shouldFocus: true });
        else unplaced = true;
      }
      if (error.fieldErrors.length === 0 || unplaced) setFailure(error.message);
    },
  });

  const submit = (values: DishFormValues, over: AdminDish) => {
    setStatus('');
    setFailure('');
    if (Object.keys(patchOf(values, over)).length === 0) {
      if (over !== base) setBase(over);
      setStale(null);
      setStatus(t('nothingToSave'));
      return;
    }
    save.mutate({ version: over.version, values, over });
  };

  // A photo change moves the dish's version: the form follows when it was based on the version before it.
  const photoMovedVersion = (from: number, to: number) => {
    setBase((current) => (current.version === from ? { ...current, version: to } : current));
    queryClient.setQueryData<AdminDish>(['admin', 'dishes', 'one', base.id], (cached) =>
      cached && cached.version === from ? { ...cached, version: to } : cached,
    );
  };

  useEffect(() => {
    document.title = pickText(base.name, locale);
  }, [base.name, locale]);

  const published = register('isPublished');
  const name = pickText(base.name, locale);

  return (
    <div className={styles.editor}>
      <form
        className={styles.form}
        aria-labelledby="dish-title"
        noValidate
        onSubmit={handleSubmit((values) => submit(values, base))}
      >
        <h1 id="dish-title" className={styles.title}>
          {name}
        </h1>
        {stale && (
          <StalePanel
            mine={dishOf(getValues(), base)}
            theirs={stale}
            tags={tags}
            groups={groups.data ?? []}
            locale={locale}
            saving={save.isPending}
            onTakeTheirs={() => {
              setBase(stale);
              reset(formOf(stale));
              setStale(null);
              setStatus('');
            }}
            onSaveMine={() => submit(getValues(), stale)}
          />
        )}
        <div className={styles.pair}>
          <Field label={t('nameRu')} required error={errorText(formState.errors.nameRu)}>
            {(control) => <input {...control} {...register('nameRu')} />}
          </Field>
          <Field label={t('nameEn')} error={errorText(formState.errors.nameEn)}>
            {(control) => <input {...control} {...register('nameEn')} lang="en" />}
          </Field>
        </div>
        <div className={styles.pair}>
          <Field label={t('descriptionRu')} error={errorText(formState.errors.descriptionRu)}>
            {(control) => (
              <textarea
                {...control}
                className={`${control.className} ${styles.textarea}`}
                {...register('descriptionRu')}
              />
            )}
          </Field>
          <Field label={t('descriptionEn')} error={errorText(formState.errors.descriptionEn)}>
            {(control) => (
              <textarea
                {...control}
                className={`${control.className} ${styles.textarea}`}
                lang="en"
                {...register('descriptionEn')}
              />
            )}
          </Field>
        </div>
        <div className={styles.pair}>
          <Field label={t('price')} required hint={t('priceHint')} error={errorText(formState.errors.price)}>
            {(control) => (
              <input {...control} inputMode="decimal" autoComplete="off" {...register('price')} />
            )}
          </Field>
          <Field label={t('order')} hint={t('orderHint')} error={errorText(formState.errors.order)}>
            {(control) => (
              <input {...control} inputMode="numeric" autoComplete="off" {...register('order')} />
            )}
          </Field>
        </div>
        <div className={styles.pair}>
          <Field label={t('weight')} hint={t('weightHint')} error={errorText(formState.errors.measureValue)}>
            {(control) => (
              <input {...control} inputMode="decimal" autoComplete="off" {...register('measureValue')} />
            )}
          </Field>
          <Field label={t('weightUnit')} error={errorText(formState.errors.measureUnit)}>
            {(control) => (
              <select {...control} {...register('measureUnit')}>
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`unitName_${unit}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label={t('groupField')} error={errorText(formState.errors.groupId)}>
          {(control) => (
            <select {...control} {...register('groupId')}>
              <option value="">{t('noGroup')}</option>
              {(groups.data ?? []).map((group) => (
                <option key={group.id} value={group.id}>
                  {pickText(group.name, locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset
          className={styles.fieldset}
          aria-describedby={formState.errors.tagIds ? 'tags-error' : undefined}
        >
          <legend>{t('tags')}</legend>
          {tags.length === 0 ? (
            <p className={styles.muted}>{t('noTags')}</p>
          ) : (
            <div className={styles.tagList}>
              {tags.map((tag) => (
                <label key={tag.id} className={`${styles.toggle} ${styles.tag}`}>
                  <input type="checkbox" value={String(tag.id)} {...register('tagIds')} />
                  {tag.code ? pickText(tag.name, locale) : t('tagUnknown', { id: tag.id })}
                </label>
              ))}
            </div>
          )}
          {formState.errors.tagIds && (
            <p id="tags-error" role="alert" className={styles.alert}>
              {errorText(formState.errors.tagIds as FieldError)}
            </p>
          )}
        </fieldset>
        <label className={styles.toggle}>
          <input type="checkbox" {...register('isAdult')} />
          {t('adult')}
        </label>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            {...published}
            onChange={(event) => {
              // Hiding takes the dish off the site: asked first; showing it again is not.
              if (!event.target.checked) {
                event.target.checked = true;
                setAskHide(true);
                return;
              }
              void published.onChange(event);
            }}
          />
          {t('publishedField')}
        </label>
        <div className={styles.saveBar}>
          <Button type="submit" loading={save.isPending}>
            {t('save')}
          </Button>
          <span role="status" className={styles.status}>
            {status}
          </span>
          {failure && (
            <p role="alert" className={styles.alert}>
              {t('saveFailed')}: {failure}
            </p>
          )}
        </div>
        <ConfirmationPopup
          open={askHide}
          headline={t('hideTitle')}
          supportingText={t('hideText')}
          confirmText={t('hideConfirm')}
          onConfirm={() => {
            setValue('isPublished', false, { shouldDirty: true });
            setAskHide(false);
          }}
          onCancel={() => setAskHide(false)}
        />
      </form>
      <PhotoList
        owner="dish"
        id={base.id}
        onChanged={(before, after) => {
          // The list's thumbnails and the storefront's published photos are read again.
          void queryClient.invalidateQueries({ queryKey: [...dishKeys.all, 'list'] });
          void queryClient.invalidateQueries({ queryKey: ['public', 'positions'] });
          photoMovedVersion(before.version, after.version);
        }}
      />
    </div>
  );
}

/** The brand's tags the menu shows, and the dish's own the storefront does not name (a hidden dish's). */
function tagsWithOwn(known: DishTag[], own: readonly number[]): DishTag[] {
  const ids = new Set(known.map((tag) => tag.id));
  const unknown = own.filter((id) => !ids.has(id)).map((id) => ({ id, code: '', name: { ru: '' } }));
  return [...known, ...unknown];
}

const FIELD_LABELS: Record<DishApiField, string> = {
  name: 'colName',
  description: 'descriptionRu',
  price: 'price',
  measure: 'weight',
  groupId: 'groupField',
  tagIds: 'tags',
  isAdult: 'colAdult',
  isPublished: 'colPublished',
  order: 'order',
};

/** 412: someone saved meanwhile. The fields whose values differ, theirs or mine to keep. */
function StalePanel({
  mine,
  theirs,
  tags,
  groups,
  locale,
  saving,
  onTakeTheirs,
  onSaveMine,
}: {
  mine: AdminDish;
  theirs: AdminDish;
  tags: DishTag[];
  groups: readonly { id: number; name: { ru: string; en?: string } }[];
  locale: Locale;
  saving: boolean;
  onTakeTheirs: () => void;
  onSaveMine: () => void;
}) {
  const { t } = useTranslation('dishes');
  const fields = differingFields(mine, theirs);
  const shown = (dish: AdminDish, field: DishApiField): string => {
    const empty = t('empty_value');
    switch (field) {
      case 'name':
        return [dish.name.ru, dish.name.en].filter(Boolean).join(' / ') || empty;
      case 'description':
        return [dish.description.ru, dish.description.en].filter(Boolean).join(' / ') || empty;
      case 'price':
        return formatPrice(dish.price, locale);
      case 'measure':
        return dish.measure ? formatWeight(dish.measure, t) : empty;
      case 'groupId': {
        const group = groups.find((g) => g.id === dish.groupId);
        return group
          ? pickText(group.name, locale)
          : dish.groupId === null
            ? t('noGroup')
            : `#${dish.groupId}`;
      }
      case 'tagIds':
        return (
          dish.tagIds
            .map((id) => {
              const tag = tags.find((known) => known.id === id);
              return tag?.code ? pickText(tag.name, locale) : t('tagUnknown', { id });
            })
            .join(', ') || empty
        );
      case 'isAdult':
      case 'isPublished':
        return dish[field] ? t('yes') : t('no');
      case 'order':
        return String(dish.order);
    }
  };
  return (
    <section className={styles.stale} aria-labelledby="stale-title">
      <h2 id="stale-title">{t('staleTitle')}</h2>
      {fields.length === 0 ? (
        <p>{t('staleNone')}</p>
      ) : (
        <>
          <p>{t('staleText')}</p>
          <table className={styles.staleTable}>
            <thead>
              <tr>
                <th scope="col">{t('staleField')}</th>
                <th scope="col">{t('staleMine')}</th>
                <th scope="col">{t('staleTheirs')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field}>
                  <th scope="row">{t(FIELD_LABELS[field])}</th>
                  <td>{shown(mine, field)}</td>
                  <td>{shown(theirs, field)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onTakeTheirs} disabled={saving}>
          {t('takeTheirs')}
        </Button>
        <Button onClick={onSaveMine} loading={saving}>
          {t('saveMine')}
        </Button>
      </div>
    </section>
  );
}
