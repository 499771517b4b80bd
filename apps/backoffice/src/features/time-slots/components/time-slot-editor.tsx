import type { AdminTimeSlot } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { formIssueText } from '@storefront/web/src/shared/forms/form-rule-messages.ts';
import { type FormCheck, issuesResolver } from '@storefront/web/src/shared/forms/issues-resolver.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import { Controller, type FieldError, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BrandDishChecklist } from '../../../entities/menu-parts/dish-checklist.tsx';
import screen from '../../../entities/menu-parts/menu-part-screen.module.css';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { Link, useLocation } from '../../../shared/navigation.tsx';
import {
  slotDetails,
  slotFieldOf,
  slotValues,
  type TimeSlotValues,
  timeSlotBody,
  timeSlotIssues,
  WEEK,
} from '../model/time-slot-form.ts';
import { useSaveTimeSlot, useTimeSlot } from '../model/time-slots-api.ts';
import { DeleteSlotButton } from './delete-slot.tsx';
import own from './time-slots.module.css';

/** The menu parts' shared list and form, and this screen's own rules. */
const styles = { ...screen, ...own };

const resolver = issuesResolver<TimeSlotValues>(timeSlotIssues as unknown as FormCheck<TimeSlotValues>);

/** A slot's form, new (id null) or read first (its version goes back as If-Match). */
export function TimeSlotEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('timeSlots');
  const slot = useTimeSlot(id !== null && id > 0 ? id : null);
  if (id === null) return <TimeSlotForm slot={null} />;
  if (slot.isPending && id > 0)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (slot.isError || id <= 0 || !slot.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {slot.error ? `: ${slot.error.message}` : ''}
        </p>
        {slot.isError && (
          <Button variant="secondary" onClick={() => void slot.refetch()}>
            {t('retry')}
          </Button>
        )}
        <Link href="/">{t('back')}</Link>
      </div>
    );
  return <TimeSlotForm key={slot.data.id} slot={slot.data} />;
}

function errorOf(errors: FieldErrors<TimeSlotValues>, path: string): FieldError | undefined {
  const flat = (errors as Record<string, FieldError | undefined>)[path];
  if (flat?.type) return flat;
  let at: unknown = errors;
  for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
  return at && typeof at === 'object' && 'type' in at ? (at as FieldError) : undefined;
}

function TimeSlotForm({ slot }: { slot: AdminTimeSlot | null }) {
  const { t } = useTranslation('timeSlots');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const save = useSaveTimeSlot();
  const [version, setVersion] = useState(slot?.version ?? null);
  const [stale, setStale] = useState<{ current: AdminTimeSlot; mine: TimeSlotValues } | null>(null);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<TimeSlotValues>({
    defaultValues: slotValues(slot),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, control, formState, setError, reset } = form;
  const shared = useWatch({ control, name: 'shared' });
  const days = useWatch({ control, name: 'days' });

  const words = (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    if (error.type === 'server') return error.message;
    if (error.type === 'pattern') return t('timeInvalid');
    return formIssueText(error.type, locale, { max: 120 });
  };
  const errorText = (path: string) => words(errorOf(formState.errors, path));

  const send = async (values: TimeSlotValues, over: number | null) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        id: slot?.id ?? null,
        version: over,
        body: timeSlotBody(values),
      });
      setStale(null);
      setVersion(saved.version);
      reset(slotValues(saved));
      setStatus('saved');
      if (!slot) navigate(`/${saved.id}`, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = (error.data as { current?: AdminTimeSlot } | null)?.current;
      if (error.status === 412 && current) {
        setStale({ current, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = slotFieldOf(entry.field, values);
        if (!field) return [];
        setError(field as 'name', { type: 'server', message: entry.message }, { shouldFocus: true });
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

  const timeInput = (
    path: 'startAt' | 'endAt' | `days.${number}.startAt` | `days.${number}.endAt`,
    label: string,
  ) => (
    <Field label={label} error={errorText(path)}>
      {(c) => <input {...c} type="time" step={60} {...register(path)} />}
    </Field>
  );

  return (
    <section className={styles.screen} aria-labelledby="time-slot-title">
      <div className={styles.heading}>
        <h2 id="time-slot-title" className={styles.title}>
          {slot ? t('editTitle', { name: slot.name }) : t('newTitle')}
        </h2>
        <div className={styles.headingActions}>
          {slot && (
            <DeleteSlotButton
              slot={{ ...slot, version: version ?? slot.version }}
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
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label={t('name')} hint={t('nameHint')} required error={errorText('name')}>
          {(c) => <input {...c} {...register('name')} />}
        </Field>

        <fieldset className={styles.items}>
          <legend className={styles.legend}>{t('days')}</legend>
          {errorText('days') && (
            <p className={styles.error} role="alert">
              {errorText('days')}
            </p>
          )}
          <div className={styles.week}>
            {WEEK.map((day) => (
              <label key={day} className={styles.dayCheck}>
                <input type="checkbox" {...register(`days.${day - 1}.on`)} />
                <span>{t(`dayLong_${day}`)}</span>
              </label>
            ))}
          </div>
          <label className={styles.dayCheck}>
            <input type="checkbox" {...register('shared')} />
            <span>{t('shared')}</span>
          </label>
          {shared ? (
            <div className={styles.hours}>
              {timeInput('startAt', t('from'))}
              {timeInput('endAt', t('to'))}
            </div>
          ) : (
            <ul className={styles.dayHours}>
              {WEEK.filter((day) => days?.[day - 1]?.on).map((day) => (
                <li key={day} className={styles.hours}>
                  <span className={styles.dayName}>{t(`dayLong_${day}`)}</span>
                  {timeInput(`days.${day - 1}.startAt`, t('fromDay', { day: t(`day_${day}`) }))}
                  {timeInput(`days.${day - 1}.endAt`, t('toDay', { day: t(`day_${day}`) }))}
                </li>
              ))}
            </ul>
          )}
          <p className={styles.hint}>{t('hoursHint')}</p>
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
              {failure.startsWith(t('deleteFailed')) || failure === t('deleteStale')
                ? failure
                : `${t('saveFailed')}: ${failure}`}
            </p>
          )}
        </div>
      </form>
      {stale && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, slotValues(stale.current), t)}
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
            reset(slotValues(stale.current));
            setStale(null);
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </section>
  );
}

function staleRows(mine: TimeSlotValues, now: TimeSlotValues, t: (key: string) => string): StaleRow[] {
  const hours = (values: TimeSlotValues) =>
    slotDetails(values)
      .map((detail) => `${t(`day_${detail.dayOfWeek}`)} ${detail.startAt}–${detail.endAt}`)
      .join(', ') || t('noDays');
  const rows: StaleRow[] = [
    { label: t('name'), mine: mine.name.trim(), now: now.name.trim() },
    { label: t('days'), mine: hours(mine), now: hours(now) },
  ];
  const differ = rows.filter((row) => row.mine !== row.now);
  if (mine.positionIds.join() !== now.positionIds.join())
    differ.push({
      label: t('dishes'),
      mine: String(mine.positionIds.length),
      now: String(now.positionIds.length),
    });
  return differ;
}
