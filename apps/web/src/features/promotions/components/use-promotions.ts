import { useQuery } from '@tanstack/react-query';
import { restoPromotionsQuery } from '../../../entities/catalog/catalog-queries.ts';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';

/** The promotions running now in the chosen restaurant, highest priority first (boot has usually loaded them). */
export function usePromotions() {
  const { resto } = useCurrentLocation();
  return useQuery({ ...restoPromotionsQuery(resto?.id ?? 0), enabled: resto !== null });
}
