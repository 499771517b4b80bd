import { type Locale, pickText } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { useClockSynced } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';
import { useScheduleStatus, useServerNow } from './use-schedule-status.ts';

/**
 * SPEC §2 item 10 and §4 'Schedule states': when the chosen restaurant is closed or has a day off,
 * say that orders are not accepted now and when it opens (the same status line as the restaurant
 * pages), judged on the restaurant's own clock. Shown once per restaurant and visit.
 */
export function DayOffDialog() {
  const { resto } = useCurrentLocation();
  const synced = useClockSynced();
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  if (!resto || !synced || dismissedFor === resto.id) return null;
  return <ClosedNotice resto={resto} onDismiss={() => setDismissedFor(resto.id)} />;
}

function ClosedNotice({ resto, onDismiss }: { resto: Resto; onDismiss: () => void }) {
  const { t, i18n } = useTranslation('restos');
  const locale: Locale = i18n.language === 'en' ? 'en' : 'ru';
  const status = useScheduleStatus(resto, useServerNow());
  if (status.open) return null;
  return (
    <ConfirmationPopup
      open
      headline={t('dayOffTitle')}
      supportingText={
        <>
          {t('dayOffText', { name: pickText(resto.name, locale) })}
          <br />
          <strong>{status.text}</strong>
        </>
      }
      confirmText={t('understood')}
      cancelText={t('changeAddress')}
      onConfirm={onDismiss}
      onCancel={() => {
        onDismiss();
        appFlagsStore.getState().openLocation();
      }}
    />
  );
}
