import { DAYS_OF_WEEK, displayClosingTime, isRoundTheClock, wallClockAt } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/ui/class-names.ts';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import styles from './schedule-popup.module.css';
import { StatusLine } from './status-line.tsx';
import { useScheduleStatus, useServerNow } from './use-schedule-status.ts';

export interface SchedulePopupProps {
  resto: Pick<Resto, 'openingHours' | 'timezone'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** docs/product.md §2 item 12: the week Monday to Sunday, today's row marked, and whether it is open now. */
export function SchedulePopup({ resto, open, onOpenChange }: SchedulePopupProps) {
  const { t } = useTranslation('restos');
  const now = useServerNow();
  const status = useScheduleStatus(resto, now);
  const today = wallClockAt(now, resto.timezone).dayOfWeek;
  const weekdays = t('weekdays', { returnObjects: true }) as string[];
  const hoursOf = (dayOfWeek: number): { text: string; off: boolean } => {
    const day = resto.openingHours.find((entry) => entry.dayOfWeek === dayOfWeek);
    if (!day?.active) return { text: t('dayOff'), off: true };
    if (isRoundTheClock(day)) return { text: t('roundTheClock'), off: false };
    return { text: `${day.open} – ${displayClosingTime(day.close)}`, off: false };
  };
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('hours')}
      closeLabel={t('close')}
      size="compact"
    >
      <StatusLine status={status} className={styles.status} />
      <table className={styles.table}>
        <caption className="visually-hidden">{t('hours')}</caption>
        <tbody>
          {DAYS_OF_WEEK.map((dayOfWeek) => {
            const isToday = dayOfWeek === today;
            const hours = hoursOf(dayOfWeek);
            return (
              <tr
                key={dayOfWeek}
                className={cx(styles.row, isToday && styles.today)}
                aria-current={isToday ? 'date' : undefined}
              >
                <th scope="row" className={styles.day}>
                  {capitalise(weekdays[dayOfWeek - 1] ?? '')}
                  {isToday && <span className={styles.todayMark}>{t('today')}</span>}
                </th>
                <td className={cx(styles.hours, hours.off && styles.muted)}>{hours.text}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveDialog>
  );
}
