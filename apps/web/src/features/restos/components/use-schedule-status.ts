import { scheduleStateAt } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockStore, serverNow } from '../../../entities/clock/clock-store.ts';

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
  /** 'Открыто сейчас · до 23:00', 'Закрыто · откроется завтра в 10:00', 'Сегодня выходной', 'Круглосуточно'. */
  text: string;
}

/** docs/product.md §4 'Schedule states' in one line, judged on the restaurant's own wall clock. */
export function useScheduleStatus(
  resto: Pick<Resto, 'openingHours' | 'timezone'>,
  now: number,
): ScheduleStatus {
  const { t } = useTranslation('restos');
  const state = scheduleStateAt(resto.openingHours, now, resto.timezone);
  switch (state.kind) {
    case 'round-the-clock':
      return { open: true, text: t('statusRoundTheClock') };
    case 'open':
      return { open: true, text: t('statusOpen', { time: state.closesAt }) };
    default: {
      const headline = state.kind === 'day-off' ? t('statusDayOff') : t('statusClosed');
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
