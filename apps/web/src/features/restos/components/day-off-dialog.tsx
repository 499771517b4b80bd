import { type Locale, pickText, scheduleStateAt, wallClockAt } from '@storefront/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLocation } from '../../../shared/current-location.tsx';
import { appFlagsStore } from '../../../shared/store/app-flags-store.ts';
import { serverNow, useClockSynced } from '../../../shared/store/clock-store.ts';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';

/**
 * SPEC §2 item 10 and §4 'Schedule states': when the chosen restaurant is closed or has a day off,
 * say that orders are not accepted now and when it opens, judged on the restaurant's own clock.
 * Shown once per restaurant and visit.
 */
export function DayOffDialog() {
  const { t, i18n } = useTranslation('restos');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const { resto } = useCurrentLocation();
  const synced = useClockSynced();
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  if (!resto || !synced || dismissedFor === resto.id) return null;
  const now = serverNow();
  const state = scheduleStateAt(resto.openingHours, now, resto.timezone);
  if (state.kind === 'open' || state.kind === 'round-the-clock') return null;
  const opensAt = state.opensAt;
  const today = wallClockAt(now, resto.timezone).dayOfWeek;
  const weekdays = t('weekdays', { returnObjects: true }) as string[];
  const when = !opensAt
    ? null
    : opensAt.dayOfWeek === today
      ? t('opensToday', { time: opensAt.time })
      : t('opensAt', { day: weekdays[opensAt.dayOfWeek - 1], time: opensAt.time });
  const dismiss = () => setDismissedFor(resto.id);
  return (
    <ConfirmationPopup
      open
      headline={t('dayOffTitle')}
      supportingText={
        <>
          {t('dayOffText', { name: pickText(resto.name, locale) })}
          {when && (
            <>
              <br />
              <strong>{when}</strong>
            </>
          )}
        </>
      }
      confirmText={t('understood')}
      cancelText={t('changeAddress')}
      onConfirm={dismiss}
      onCancel={() => {
        dismiss();
        appFlagsStore.getState().openLocation();
      }}
    />
  );
}
