import { citiesPath } from '@storefront/domain';
import type { City, CityListItem, LocationResponse } from '@storefront/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api-client.ts';

export const citiesQuery = (whiteLabel: string) =>
  queryOptions({
    queryKey: ['cities', whiteLabel],
    queryFn: () => apiFetch<CityListItem[]>(citiesPath(whiteLabel)),
    staleTime: 5 * 60_000,
  });

/** The location-level fetch: a city's restaurants in full and their delivery zones. */
export const cityLocationQuery = (whiteLabel: string, cityId: number) =>
  queryOptions({
    queryKey: ['location', whiteLabel, cityId],
    queryFn: () =>
      apiFetch<LocationResponse>(
        `/1/p/location?cityId=${cityId}&whiteLabel=${encodeURIComponent(whiteLabel)}`,
      ),
    staleTime: 5 * 60_000,
  });

/** One city in full: its centre, zoom and bounds place the map. */
export const cityQuery = (cityId: number) =>
  queryOptions({
    queryKey: ['city', cityId],
    queryFn: () => apiFetch<City>(`/1/p/cities/${cityId}`),
    staleTime: 5 * 60_000,
  });
