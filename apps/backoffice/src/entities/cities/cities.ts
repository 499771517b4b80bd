import type { AdminCity } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../staff-session/staff-session.ts';

/**
 * The brand's cities (GET /api/v1/admin/cities): the cities screen edits them, the restaurant form picks one and
 * checks its pin against its bounds. Features never import each other: they meet here.
 */
export const adminCitiesKeys = {
  all: (whiteLabel: string) => ['admin', 'cities', whiteLabel] as const,
  one: (whiteLabel: string, cityId: number) => ['admin', 'cities', whiteLabel, 'one', cityId] as const,
};

export function adminCitiesQuery(whiteLabel: string) {
  return queryOptions({
    queryKey: [...adminCitiesKeys.all(whiteLabel), 'list'] as const,
    queryFn: async () => (await staffFetch<{ cities: AdminCity[] }>('/api/v1/admin/cities')).cities,
    staleTime: 30_000,
  });
}

export function useAdminCities() {
  return useQuery(adminCitiesQuery(useBrand().whiteLabel));
}
