import type { Locale } from '@storefront/domain';
import {
  ADMIN_POS_LOG_KINDS,
  type AdminPosLogEntry,
  type AdminPosLogKind,
} from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Field } from '@storefront/web/src/shared/ui/field.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../entities/menu-parts/list-state.tsx';
import { reasonText, searchTextOf, summaryLines } from '../model/log-summary.ts';
import { usePosLog } from '../model/pos-api.ts';
import styles from './pos-link.module.css';
import { whenOf } from './pos-link-panel.tsx';

/** One entry: what, when, ok or failed with the reason, and its summary line by line. */
export function PosLogEntryView({ entry, locale }: { entry: AdminPosLogEntry; locale: Locale }) {
  const { t } = useTranslation('posLink');
  const lines = summaryLines(entry, t, locale);
  return (
    <li className={entry.ok ? styles.entry : styles.entryFailed} data-ok={entry.ok}>
      <div className={styles.entryHead}>
        <span className={styles.entryKind}>{t(`kind_${entry.kind}`)}</span>
        <span className={entry.ok ? styles.badgeOk : styles.badgeFailed}>
          {entry.ok ? t('ok') : t('failedEntry')}
        </span>
        <time className={styles.entryWhen} dateTime={entry.at}>
          {whenOf(entry.at, locale)}
        </time>
      </div>
      {!entry.ok && entry.error && <p className={styles.error}>{reasonText(entry.error, locale)}</p>}
      {lines.length > 0 && (
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={line.key}>
              {line.label && <span className={styles.lineLabel}>{line.label}: </span>}
              {line.text}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The restaurant's exchange with iiko, newest first: a kind to show, failures only, a search over what is loaded. */
export function PosLogPanel({ restoId }: { restoId: number }) {
  const { t } = useTranslation('posLink');
  const locale = useLocale();
  const [kind, setKind] = useState<AdminPosLogKind | null>(null);
  const [search, setSearch] = useState('');
  const [onlyFailed, setOnlyFailed] = useState(false);
  const log = usePosLog(restoId, kind);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  const shown = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return entries.filter(
      (entry) =>
        (!onlyFailed || !entry.ok) &&
        (!needle || searchTextOf(entry, summaryLines(entry, t, locale), t).includes(needle)),
    );
  }, [entries, search, onlyFailed, t, locale]);
  return (
    <section className={styles.card} aria-labelledby="pos-log-title">
      <h3 id="pos-log-title" className={styles.subtitle}>
        {t('logTitle')}
      </h3>
      <div className={styles.filters}>
        <Field label={t('logSearch')}>
          {(control) => (
            <input {...control} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          )}
        </Field>
        <Field label={t('logKind')}>
          {(control) => (
            <select
              {...control}
              value={kind ?? ''}
              onChange={(event) => setKind((event.target.value || null) as AdminPosLogKind | null)}
            >
              <option value="">{t('logAll')}</option>
              {ADMIN_POS_LOG_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind_${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} />
        {t('logOnlyFailed')}
      </label>
      <ListState query={log} total={entries.length} shown={shown.length} t={t}>
        <ul className={styles.entries}>
          {shown.map((entry) => (
            <PosLogEntryView key={entry.id} entry={entry} locale={locale} />
          ))}
        </ul>
      </ListState>
      {log.hasNextPage && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {t('logMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
