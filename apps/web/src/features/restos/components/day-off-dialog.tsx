import type { CustomerDeliveryMethod } from '@storefront/domain';
import type { Resto } from '@storefront/domain/contracts';
import { lazy, Suspense, useState } from 'react';
import { useClockSynced } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { useMatch } from '../../../shared/navigation/router.tsx';
import { useScheduleStatus, useServerNow } from './use-schedule-status.ts';

// The notice and its pre-order offer load only when the restaurant is closed: most visits never need them.
const ClosedNotice = lazy(() => import('./day-off-notice.tsx'));

/**
 * docs/product.md §2 item 10 and §4 'Schedule states': when the chosen restaurant is closed or has a day off,
 * say that orders are not accepted now and when it opens (the same status line as the restaurant
 * pages), judged on the restaurant's own clock. Shown once per restaurant and visit. Never over an order's
 * page or its payment page: that order is made (maybe a pre-order, maybe paid), and a notice offering
 * another would cover what the page says about it.
 */
export function DayOffDialog() {
  const { resto, method } = useCurrentLocation();
  const synced = useClockSynced();
  const onAnOrder = useMatch('/orders/:orderId/*?');
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);
  if (!resto || !synced || onAnOrder || dismissedFor === resto.id) return null;
  return <WhenClosed resto={resto} method={method} onDismiss={() => setDismissedFor(resto.id)} />;
}

function WhenClosed(props: { resto: Resto; method: CustomerDeliveryMethod | null; onDismiss: () => void }) {
  const status = useScheduleStatus(props.resto, useServerNow(), props.method);
  if (status.open) return null;
  return (
    <Suspense fallback={null}>
      <ClosedNotice {...props} />
    </Suspense>
  );
}
