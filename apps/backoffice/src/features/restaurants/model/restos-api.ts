import type { AdminResto } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCitiesKeys } from '../../../entities/cities/cities.ts';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { adminRestosKeys } from '../../../entities/restos/restos.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The restaurants' calls (apps/api/src/modules/admin/admin-restos.routes.ts). */

export function useResto(id: number | null) {
  const { whiteLabel } = useBrand();
  return useQuery({
    queryKey: adminRestosKeys.one(whiteLabel, id ?? 0),
    queryFn: () => staffFetch<AdminResto>(`/api/v1/admin/restos/${id}`),
    enabled: id !== null,
  });
}

/** POST (no version: owners add one) or PATCH under If-Match with the changed fields only. */
export function useSaveResto() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: object }) =>
      id === null
        ? staffFetch<AdminResto>('/api/v1/admin/restos', jsonBody('POST', body))
        : staffFetch<AdminResto>(
            `/api/v1/admin/restos/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSuccess: (resto) => {
      queryClient.setQueryData(adminRestosKeys.one(whiteLabel, resto.id), resto);
      void queryClient.invalidateQueries({ queryKey: adminRestosKeys.list(whiteLabel) });
      // A city's count of restaurants moves with a restaurant's city.
      void queryClient.invalidateQueries({ queryKey: adminCitiesKeys.all(whiteLabel) });
    },
  });
}
