import { type CustomerDeliveryMethod, firstPreOrderSlot, pickText } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appFlagsStore } from '../../../entities/app-flags/app-flags-store.ts';
import { restoWorkingHoursQuery } from '../../../entities/catalog/catalog-queries.ts';
import {
  preOrderRulesFor,
  restoClockDate,
  restoClockTime,
  restoDaysAhead,
} from '../../../entities/orders/pre-order.ts';
import { useBrand } from '../../../shared/config.tsx';
import { useLocale } from '../../../shared/i18n/use-locale.ts';
import { useNavigate } from '../../../shared/navigation/router.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { ConfirmationPopup } from '../../../shared/ui/confirmation-popup.tsx';
import { useScheduleStatus, useServerNow } from './use-schedule-status.ts';

/** The closed restaurant's notice (day-off-dialog.tsx decides when): when it opens, and a pre-order slot. */
export default function ClosedNotice({
  resto,
  method,
  onDismiss,
}: {
  resto: Resto;
  method: CustomerDeliveryMethod | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('restos');
  const locale = useLocale();
  const navigate = useNavigate();
  const now = useServerNow();
  const status = useScheduleStatus(resto, now, method);
  // With pre-orders on, the next free slot is offered (docs/product.md §2 item 10, decision 21).
  const preOrderOn = useBrand().features.preOrder && method !== null;
  const hours = useQuery({ ...restoWorkingHoursQuery(resto.id), enabled: preOrderOn && !status.open });
  const slot =
    preOrderOn && method && hours.data
      ? firstPreOrderSlot(preOrderRulesFor(resto, method, hours.data, now))
      : null;
  if (status.open) return null;
  const slotText = (at: number) => {
    const time = restoClockTime(at, resto.timezone);
    const ahead = restoDaysAhead(at, now, resto.timezone);
    if (ahead === 0) return time;
    if (ahead === 1) return t('preOrderTomorrow', { time });
    return t('preOrderDate', { date: restoClockDate(at, resto.timezone, locale), time });
  };
  return (
    <ConfirmationPopup
      open
      headline={t('dayOffTitle')}
      supportingText={
        <>
          {t('dayOffText', { name: pickText(resto.name, locale) })}
          <br />
          <strong>{status.text}</strong>
          {slot !== null && (
            <>
              <br />
              <Button
                variant="primary"
                onClick={async () => {
                  // The draft loads with the cart, after the boot's storage checks: not on the first screen.
                  const { orderDraftStore } = await import(
                    '../../../entities/order-draft/order-draft-store.ts'
                  );
                  orderDraftStore.getState().setPreOrderAt(new Date(slot).toISOString());
                  onDismiss();
                  navigate('/cart');
                }}
                data-testid="pre-order-offer"
              >
                {t('preOrderOffer', { time: slotText(slot) })}
              </Button>
            </>
          )}
        </>
      }
      confirmText={t('understood')}
      cancelText={t('changeAddress')}
      onConfirm={onDismiss}
      onCancel={() => {
        onDismiss();
        appFlagsStore.getState().openLocation({ methodOnly: true });
      }}
    />
  );
}
