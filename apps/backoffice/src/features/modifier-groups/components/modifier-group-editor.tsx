import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type Locale, pickText } from '@storefront/domain';
import type { AdminModifierGroup } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { formIssueText } from '@storefront/web/src/shared/forms/form-rule-messages.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import {
  Controller,
  type FieldError,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BrandDishChecklist } from '../../../entities/menu-parts/dish-checklist.tsx';
import styles from '../../../entities/menu-parts/menu-part-screen.module.css';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import {
  groupValues,
  type ModifierGroupValues,
  modifierGroupBody,
  modifierGroupIssues,
  newItemKey,
} from '../model/modifier-group-form.ts';
import { useModifierGroup, useSaveModifierGroup } from '../model/modifier-groups-api.ts';

const resolver = issuesResolver<ModifierGroupValues>(
  modifierGroupIssues as unknown as FormCheck<ModifierGroupValues>,
);

/** A group's form, new (id null) or read first (its version goes back as If-Match). */
export function ModifierGroupEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('modifierGroups');
  const group = useModifierGroup(id !== null && id > 0 ? id : null);
  if (id === null) return <ModifierGroupForm group={null} />;
  if (group.isPending && id > 0)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (group.isError || id <= 0 || !group.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {group.error ? `: ${group.error.message}` : ''}
        </p>
        {group.isError && (
          <Button variant="secondary" onClick={() => void group.refetch()}>
            {t('retry')}
          </Button>
        )}
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <ModifierGroupForm key={group.data.id} group={group.data} />;
}

/** The API's field path ('name.ru', 'items.2.name.en', 'positionIds.3') as the form's field. */
export function formFieldOf(path: string): string | null {
  const direct: Record<string, string> = {
    'name.ru': 'nameRu',
    'name.en': 'nameEn',
    'nameUi.ru': 'nameUiRu',
    'nameUi.en': 'nameUiEn',
    minCount: 'minCount',
    maxCount: 'maxCount',
    name: 'nameRu',
    nameUi: 'nameUiRu',
  };
  if (direct[path]) return direct[path];
  const item = /^items\.(\d+)\.(name\.ru|name\.en|name|price|id)$/.exec(path);
  if (item) {
    const field = { 'name.ru': 'nameRu', 'name.en': 'nameEn', name: 'nameRu', price: 'price', id: 'nameRu' }[
      item[2] as 'name'
    ];
    return `items.${item[1]}.${field}`;
  }
  if (path.startsWith('positionIds')) return 'positionIds';
  if (path.startsWith('items')) return 'items';
  return null;
}

function errorOf(errors: FieldErrors<ModifierGroupValues>, path: string): FieldError | undefined {
  const flat = (errors as Record<string, FieldError | undefined>)[path];
  if (flat?.type) return flat;
  let at: unknown = errors;
  for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return at && typeof at === 'object' && 'type' in at ? (at as FieldError) : undefined;
}

