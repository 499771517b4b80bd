import type { AdminCity } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCitiesKeys } from '../../../entities/cities/cities.ts';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The cities' calls (apps/api/src/modules/admin/admin-cities.routes.ts). */

export function useSaveCity() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: object }) =>
      id === null
        ? staffFetch<AdminCity>('/api/v1/admin/cities', jsonBody('POST', body))
        : staffFetch<AdminCity>(`/api/v1/admin/cities/${id}`, jsonBody('PATCH', body, ifMatch(version ?? 0))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminCitiesKeys.all(whiteLabel) }),
  });
}

/** DELETE under If-Match: refused (409) while restaurants are in the city; revertible from the change log. */
export function useDeleteCity() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: (city: { id: number; version: number }) =>
      staffFetch<null>(`/api/v1/admin/cities/${city.id}`, {
        method: 'DELETE',
        headers: ifMatch(city.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminCitiesKeys.all(whiteLabel) }),
  });
}
