import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RestoPicker } from '../../../entities/restos/resto-picker.tsx';
import { useAdminRestos } from '../../../entities/restos/restos.ts';
import { useHours } from '../model/hours-api.ts';
import styles from './opening-hours.module.css';
import { SpecialDays } from './special-days.tsx';
import { WeekEditor } from './week-editor.tsx';

/**
 * /admin/restaurants/hours (decision 51): pick a restaurant, then its weeks (the restaurant's, delivery's and
 * take-away's own or the same) and its special days. A manager sees the restaurants of their account.
 */
export function HoursScreen() {
  const { t } = useTranslation('openingHours');
  const restos = useAdminRestos();
  const [picked, setPicked] = useState<number | null>(null);
  const restoId = picked ?? restos.data?.[0]?.id ?? null;
  const timezone = restos.data?.find((resto) => resto.id === restoId)?.timezone ?? '+03:00';
  return (
    <section className={styles.screen} aria-labelledby="hours-title">
      <div className={styles.heading}>
        <h2 id="hours-title" className={styles.title}>
          {t('title')}
        </h2>
        <RestoPicker value={restoId} onChange={setPicked} />
      </div>
      <p className={styles.intro}>{t('intro')}</p>
      {restoId === null ? (
        <p className={styles.state}>{restos.isPending ? t('loading') : t('pickResto')}</p>
      ) : (
        <RestoHours key={restoId} restoId={restoId} timezone={timezone} />
      )}
    </section>
  );
}

function RestoHours({ restoId, timezone }: { restoId: number; timezone: string }) {
  const { t } = useTranslation('openingHours');
  const hours = useHours(restoId);
  if (hours.isPending)
    return (
      <p className={styles.state} role="status">
        <Spinner size={20} /> {t('loading')}
      </p>
    );
  if (hours.isError || !hours.data)
    return (
      <div className={styles.state} role="alert">
        <p>
          {t('failed')}
          {hours.error ? `: ${hours.error.message}` : ''}
        </p>
        <Button variant="secondary" onClick={() => void hours.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  return (
    <>
      {/* Special days first: a closed day is the change made most often, the week the rarest. */}
      <SpecialDays restoId={restoId} days={hours.data.specialDays} timezone={timezone} />
      <WeekEditor restoId={restoId} hours={hours.data} />
    </>
  );
}
