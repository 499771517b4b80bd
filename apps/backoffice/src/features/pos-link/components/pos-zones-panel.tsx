import { formatMoney, type Locale, minor, pickText } from '@storefront/domain';
import type { AdminZoneBand, AdminZoneImportResult } from '@storefront/domain/contracts';
import { useLocale } from '@storefront/web/src/shared/i18n/use-locale.ts';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportPosZones } from '../model/pos-api.ts';
import styles from './pos-link.module.css';

const money = (value: number, locale: Locale) =>
  formatMoney(minor(value), 'RUB', locale === 'en' ? 'en' : 'ru');

function bandText(band: AdminZoneBand, t: TFunction, locale: Locale) {
  return t('band', {
    from: money(band.orderPriceMin, locale),
    to: band.orderPriceMax === null ? '' : t('bandTo', { to: money(band.orderPriceMax, locale) }),
    price: money(band.deliveryPrice, locale),
    minutes: band.timeMinutes,
  });
}

/** iiko's zones for the restaurant's terminal group: a dry run shows what would be made, a confirmation makes it. */
export function PosZonesPanel({ restoId }: { restoId: number }) {
  const { t } = useTranslation('posLink');
  const locale = useLocale();
  const run = useImportPosZones(restoId);
  const [result, setResult] = useState<AdminZoneImportResult | null>(null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = (dryRun: boolean) => {
    setFailure(null);
    run.mutate(dryRun, {
      onSuccess: (answer) => {
        setAsking(false);
        setResult(answer);
      },
      onError: (error) => {
        setAsking(false);
        setFailure(`${t('zonesFailed')}: ${error.message}`);
      },
    });
  };
  const count = result?.zones.length ?? 0;
  return (
    <div className={styles.card}>
      <h3 className={styles.subtitle}>{t('zonesTitle')}</h3>
      <p className={styles.hint}>{t('zonesHint')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" loading={run.isPending && !asking} onClick={() => go(true)}>
          {t('zonesPreview')}
        </Button>
        {result?.dryRun && count > 0 && <Button onClick={() => setAsking(true)}>{t('zonesApply')}</Button>}
      </div>
      <p role="status" className={failure ? styles.error : styles.ok}>
        {failure ??
          (result
            ? count === 0
              ? t('zonesNone')
              : result.dryRun
                ? t('zonesWillCreate', { count })
                : t('zonesCreated', { count })
            : '')}
      </p>
      {result && count > 0 && (
        <ul className={styles.zoneList}>
          {result.zones.map((zone) => (
            <li key={`${zone.id}-${zone.name.ru}`}>
              <strong>{pickText(zone.name, locale)}</strong> · {t('priority', { priority: zone.priority })}
              <ul className={styles.lines}>
                {zone.bands.map((band) => (
                  <li key={band.orderPriceMin}>{bandText(band, t, locale)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {result && result.skipped.length > 0 && (
        <>
          <h4 className={styles.subtitle}>{t('zonesSkipped')}</h4>
          <ul className={styles.lines}>
            {result.skipped.map((skip) => (
              <li key={`${skip.index}-${skip.name}`}>
                {skip.name} — {skip.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {result && result.warnings.length > 0 && (
        <>
          <h4 className={styles.subtitle}>{t('zonesWarnings')}</h4>
          <ul className={styles.lines}>
            {result.warnings.map((warning, index) => (
              // Two zones may carry the same warning: the place in the list tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read once and never reordered.
              <li key={index}>{warning.message}</li>
            ))}
          </ul>
        </>
      )}
      <ConfirmationPopup
        open={asking}
        headline={t('zonesConfirmTitle', { count })}
        supportingText={t('zonesConfirmText')}
        confirmText={t('zonesApply')}
        confirmLoading={run.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => go(false)}
      />
    </div>
  );
}
