import type { AdminGroup } from '@storefront/domain/contracts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { useTranslation } from 'react-i18next';
import type { GroupName } from '../model/menu-groups-api.ts';
import styles from './menu-groups.module.css';

/**
 * 412 admin.version-stale: someone changed the group meanwhile. Shows the person's value beside the one now,
 * field by field, and lets them keep the current one or save theirs over it (with the current version).
 */
export function StaleGroupPanel({
  yours,
  current,
  saving,
  onTakeCurrent,
  onSaveMine,
}: {
  yours: { name?: GroupName; isPublished?: boolean };
  current: AdminGroup;
  saving: boolean;
  onTakeCurrent: () => void;
  onSaveMine: () => void;
}) {
  const { t } = useTranslation('menuGroups');
  const shown = (value: boolean) => (value ? t('yes') : t('no'));
  const rows: { field: string; mine: string; now: string }[] = [];
  if (yours.name) {
    rows.push({ field: t('fieldName'), mine: yours.name.ru, now: current.name.ru });
    rows.push({ field: t('fieldNameEn'), mine: yours.name.en ?? '—', now: current.name.en ?? '—' });
  }
  if (yours.isPublished !== undefined)
    rows.push({ field: t('fieldShown'), mine: shown(yours.isPublished), now: shown(current.isPublished) });
  return (
    <section className={styles.stale} role="alert" aria-label={t('staleTitle')}>
      <h3 className={styles.staleTitle}>{t('staleTitle')}</h3>
      <table className={styles.staleTable}>
        <thead>
          <tr>
            <th scope="col">{t('staleField')}</th>
            <th scope="col">{t('staleYours')}</th>
            <th scope="col">{t('staleNow')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-changed={row.mine !== row.now || undefined}>
              <th scope="row">{row.field}</th>
              <td>{row.mine}</td>
              <td>{row.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onTakeCurrent} disabled={saving}>
          {t('takeCurrent')}
        </Button>
        <Button onClick={onSaveMine} loading={saving}>
          {t('saveMine')}
        </Button>
      </div>
    </section>
  );
}
