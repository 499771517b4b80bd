import type { AdminPromotion, PromotionState } from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The promotions' calls (apps/api/src/modules/admin/admin-promotions.routes.ts). */

export interface PromotionList {
  promotions: AdminPromotion[];
  timezone: string;
}

export const promotionKeys = {
  all: ['admin', 'promotions'] as const,
  list: ['admin', 'promotions', 'list'] as const,
  one: (id: number) => ['admin', 'promotions', 'one', id] as const,
};

/** Every promotion of the brand (a few dozen at most): searched and filtered in the browser. */
export function usePromotions() {
  return useQuery({
    queryKey: promotionKeys.list,
    queryFn: () => staffFetch<PromotionList>('/api/v1/admin/promotions'),
  });
}

export function usePromotion(id: number | null) {
  return useQuery({
    queryKey: promotionKeys.one(id ?? 0),
    queryFn: () => staffFetch<AdminPromotion>(`/api/v1/admin/promotions/${id}`),
    enabled: id !== null,
  });
}

export const isPromotionState = (value: string): value is PromotionState =>
  value === 'active' || value === 'scheduled' || value === 'ended';

function useSettle() {
  const queryClient = useQueryClient();
  return (promotion: AdminPromotion) => {
    queryClient.setQueryData(promotionKeys.one(promotion.id), promotion);
    void queryClient.invalidateQueries({ queryKey: promotionKeys.list });
  };
}

/** POST (no version) or PATCH under If-Match. */
export function useSavePromotion() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: unknown }) =>
      id === null
        ? staffFetch<AdminPromotion>('/api/v1/admin/promotions', jsonBody('POST', body))
        : staffFetch<AdminPromotion>(
            `/api/v1/admin/promotions/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSuccess: settle,
  });
}

/** PUT the raw image as the picture, or DELETE it; under If-Match. */
export function usePromotionPicture() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, version, file }: { id: number; version: number; file: File | null }) =>
      staffFetch<AdminPromotion>(
        `/api/v1/admin/promotions/${id}/picture`,
        file
          ? {
              method: 'PUT',
              headers: { 'content-type': file.type || 'application/octet-stream', ...ifMatch(version) },
              body: file,
            }
          : { method: 'DELETE', headers: ifMatch(version) },
      ),
    onSuccess: settle,
  });
}

/** DELETE under If-Match: revertible from the change log (it comes back with its id). */
export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotion: { id: number; version: number }) =>
      staffFetch<null>(`/api/v1/admin/promotions/${promotion.id}`, {
        method: 'DELETE',
        headers: ifMatch(promotion.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
