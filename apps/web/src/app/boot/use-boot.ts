import { menusFor } from '@storefront/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { appFlagsStore } from '../../entities/app-flags/app-flags-store.ts';
import {
  menuGroupsQuery,
  menuPositionsQuery,
  restoModifiersQuery,
  restoPromotionsQuery,
  restoTimeSlotsQuery,
  restoWorkingHoursQuery,
} from '../../entities/catalog/catalog-queries.ts';
import { clockStore } from '../../entities/clock/clock-store.ts';
import type { CurrentLocation } from '../../entities/location/current-location.tsx';
import { citiesQuery, cityLocationQuery } from '../../entities/location/location-queries.ts';
import { firstChoiceStore, useSelections } from '../../entities/location/selections-store.ts';
import { apiFetch } from '../../shared/api-client.ts';
import { CLOCK_PATH } from '../../shared/clock-path.ts';
import { useBrand } from '../../shared/config.tsx';
import { useMatch } from '../../shared/navigation/router.tsx';
import { claimPrefetchedAnswer } from '../../shared/prefetch/prefetched-answers.ts';
import { type BootFailure, type BootStep, bootFailure, bootStepOf } from './boot-failure.ts';

export type BootState =
  | { kind: 'loading'; location: CurrentLocation | null }
  | { kind: 'failed'; failure: BootFailure; retry: () => void }
  | { kind: 'ready'; location: CurrentLocation };

/**
 * docs/product.md §4 'Boot': clock, then cities, then the saved city's restaurants and zones, then the selected
 * restaurant's menu (groups, positions, promotions, modifiers, time slots, working hours). Any failure
 * is fatal and offers a retry. Without a saved city, or on a first boot that applied the brand's defaults, the
 * location popup opens, persistent.
 */
export function useBoot(): BootState {
  const brand = useBrand();
  const cityId = useSelections((s) => s.cityId);
  const restoId = useSelections((s) => s.restoId);
  const method = useSelections((s) => s.deliveryMethod);
  // A first boot on the brand's defaults: they are applied, and the customer is still asked (persistent).
  const firstChoice = useStore(firstChoiceStore, (s) => s.pending);

  const clock = useQuery({
    queryKey: ['now'],
    queryFn: async () => {
      // The page head's answer, timed by the head (decision 30); otherwise the app asks and times it.
      const prefetched = await claimPrefetchedAnswer(CLOCK_PATH);
      if (prefetched?.response.ok && prefetched.sentAt !== undefined && prefetched.receivedAt !== undefined) {
        const answer = (await prefetched.response.json().catch(() => null)) as { utc_time?: unknown } | null;
        if (typeof answer?.utc_time === 'string') {
          clockStore.getState().sync(answer.utc_time, prefetched.sentAt, prefetched.receivedAt);
          return { utc_time: answer.utc_time };
        }
      }
      const sentAt = Date.now();
      const answer = await apiFetch<{ utc_time: string }>(CLOCK_PATH);
      clockStore.getState().sync(answer.utc_time, sentAt, Date.now());
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const cities = useQuery({ ...citiesQuery(brand.whiteLabel), retry: 1 });
  const location = useQuery({
    ...cityLocationQuery(brand.whiteLabel, cityId ?? 0),
    enabled: cityId !== null,
    retry: 1,
  });

  const resto = location.data?.restos.find((r) => r.id === restoId) ?? null;
  const menus = useMemo(() => menusFor(resto, method), [resto, method]);
  const menuSources = resto
    ? [
        ...menus.flatMap((menu) => [menuGroupsQuery(menu.id), menuPositionsQuery(menu.id)]),
        restoPromotionsQuery(resto.id),
        restoModifiersQuery(resto.id),
        restoTimeSlotsQuery(resto.id),
        ...(brand.features.preOrder ? [restoWorkingHoursQuery(resto.id)] : []),
      ]
    : [];
  const menuQueries = useQueries({ queries: menuSources.map((q) => ({ ...q, retry: 1 })) });

  const needsLocation =
    cities.isSuccess && (cityId === null || firstChoice || (location.isSuccess && resto === null));
  // A rating link is opened from an SMS, often in a browser that never chose a city: rating needs none, so the
  // popup waits until the customer goes on to the menu.
  const onRatingLink = useMatch('/rate/:token');
  useEffect(() => {
    if (needsLocation && !onRatingLink) appFlagsStore.getState().openLocation({ persistent: true });
  }, [needsLocation, onRatingLink]);

  const current = useMemo<CurrentLocation | null>(() => {
    if (!cities.data) return null;
    return {
      cities: cities.data,
      city: cities.data.find((c) => c.id === cityId) ?? null,
      restos: location.data?.restos ?? [],
      zones: location.data?.deliveryZones ?? [],
      resto,
      method,
      menus,
    };
  }, [cities.data, cityId, location.data, resto, method, menus]);

  // Each boot query with the step it is (docs/product.md §8 words a failure by what was fetched).
  const steps: [BootStep, { isError: boolean; error: Error | null }][] = [
    ['now', clock],
    ['cities', cities],
    ['location', location],
    ...menuQueries.map((q, i): [BootStep, typeof q] => [bootStepOf(menuSources[i]?.queryKey ?? []), q]),
  ];
  const failed = steps.find(([, q]) => q.isError);
  if (failed) {
    return {
      kind: 'failed',
      failure: bootFailure(failed[0], failed[1].error),
      retry: () => {
        for (const q of [clock, cities, location, ...menuQueries]) if (q.isError) void q.refetch();
      },
    };
  }
  const menuLoaded = menuQueries.every((q) => q.isSuccess);
  if (current && clock.isSuccess && (needsLocation || (resto && menuLoaded)))
    return { kind: 'ready', location: current };
  return { kind: 'loading', location: current };
}
