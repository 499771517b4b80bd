import { ERROR_MESSAGES, pickText } from '@storefront/domain';
import type { AdminSpecialDay } from '@storefront/domain/contracts';
import { serverNow } from '@storefront/web/src/entities/clock/clock-store.ts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMemo, useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDeleteSpecialDay, useSaveSpecialDay } from '../model/hours-api.ts';
import {
  restoToday,
  type SpecialDayValues,
  specialDayBody,
  specialDayIssue,
  specialDayValues,
} from '../model/special-day-form.ts';
import styles from './opening-hours.module.css';

type Editing = { day: AdminSpecialDay | null; preset: 'closed' | null };

/** A restaurant's special days: searchable by date or note, added, changed and deleted (asked first, undoable). */
export function SpecialDays({
  restoId,
  days,
  timezone,
}: {
  restoId: number;
  days: AdminSpecialDay[];
  timezone: string;
}) {
  const { t } = useTranslation('openingHours');
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<AdminSpecialDay | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const remove = useDeleteSpecialDay(restoId);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return days;
    return days.filter(
      (day) =>
        day.date.includes(q) ||
        day.note.ru.toLowerCase().includes(q) ||
        (day.note.en ?? '').toLowerCase().includes(q),
    );
  }, [days, query]);

  const hoursText = (day: AdminSpecialDay) => {
    if (day.closed) return t('closedAllDay');
    const pause = day.breakFrom ? `, ${t('hasBreak').toLowerCase()} ${day.breakFrom}–${day.breakTo}` : '';
    return `${day.open}–${day.close}${pause}`;
  };

  return (
    <section className={styles.card} aria-labelledby="special-days-title">
      <div className={styles.heading}>
        <h3 id="special-days-title" className={styles.subtitle}>
          {t('specialTitle')}
        </h3>
        <div className={styles.headingActions}>
          <Button variant="secondary" onClick={() => setEditing({ day: null, preset: 'closed' })}>
            {t('presetClosed')}
          </Button>
          <Button onClick={() => setEditing({ day: null, preset: null })}>{t('specialAdd')}</Button>
        </div>
      </div>
      <p className={styles.hint}>{t('specialIntro')}</p>
      <Field label={t('specialSearch')}>
        {(c) => (
          <input {...c} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        )}
      </Field>
      {notice && (
        <p role={notice.error ? 'alert' : 'status'} className={notice.error ? styles.error : styles.ok}>
          {notice.text}
        </p>
      )}
      {shown.length === 0 ? (
        <p className={styles.state}>{days.length === 0 ? t('specialEmpty') : t('nothingFound')}</p>
      ) : (
        <ul className={styles.specialList}>
          {shown.map((day) => (
            <li key={day.id} className={styles.specialItem} data-testid="special-day">
              <strong className={styles.specialDate}>{day.date}</strong>
              <span className={styles.badge}>{t(`method_${day.method}`)}</span>
              <span>{hoursText(day)}</span>
              <span className={styles.note}>{pickText(day.note, locale)}</span>
              <span className={styles.itemActions}>
                <Button variant="text" onClick={() => setEditing({ day, preset: null })}>
                  {t('edit')}
                </Button>
                <Button
                  variant="text"
                  onClick={() => setRemoving(day)}
                  aria-label={t('deleteNamed', { date: day.date })}
                >
                  {t('delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <SpecialDayDialog
          restoId={restoId}
          editing={editing}
          today={restoToday(serverNow(), timezone)}
          onClose={(text) => {
            setEditing(null);
            if (text) setNotice(text);
          }}
        />
      )}
      <ConfirmationPopup
        open={removing !== null}
        headline={t('deleteTitle', { date: removing?.date ?? '' })}
        supportingText={t('deleteText')}
        confirmText={t('delete')}
        cancelText={t('cancel')}
        confirmLoading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing, {
            onSuccess: () => {
              setRemoving(null);
              setNotice({ text: t('deleted'), error: false });
            },
            onError: (error) => {
              setRemoving(null);
              setNotice({
                text:
                  error instanceof ApiError && error.status === 412
                    ? t('deleteStale')
                    : `${t('deleteFailed')}: ${error.message}`,
                error: true,
              });
            },
          });
        }}
      />
    </section>
  );
}

const FORM_FIELDS: Record<string, keyof SpecialDayValues> = {
  date: 'date',
  method: 'method',
  open: 'open',
  close: 'close',
  breakFrom: 'breakFrom',
  breakTo: 'breakTo',
  'note.ru': 'noteRu',
  'note.en': 'noteEn',
};

function SpecialDayDialog({
  restoId,
  editing,
  today,
  onClose,
}: {
  restoId: number;
  editing: Editing;
  today: string;
  onClose: (notice?: { text: string; error: boolean }) => void;
}) {
  const { t } = useTranslation('openingHours');
  const locale = useLocale();
  const save = useSaveSpecialDay(restoId);
  const { day } = editing;
  const defaults = specialDayValues(day, today);
  const form = useForm<SpecialDayValues>({
    defaultValues: editing.preset === 'closed' ? { ...defaults, closed: true } : defaults,
  });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const closed = useWatch({ control, name: 'closed' });
  const hasBreak = useWatch({ control, name: 'hasBreak' });
  const [failure, setFailure] = useState<string | null>(null);
  const errorOf = (name: keyof SpecialDayValues) =>
    (formState.errors[name] as FieldError | undefined)?.message;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const issue = specialDayIssue(values, today);
    if (issue) {
      setError(issue.field as keyof SpecialDayValues, {
        type: 'rule',
        message: issue.code === 'date' ? t('dateInvalid') : ERROR_MESSAGES[issue.code][locale],
      });
      return;
    }
    try {
      await save.mutateAsync({
        id: day?.id ?? null,
        version: day?.version ?? null,
        body: specialDayBody(values),
      });
      onClose({ text: t('daySaved'), error: false });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 412) {
        onClose({ text: t('dayStale'), error: true });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = FORM_FIELDS[entry.field];
        if (!field) return [];
        setError(field, { type: 'server', message: entry.message });
        return [field];
      });
      if (shown.length === 0) setFailure(error.message);
    }
  });

  const timeField = (name: 'open' | 'close' | 'breakFrom' | 'breakTo') => (
    <Field label={t(name)} error={errorOf(name)}>
      {(c) => <input {...c} type="time" step={60} {...register(name)} />}
    </Field>
  );

  return (
    <ResponsiveDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={day ? t('editDay', { date: day.date }) : t('newDay')}
      closeLabel={t('cancel')}
    >
      <form className={styles.dayForm} onSubmit={onSubmit} noValidate>
        <div className={styles.pair}>
          <Field label={t('date')} required error={errorOf('date')}>
            {(c) => <input {...c} type="date" {...register('date')} />}
          </Field>
          <Field label={t('method')}>
            {(c) => (
              <select {...c} {...register('method')}>
                <option value="ALL">{t('method_ALL')}</option>
                <option value="DELIVERY">{t('method_DELIVERY')}</option>
                <option value="TAKE_AWAY">{t('method_TAKE_AWAY')}</option>
              </select>
            )}
          </Field>
        </div>
        <div className={styles.presetRow}>
          <label className={styles.check}>
            <input type="checkbox" {...register('closed')} />
            <span>{t('closed')}</span>
          </label>
          {!closed && (
            <Button
              variant="text"
              onClick={() => {
                setValue('closed', true);
                setValue('hasBreak', false);
              }}
            >
              {t('presetClosed')}
            </Button>
          )}
        </div>
        {!closed && (
          <>
            <div className={styles.pair}>
              {timeField('open')}
              {timeField('close')}
            </div>
            <label className={styles.check}>
              <input type="checkbox" {...register('hasBreak')} />
              <span>{t('hasBreak')}</span>
            </label>
            {hasBreak && (
              <div className={styles.pair}>
                {timeField('breakFrom')}
                {timeField('breakTo')}
              </div>
            )}
          </>
        )}
        <Field label={t('noteRu')} hint={t('noteHint')} error={errorOf('noteRu')}>
          {(c) => <input {...c} maxLength={200} {...register('noteRu')} />}
        </Field>
        <Field label={t('noteEn')} error={errorOf('noteEn')}>
          {(c) => <input {...c} maxLength={200} {...register('noteEn')} />}
        </Field>
        {failure && (
          <p role="alert" className={styles.error}>
            {`${t('saveFailed')}: ${failure}`}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onClose()}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('saveDay')}
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}
