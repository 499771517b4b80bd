import type { Locale } from '@storefront/domain';
import {
  restoClockDate,
  restoClockTime,
  restoDaysAhead,
} from '@storefront/web/src/entities/orders/pre-order.ts';

type DayTexts = (key: 'whenTomorrow' | 'whenDate', values: { time: string; date?: string }) => string;

/**
 * A moment on the restaurant's clock as the board says it: the time alone today, else with its day ('завтра,
 * 11:00', '27 ноября, 11:00'), so a pre-order for tomorrow at 11:00 is not read as this morning's 11:00.
 */
export function restoDayTime(
  iso: string,
  nowMs: number,
  timezone: string,
  locale: Locale,
  t: DayTexts,
): string {
  const at = Date.parse(iso);
  const time = restoClockTime(at, timezone);
  const ahead = restoDaysAhead(at, nowMs, timezone);
  if (ahead === 0) return time;
  if (ahead === 1) return t('whenTomorrow', { time });
  return t('whenDate', { date: restoClockDate(at, timezone, locale), time });
}
