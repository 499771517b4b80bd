import type { AdminBrandPage } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The brand's static pages (apps/api/src/modules/admin/admin-brand.routes.ts), owners only. */

export const brandPagesKeys = {
  all: (whiteLabel: string) => ['admin', 'brand', whiteLabel, 'pages'] as const,
};

export function useBrandPages() {
  const { whiteLabel } = useBrand();
  return useQuery({
    queryKey: brandPagesKeys.all(whiteLabel),
    queryFn: async () => (await staffFetch<{ pages: AdminBrandPage[] }>('/api/v1/admin/brand/pages')).pages,
  });
}

export function useSaveBrandPage() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: object }) =>
      id === null
        ? staffFetch<AdminBrandPage>('/api/v1/admin/brand/pages', jsonBody('POST', body))
        : staffFetch<AdminBrandPage>(
            `/api/v1/admin/brand/pages/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: brandPagesKeys.all(whiteLabel) }),
  });
}

/** DELETE under If-Match; revertible from the change log (the page comes back with its address). */
export function useDeleteBrandPage() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: (page: { id: number; version: number }) =>
      staffFetch<null>(`/api/v1/admin/brand/pages/${page.id}`, {
        method: 'DELETE',
        headers: ifMatch(page.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: brandPagesKeys.all(whiteLabel) }),
  });
}
