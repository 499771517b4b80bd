import {
  DAYS_OF_WEEK,
  type DayHours,
  displayClosingTime,
  hoursOnDayAt,
  isRoundTheClock,
  specialDaysFor,
  wallClockAt,
} from '@storefront/domain';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/ui/class-names.ts';
import { ResponsiveDialog } from '../../../shared/ui/dialog.tsx';
import styles from './schedule-popup.module.css';
import { StatusLine } from './status-line.tsx';
import { type ScheduledResto, useScheduleStatus, useServerNow } from './use-schedule-status.ts';

export interface SchedulePopupProps {
  resto: ScheduledResto;
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
  const textOf = (hours: DayHours): { text: string; off: boolean } => {
    if (hours.kind === 'day-off') return { text: t('dayOff'), off: true };
    if (hours.kind === 'round-the-clock') return { text: t('roundTheClock'), off: false };
    const pause = hours.breakFrom ? `, ${t('breakAt', { from: hours.breakFrom, to: hours.breakTo })}` : '';
    return { text: `${hours.open} – ${hours.close}${pause}`, off: false };
  };
  // Today's row keeps a special day's hours (decision 51); the other rows are the week's.
  const hoursOf = (dayOfWeek: number): { text: string; off: boolean } => {
    if (dayOfWeek === today)
      return textOf(
        hoursOnDayAt(resto.openingHours, now, resto.timezone, specialDaysFor(resto.specialDays, null)),
      );
    const day = resto.openingHours.find((entry) => entry.dayOfWeek === dayOfWeek);
    if (!day?.active) return textOf({ kind: 'day-off' });
    if (isRoundTheClock(day)) return textOf({ kind: 'round-the-clock' });
    return textOf({
      kind: 'hours',
      open: day.open,
      close: displayClosingTime(day.close),
      ...(day.breakFrom && day.breakTo && { breakFrom: day.breakFrom, breakTo: day.breakTo }),
    });
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
