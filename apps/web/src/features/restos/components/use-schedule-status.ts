import {
  type CustomerDeliveryMethod,
  hoursFor,
  localDateAt,
  pickText,
  scheduleStateAt,
  specialDayOn,
  specialDaysFor,
} from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockStore, serverNow } from '../../../entities/clock/clock-store.ts';
import { useLocale } from '../../../shared/i18n/use-locale.ts';

/** How often the open/closed lines are recomputed while a screen stays open. */
const TICK_MS = 30_000;

/** Now by the server's clock, refreshed every half minute and when the clock syncs. */
export function useServerNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(serverNow());
    const timer = setInterval(tick, TICK_MS);
    const unsubscribe = clockStore.subscribe(tick);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  return now;
}

export interface ScheduleStatus {
  /** Taking orders now (open or round the clock). */
  open: boolean;
  /**
   * 'Открыто сейчас · до 23:00', 'Закрыто · откроется завтра в 10:00', 'Сегодня выходной', 'Круглосуточно',
   * 'Перерыв до 16:00'; a special day's note leads the line when today is one ('Санитарный день · откроется …').
   */
  text: string;
}

export type ScheduledResto = Pick<Resto, 'openingHours' | 'timezone' | 'methodHours' | 'specialDays'>;

/**
 * docs/product.md §4 'Schedule states' in one line, judged on the restaurant's own wall clock by the hours of the
 * method (its own week and special days when it has them, decision 51); no method: the restaurant's.
 */
export function useScheduleStatus(
  resto: ScheduledResto,
  now: number,
  method: CustomerDeliveryMethod | null = null,
): ScheduleStatus {
  const { t } = useTranslation('restos');
  const locale = useLocale();
  const specialDays = specialDaysFor(resto.specialDays, method);
  const state = scheduleStateAt(hoursFor(resto, method), now, resto.timezone, specialDays);
  const special = specialDayOn(specialDays, localDateAt(now, resto.timezone));
  const note = special ? pickText(special.note, locale).trim() : '';
  const withNote = (text: string) => (note ? `${text} · ${note}` : text);
  switch (state.kind) {
    case 'round-the-clock':
      return { open: true, text: withNote(t('statusRoundTheClock')) };
    case 'open':
      return { open: true, text: withNote(t('statusOpen', { time: state.closesAt })) };
    default: {
      if (state.kind === 'closed' && state.breakUntil)
        return { open: false, text: withNote(t('statusBreak', { time: state.breakUntil })) };
      const headline = note || (state.kind === 'day-off' ? t('statusDayOff') : t('statusClosed'));
      const opensAt = state.opensAt;
      if (!opensAt) return { open: false, text: headline };
      const weekdaysOn = t('weekdaysOn', { returnObjects: true }) as string[];
      const reopens =
        opensAt.daysAhead === 0
          ? t('reopensToday', { time: opensAt.time })
          : opensAt.daysAhead === 1
            ? t('reopensTomorrow', { time: opensAt.time })
            : t('reopensOn', { day: weekdaysOn[opensAt.dayOfWeek - 1], time: opensAt.time });
      return { open: false, text: `${headline} · ${reopens}` };
    }
  }
}
