import { preOrderDays, slotStartMs } from '@storefront/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { restoWorkingHoursQuery } from '../../../entities/catalog/catalog-queries.ts';
import { serverNow } from '../../../entities/clock/clock-store.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { orderDraftStore, useOrderDraft } from '../../../entities/order-draft/order-draft-store.ts';
import { preOrderRulesFor } from '../../../entities/orders/pre-order.ts';
import { useBrand } from '../../../shared/config.tsx';
import { restoSlotsQuery } from './resto-slots-query.ts';

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
  // The full slots (decision 56): asked again each time the picker opens (refreshFull), and after a refusal.
  const slots = useQuery({
    ...restoSlotsQuery(resto?.id ?? 0, method ?? 'DELIVERY'),
    enabled: !!resto && !!method && enabled,
  });
  const full = useMemo(
    () => new Set((slots.data?.fullSlots ?? []).map((at) => slotStartMs(Date.parse(at)))),
    [slots.data],
  );
  // Slots placement refused (409 order.slot-full): full whatever an answer read from a lagging view says.
  const [refused, setRefused] = useState<ReadonlySet<number>>(() => new Set());
  const markFull = useCallback(
    (ms: number) =>
      setRefused((known) => (known.has(slotStartMs(ms)) ? known : new Set([...known, slotStartMs(ms)]))),
    [],
  );
  const isFull = (ms: number) => full.has(slotStartMs(ms)) || refused.has(slotStartMs(ms));
  // Stable, and never cancelling an answer on its way: a caller's effect may ask again while one runs.
  const { refetch } = slots;
  const refreshFull = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
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
  /** The first slot of a day (of the first day when none is given) that is not full. */
  const firstFree = (day = days[0]) => day?.slots.find((slot) => !isFull(slot)) ?? day?.slots[0] ?? null;
  return {
    enabled,
    /** The working hours came: no days then means no slot to offer. */
    loaded: hours.isSuccess,
    days,
    preOrderAt,
    chosenMs,
    chosenDay,
    setSlot,
    isFull,
    firstFree,
    /** Asks for the full slots again: the picker opened, or placement found the slot taken. */
    refreshFull,
    /** Placement found this slot taken: shown full at once. */
    markFull,
    timezone: resto?.timezone ?? '+03:00',
  };
}

export type PreOrder = ReturnType<typeof usePreOrder>;
