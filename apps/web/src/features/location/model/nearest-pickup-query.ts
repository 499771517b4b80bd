import type { LatLng } from '@storefront/domain';
import type { NearestPickupResponse } from '@storefront/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../shared/api-client.ts';

/**
 * GET /1/p/location/nearest-pickup?cityId&lat&lng (decision 56): the city's take-away point nearest an address
 * outside every zone, in a straight line. A city without one answers 404 location.no-pickup: null here, and the
 * popup refuses the address as it always did.
 */
export const nearestPickupQuery = (cityId: number, point: LatLng, whiteLabel: string) =>
  queryOptions({
    queryKey: ['nearest-pickup', whiteLabel, cityId, point.lat, point.lng],
    queryFn: async (): Promise<NearestPickupResponse | null> => {
      const query = new URLSearchParams({
        cityId: String(cityId),
        lat: String(point.lat),
        lng: String(point.lng),
        whiteLabel,
      });
      try {
        return await apiFetch<NearestPickupResponse>(`/1/p/location/nearest-pickup?${query}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** A straight-line distance as the customer reads it: '850 м', '2,3 км' / '850 m', '2.3 km'. */
export function distanceText(meters: number, locale: 'ru' | 'en'): string {
  const tag = locale === 'en' ? 'en-GB' : 'ru-RU';
  if (meters < 1000) {
    const rounded = Math.max(10, Math.round(meters / 10) * 10);
    return `${new Intl.NumberFormat(tag).format(rounded)} ${locale === 'en' ? 'm' : 'м'}`;
  }
  const km = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 }).format(meters / 1000);
  return `${km} ${locale === 'en' ? 'km' : 'км'}`;
}
