import { pickText } from '@storefront/domain';
import type { AdminResto } from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presetOf, presetPeriod, REPORT_PRESETS, type ReportFilter } from '../model/report-period.ts';
import styles from './reports.module.css';

export interface FilterErrors {
  from?: string | undefined;
  to?: string | undefined;
  restoIds?: string | undefined;
}

/**
 * The restaurants to count: a button that opens a searchable checklist of the person's restaurants. None ticked
 * means all of them (the API reads an empty list so), which keeps a shared link right when a restaurant is added.
 */
function RestoMultiSelect({
  restos,
  value,
  onChange,
  error,
}: {
  restos: AdminResto[];
  value: number[];
  onChange: (restoIds: number[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const errorId = useId();
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = restos.filter((resto) => {
    const name = `${pickText(resto.name, locale)} ${pickText(resto.address, locale)}`.toLowerCase();
    return words.every((word) => name.includes(word));
  });
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...new Set([...value, id])].sort((a, b) => a - b) : value.filter((one) => one !== id));
  const summary =
    value.length === 0 || value.length === restos.length
      ? t('restosAll')
      : value.length === 1
        ? pickText(restos.find((resto) => resto.id === value[0])?.name ?? { ru: String(value[0]) }, locale)
        : t('restosCount', { count: value.length });
  return (
    <div className={styles.restos}>
      <details className={styles.restoDetails}>
        <summary
          className={styles.restoSummary}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
        >
          <span className={styles.restoLabel}>{t('restos')}</span>
          <span className={styles.restoValue} data-testid="report-restos-value">
            {summary}
          </span>
        </summary>
        <div className={styles.restoPanel}>
          <Field label={t('restosSearch')} className={styles.restoSearch}>
            {(control) => (
              <input
                {...control}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </Field>
          <p className={styles.hint}>{t('restosHint')}</p>
          <button type="button" className={styles.linkButton} onClick={() => onChange([])}>
            {t('restosSelectAll')}
          </button>
          <fieldset className={styles.restoList}>
            <legend className={styles.srOnly}>{t('restos')}</legend>
            {shown.map((resto) => (
              <label key={resto.id} className={styles.restoItem}>
                <input
                  type="checkbox"
                  checked={value.includes(resto.id)}
                  onChange={(event) => toggle(resto.id, event.target.checked)}
                />
                <span>
                  {pickText(resto.name, locale)}
                  {resto.isPublished ? '' : ` (${t('restoUnpublished')})`}
                </span>
              </label>
            ))}
            {shown.length === 0 && <p className={styles.hint}>{t('restosNoneFound')}</p>}
          </fieldset>
        </div>
      </details>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Period presets, the two dates and the restaurants; every change goes to the URL at once. */
export function ReportFilters({
  filter,
  today,
  restos,
  errors,
  onChange,
}: {
  filter: ReportFilter;
  today: string;
  restos: AdminResto[];
  errors: FilterErrors;
  onChange: (filter: ReportFilter) => void;
}) {
  const { t } = useTranslation('reports');
  const pressed = presetOf(filter, today);
  return (
    <search className={styles.filters} aria-label={t('filters')}>
      <fieldset className={styles.presets}>
        <legend className={styles.srOnly}>{t('presets')}</legend>
        {REPORT_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.preset}
            aria-pressed={pressed === preset}
            onClick={() => onChange({ ...filter, ...presetPeriod(preset, today) })}
          >
            {t(`preset_${preset}`)}
          </button>
        ))}
      </fieldset>
      <div className={styles.fields}>
        <Field label={t('from')} error={errors.from} className={styles.date}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.from}
              onChange={(event) => event.target.value && onChange({ ...filter, from: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('to')} error={errors.to} className={styles.date}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.to}
              onChange={(event) => event.target.value && onChange({ ...filter, to: event.target.value })}
            />
          )}
        </Field>
        <RestoMultiSelect
          restos={restos}
          value={filter.restoIds}
          onChange={(restoIds) => onChange({ ...filter, restoIds })}
          error={errors.restoIds}
        />
      </div>
    </search>
  );
}
