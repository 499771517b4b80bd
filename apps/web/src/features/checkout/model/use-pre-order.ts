import { preOrderDays } from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { restoWorkingHoursQuery } from '../../../entities/catalog/catalog-queries.ts';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { orderDraftStore, useOrderDraft } from '../../../entities/order-draft/order-draft-store.ts';
import { preOrderRulesFor } from '../../../entities/orders/pre-order.ts';
import { useBrand } from '../../../shared/config.tsx';

/**
 * Pre-order: days and slots on the restaurant's clock, from its working-hours answer (docs/product.md §3),
 * and the chosen time (the draft's preOrderAt; null is as soon as possible).
 */
export function usePreOrder() {
  const brand = useBrand();
  const { resto, method } = useCurrentLocation();
  const preOrderAt = useOrderDraft((state) => state.preOrderAt);
  const enabled = brand.features.preOrder;
  const hours = useQuery({ ...restoWorkingHoursQuery(resto?.id ?? 0), enabled: !!resto && enabled });
  const days = useMemo(
    () =>
      resto && method && enabled && hours.data
        ? preOrderDays(preOrderRulesFor(resto, method, hours.data, serverNow()))
        : [],
    [resto, method, enabled, hours.data],
  );
  // A time already past (or pre-orders switched off for the brand) is dropped: as soon as possible again.
  useEffect(() => {
    if (preOrderAt && (!enabled || Date.parse(preOrderAt) <= serverNow())) {
      orderDraftStore.getState().setPreOrderAt(null);
    }
  }, [preOrderAt, enabled]);
  const chosenMs = preOrderAt ? Date.parse(preOrderAt) : null;
  const chosenDay = chosenMs === null ? null : (days.find((day) => day.slots.includes(chosenMs)) ?? null);
  const setSlot = (ms: number | null) =>
    orderDraftStore.getState().setPreOrderAt(ms === null ? null : new Date(ms).toISOString());
  return {
    enabled,
    /** The working hours came: no days then means no slot to offer. */
    loaded: hours.isSuccess,
    days,
    preOrderAt,
    chosenMs,
    chosenDay,
    setSlot,
    timezone: resto?.timezone ?? '+03:00',
  };
}

export type PreOrder = ReturnType<typeof usePreOrder>;
