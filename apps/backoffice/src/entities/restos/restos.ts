import type { AdminResto } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffFetch } from '../staff-session/staff-session.ts';

/**
 * The brand's restaurants as the back office reads them (GET /api/v1/admin/restos: unpublished ones too; a manager's
 * own, an owner's all). The restaurants' screens, their hours and their zones all pick a restaurant from this list:
 * features never import each other, so they meet here.
 */

export const adminRestosKeys = {
  all: (whiteLabel: string) => ['admin', 'restos', whiteLabel] as const,
  list: (whiteLabel: string) => ['admin', 'restos', whiteLabel, 'list'] as const,
  one: (whiteLabel: string, restoId: number) => ['admin', 'restos', whiteLabel, 'one', restoId] as const,
};

/** TanStack query options over GET /api/v1/admin/restos, by brand (a test switching brands never mixes them). */
export function adminRestosQuery(whiteLabel: string) {
  return queryOptions({
    queryKey: adminRestosKeys.list(whiteLabel),
    queryFn: async () => (await staffFetch<{ restos: AdminResto[] }>('/api/v1/admin/restos')).restos,
    staleTime: 30_000,
  });
}

/** The brand's restaurants for the brand the back office serves. */
export function useAdminRestos() {
  return useQuery(adminRestosQuery(useBrand().whiteLabel));
}
