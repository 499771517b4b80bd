import { ERROR_MESSAGES } from '@storefront/domain';
import type { AdminHours } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { StaleDialog, type StaleRow } from '../../../entities/menu-parts/stale-dialog.tsx';
import { WeekDays } from '../../../entities/week-hours/week-days.tsx';
import type { DayValues } from '../../../entities/week-hours/week-hours.ts';
import { useSaveWeeks } from '../model/hours-api.ts';
import {
  WEEK_METHODS,
  type WeekMethod,
  type WeeksValues,
  weekFieldOf,
  weeksBody,
  weeksIssues,
  weeksValues,
} from '../model/week-form.ts';
import styles from './opening-hours.module.css';

type Path = `${WeekMethod}.days.${number}.${keyof DayValues}` | `${WeekMethod}.same`;

/** The weeks of a restaurant as one form: a tab per method, a row per day, saved at once under its version. */
export function WeekEditor({ restoId, hours }: { restoId: number; hours: AdminHours }) {
  const { t } = useTranslation('openingHours');
  const locale = useLocale();
  const save = useSaveWeeks(restoId);
  const [tab, setTab] = useState<WeekMethod>('ALL');
  const [version, setVersion] = useState(hours.version);
  const [status, setStatus] = useState<'saved' | 'invalid' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<{ current: AdminHours; mine: WeeksValues } | null>(null);
  const form = useForm<WeeksValues>({ defaultValues: weeksValues(hours.weeks) });
  const { register, control, handleSubmit, setError, clearErrors, reset, formState } = form;
  const week = useWatch({ control, name: tab });

  const errorOf = (path: Path): string | undefined => {
    let at: unknown = formState.errors;
    for (const part of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[part];
    return (at as FieldError | undefined)?.message;
  };

  const send = async (values: WeeksValues, over: number) => {
    setStatus(null);
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ version: over, weeks: weeksBody(values) });
      setStale(null);
      setVersion(saved.version);
      reset(weeksValues(saved.weeks));
      setStatus('saved');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = (error.data as { current?: AdminHours } | null)?.current;
      if (error.status === 412 && current) {
        setStale({ current, mine: values });
        return;
      }
      const shown = error.fieldErrors.flatMap((entry) => {
        const field = weekFieldOf(entry.field);
        if (!field) return [];
        setError(field as Path, { type: 'server', message: entry.message });
        return [field];
      });
      if (shown[0]) setTab(shown[0].split('.')[0] as WeekMethod);
      if (shown.length === 0) setFailure(error.message);
      else setStatus('invalid');
    }
  };

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const issues = weeksIssues(values);
    if (issues.length > 0) {
      for (const issue of issues)
        setError(issue.field as Path, {
          type: 'rule',
          message: issue.code === 'time' ? t('timeInvalid') : ERROR_MESSAGES[issue.code][locale],
        });
      setTab((issues[0]?.field.split('.')[0] ?? 'ALL') as WeekMethod);
      setStatus('invalid');
      return;
    }
    return send(values, version);
  });

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate aria-label={t('title')}>
      <div className={styles.tabs} role="tablist" aria-label={t('methodsLabel')}>
        {WEEK_METHODS.map((method) => (
          <button
            key={method}
            type="button"
            role="tab"
            aria-selected={tab === method}
            className={styles.tab}
            onClick={() => setTab(method)}
          >
            {t(`method_${method}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`method_${tab}`)} className={styles.panel}>
        {tab !== 'ALL' && (
          <label className={styles.check}>
            <input type="checkbox" {...register(`${tab}.same`)} />
            <span>{t('same')}</span>
          </label>
        )}
        {tab !== 'ALL' && week?.same ? (
          <p className={styles.hint}>{t('sameHint')}</p>
        ) : (
          <WeekDays
            key={tab}
            path={`${tab}.days`}
            days={week?.days}
            register={(name) => register(name as Path)}
            errorOf={(name) => errorOf(name as Path)}
          />
        )}
      </div>
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
            {`${t('saveFailed')}: ${failure}`}
          </p>
        )}
      </div>
      {stale && (
        <StaleDialog
          open
          rows={staleRows(stale.mine, weeksValues(stale.current.weeks), t)}
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
            reset(weeksValues(stale.current.weeks));
            setStale(null);
          }}
          onSaveMine={() => void send(stale.mine, stale.current.version)}
        />
      )}
    </form>
  );
}

function staleRows(mine: WeeksValues, now: WeeksValues, t: (key: string) => string): StaleRow[] {
  const summary = (values: WeeksValues, method: WeekMethod) => {
    const week = weeksBody(values)[method];
    if (!week) return t('same');
    return week
      .map((day) => {
        const name = t(`day_${day.dayOfWeek}`).slice(0, 2);
        if (!day.active) return `${name} ${t('mode_off')}`;
        const pause = day.breakFrom ? ` (${day.breakFrom}–${day.breakTo})` : '';
        return `${name} ${day.open}–${day.close}${pause}`;
      })
      .join(', ');
  };
  return WEEK_METHODS.map((method) => ({
    label: t(`method_${method}`),
    mine: summary(mine, method),
    now: summary(now, method),
  })).filter((row) => row.mine !== row.now);
}