function ModifierGroupForm({ group }: { group: AdminModifierGroup | null }) {
  const { t } = useTranslation('modifierGroups');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const save = useSaveModifierGroup();
  const [version, setVersion] = useState(group?.version ?? null);
  const [stale, setStale] = useState<{ current: AdminModifierGroup; mine: ModifierGroupValues } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<ModifierGroupValues>({
    defaultValues: groupValues(group),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, control, formState, setError, reset, getValues } = form;
  const items = useFieldArray({ control, name: 'items', keyName: 'fieldKey' });
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const words = (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (error.type === 'modifier.price-invalid') return t('priceInvalid');
    return formIssueText(error.type, locale, { max: 200 });
  };
  const errorText = (path: string) => words(errorOf(formState.errors, path));

  const send = async (values: ModifierGroupValues, over: number | null) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        id: group?.id ?? null,
        version: over,
        body: modifierGroupBody(values),
      });
      setStale(null);
      setVersion(saved.version);
      reset(groupValues(saved));
      setStatus('saved');
      if (!group) navigate(`/${saved.id}`, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = (error.data as { current?: AdminModifierGroup } | null)?.current;
      if (error.status === 412 && current) {
        setStale({ current, mine: values });
        return;
      }
      const fields = error.fieldErrors;
      const shown = fields.flatMap((entry) => {
        const field = formFieldOf(entry.field);
        if (!field) return [];
        setError(field as 'nameRu', { type: 'server', message: entry.message }, { shouldFocus: true });
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };

  const onSubmit = handleSubmit(
    (values) => send(values, version),
    () => setStatus('invalid'),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.fields.findIndex((field) => field.key === active.id);
    const to = items.fields.findIndex((field) => field.key === over.id);
    if (from >= 0 && to >= 0) items.move(from, to);
  };

  const title = group ? t('editTitle', { name: pickText(group.name, locale) }) : t('newTitle');
  const removingName = removing === null ? '' : (getValues(`items.${removing}.nameRu`) ?? '');

  return (
    <section className={styles.screen} aria-labelledby="modifier-group-title">
      <div className={styles.heading}>
        <h2 id="modifier-group-title" className={styles.title}>
          {title}
        </h2>
        <Link href="/" className={styles.backLink}>
          {t('back')}
        </Link>
      </div>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.grid2}>
          <Field label={t('nameRu')} required error={errorText('nameRu')}>
            {(c) => <input {...c} {...register('nameRu')} />}
          </Field>
          <Field label={t('nameEn')} error={errorText('nameEn')}>
            {(c) => <input {...c} lang="en" {...register('nameEn')} />}
          </Field>
          <Field label={t('nameUiRu')} hint={t('nameUiHint')} error={errorText('nameUiRu')}>
            {(c) => <input {...c} {...register('nameUiRu')} />}
          </Field>
          <Field label={t('nameUiEn')} error={errorText('nameUiEn')}>
            {(c) => <input {...c} lang="en" {...register('nameUiEn')} />}
          </Field>
        </div>
        <div className={styles.counts}>
          <Field label={t('minCount')} hint={t('countsHint')} error={errorText('minCount')}>
            {(c) => <input {...c} inputMode="numeric" {...register('minCount')} />}
          </Field>
          <Field label={t('maxCount')} error={errorText('maxCount')}>
            {(c) => <input {...c} inputMode="numeric" {...register('maxCount')} />}
          </Field>
        </div>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('items')}</legend>
          <p className={styles.hint} id="modifier-items-hint">
            {t('dragHint')}
          </p>
          <p className={styles.hint}>{t('priceHint')}</p>
          {errorText('items') && (
            <p className={styles.error} role="alert">
              {errorText('items')}
            </p>
          )}
          {items.fields.length === 0 && <p className={styles.hint}>{t('noItems')}</p>}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext
              items={items.fields.map((field) => field.key)}
              strategy={verticalListSortingStrategy}
            >
              <ol className={styles.itemList}>
                {items.fields.map((field, index) => (
                  <ItemRow
                    key={field.key}
                    sortId={field.key}
                    index={index}
                    name={field.nameRu}
                    register={register}
                    errorText={errorText}
                    locale={locale}
                    onRemove={() => setRemoving(index)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          <Button
            variant="secondary"
            onClick={() => items.append({ key: newItemKey(), nameRu: '', nameEn: '', price: '0' })}
          >
            {t('addItem')}
          </Button>
        </fieldset>

        <Controller
          control={control}
          name="positionIds"
          render={({ field }) => (
            <BrandDishChecklist value={field.value} onChange={field.onChange} locale={locale} text={t} />
          )}
        />
        {errorText('positionIds') && (
          <p className={styles.error} role="alert">
            {errorText('positionIds')}
          </p>
        )}

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
              {t('saveFailed')}: {failure}
            </p>
          )}
        </div>
      </form>

      <ConfirmationPopup
        open={removing !== null}
        headline={t('removeItemTitle', { name: removingName })}
        supportingText={t('removeItemText')}
        confirmText={t('remove')}
        onConfirm={() => {
          if (removing !== null) items.remove(removing);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      {stale && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, groupValues(stale.current), t, locale)}
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
            setVersion(stale.current.version);
            reset(groupValues(stale.current));
            setStale(null);
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </section>
  );
}

/** The fields that differ between the person's values and the saved ones, as the 412 dialog shows them. */
function staleRows(
  mine: ModifierGroupValues,
  now: ModifierGroupValues,
  t: (key: string) => string,
  _locale: Locale,
): StaleRow[] {
  const itemsText = (values: ModifierGroupValues) =>
    values.items.map((item) => `${item.nameRu} — ${item.price} ₽`).join('; ') || '—';
  const candidates: StaleRow[] = [
    { label: t('nameRu'), mine: mine.nameRu, now: now.nameRu },
    { label: t('nameEn'), mine: mine.nameEn, now: now.nameEn },
    { label: t('nameUiRu'), mine: mine.nameUiRu, now: now.nameUiRu },
    { label: t('nameUiEn'), mine: mine.nameUiEn, now: now.nameUiEn },
    { label: t('minCount'), mine: mine.minCount, now: now.minCount },
    { label: t('maxCount'), mine: mine.maxCount, now: now.maxCount },
    { label: t('items'), mine: itemsText(mine), now: itemsText(now) },
    {
      label: t('dishes'),
      mine: String(mine.positionIds.length),
      now: String(now.positionIds.length),
    },
  ];
  const differ = candidates.filter((row) => row.mine.trim() !== row.now.trim());
  // Same dish count but other dishes: still a difference.
  if (!differ.some((row) => row.label === t('dishes')) && mine.positionIds.join() !== now.positionIds.join())
    differ.push(candidates[candidates.length - 1] as StaleRow);
  return differ;
}

function ItemRow({
  sortId,
  index,
  name,
  register,
  errorText,
  onRemove,
}: {
  sortId: string;
  index: number;
  name: string;
  register: UseFormRegister<ModifierGroupValues>;
  errorText: (path: string) => string | undefined;
  locale: Locale;
  onRemove: () => void;
}) {
  const { t } = useTranslation('modifierGroups');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: sortId });
  const label = name || String(index + 1);
  return (
    <li
      ref={setNodeRef}
      className={styles.itemRow}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={t('dragItem', { name: label })}
        {...attributes}
        aria-describedby="modifier-items-hint"
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className={styles.itemFields}>
        <Field label={t('itemNameRu')} required error={errorText(`items.${index}.nameRu`)}>
          {(c) => <input {...c} {...register(`items.${index}.nameRu`)} />}
        </Field>
        <Field label={t('itemNameEn')} error={errorText(`items.${index}.nameEn`)}>
          {(c) => <input {...c} lang="en" {...register(`items.${index}.nameEn`)} />}
        </Field>
        <Field label={t('price')} error={errorText(`items.${index}.price`)}>
          {(c) => <input {...c} inputMode="decimal" {...register(`items.${index}.price`)} />}
        </Field>
      </div>
      <Button variant="text" onClick={onRemove} aria-label={`${t('removeItem')}: ${label}`}>
        {t('remove')}
      </Button>
    </li>
  );
}
