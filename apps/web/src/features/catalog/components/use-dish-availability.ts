import { isPositionAvailableAt, nextAvailability, wallClockAt } from '@storefront/domain';
import type { TimeSlot } from '@storefront/domain/contracts';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../../entities/clock/clock-store.ts';

export type DishAvailability = { available: true } | { available: false; message: string };

/**
 * docs/product.md §3 'Position time slots': a dish outside its slot stays visible but cannot be added, and says
 * when it is available, judged on the restaurant's clock.
 */
export function useDishAvailability(slots: readonly TimeSlot[], timezone: string) {
  const { t } = useTranslation('catalog');
  const weekdays = t('weekdaysShort', { returnObjects: true }) as string[];
  return (positionId: number): DishAvailability => {
    const now = serverNow();
    if (isPositionAvailableAt(positionId, slots, now, timezone)) return { available: true };
    const next = nextAvailability(positionId, slots, now, timezone);
    if (!next) return { available: false, message: t('unavailableNow') };
    const today = wallClockAt(now, timezone).dayOfWeek;
    return {
      available: false,
      message:
        next.dayOfWeek === today
          ? t('availableToday', { time: next.time })
          : t('availableFrom', { day: weekdays[next.dayOfWeek - 1], time: next.time }),
    };
  };
}
