import type { AdminPosLogEntry } from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useTranslation } from 'react-i18next';
import { useSyncNow } from '../model/pos-api.ts';
import styles from './pos-link.module.css';
import { PosLogEntryView } from './pos-log-panel.tsx';

/** "Sync now": the organization's menu and stop-lists read from iiko at once, and what that did. */
export function PosSyncPanel({ restoId }: { restoId: number }) {
  const { t } = useTranslation('posLink');
  const locale = useLocale();
  const sync = useSyncNow(restoId);
  const entries: AdminPosLogEntry[] = sync.data?.entries ?? [];
  const failed = sync.isError || entries.some((e) => !e.ok);
  return (
    <div className={styles.card}>
      <h3 className={styles.subtitle}>{t('syncTitle')}</h3>
      <p className={styles.hint}>{t('syncHint')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" loading={sync.isPending} onClick={() => sync.mutate()}>
          {t('syncNow')}
        </Button>
      </div>
      <p role="status" className={failed ? styles.error : styles.ok}>
        {sync.isError
          ? `${t('syncFailed')}: ${sync.error.message}`
          : sync.isSuccess
            ? entries.some((e) => !e.ok)
              ? t('syncFailed')
              : entries.length
                ? t('syncDone')
                : t('syncNothing')
            : ''}
      </p>
      {entries.length > 0 && (
        <ul className={styles.entries} aria-label={t('syncTitle')}>
          {entries.map((entry) => (
            <PosLogEntryView key={entry.id} entry={entry} locale={locale} />
          ))}
        </ul>
      )}
    </div>
  );
}
