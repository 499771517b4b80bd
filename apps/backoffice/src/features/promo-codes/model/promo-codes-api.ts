import type { AdminPromoCode } from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The promo codes' calls (apps/api/src/modules/admin/admin-promo-codes.routes.ts). */

export interface PromoCodeFilter {
  search: string;
  active: '' | 'true' | 'false';
  campaign: string;
}

export interface PromoCodePage {
  codes: AdminPromoCode[];
  total: number;
  campaigns: string[];
  timezone: string;
}

export const promoCodeKeys = {
  all: ['admin', 'promo-codes'] as const,
  list: (filter: PromoCodeFilter) => ['admin', 'promo-codes', 'list', filter] as const,
  one: (id: number) => ['admin', 'promo-codes', 'one', id] as const,
};

const query = (filter: PromoCodeFilter) => {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (filter.active) params.set('active', filter.active);
  if (filter.campaign) params.set('campaign', filter.campaign);
  return params.toString();
};

export function usePromoCodes(filter: PromoCodeFilter) {
  return useQuery({
    queryKey: promoCodeKeys.list(filter),
    queryFn: () => staffFetch<PromoCodePage>(`/api/v1/admin/promo-codes?${query(filter)}`),
    placeholderData: (previous) => previous,
  });
}

export function usePromoCode(id: number | null) {
  return useQuery({
    queryKey: promoCodeKeys.one(id ?? 0),
    queryFn: () => staffFetch<AdminPromoCode>(`/api/v1/admin/promo-codes/${id}`),
    enabled: id !== null,
  });
}

/** The brand's wall clock for typing dates: the list's answer carries it (its first restaurant's offset). */
export function useBrandOffset() {
  const page = useQuery({
    queryKey: [...promoCodeKeys.all, 'timezone'],
    queryFn: () => staffFetch<PromoCodePage>('/api/v1/admin/promo-codes?limit=1'),
    staleTime: 300_000,
  });
  return page.data?.timezone ?? '+03:00';
}

/** POST (no version) or PATCH under If-Match. */
export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: unknown }) =>
      id === null
        ? staffFetch<AdminPromoCode>('/api/v1/admin/promo-codes', jsonBody('POST', body))
        : staffFetch<AdminPromoCode>(
            `/api/v1/admin/promo-codes/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSuccess: (code) => {
      queryClient.setQueryData(promoCodeKeys.one(code.id), code);
      void queryClient.invalidateQueries({ queryKey: [...promoCodeKeys.all, 'list'] });
    },
  });
}

/** DELETE under If-Match of a code no order used: revertible from the change log. */
export function useDeletePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: { id: number; version: number }) =>
      staffFetch<null>(`/api/v1/admin/promo-codes/${code.id}`, {
        method: 'DELETE',
        headers: ifMatch(code.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: promoCodeKeys.all }),
  });
}

export function useGenerateBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      staffFetch<{ campaign: string; count: number; auditEntryId: number }>(
        '/api/v1/admin/promo-codes/batch',
        jsonBody('POST', body),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: promoCodeKeys.all }),
  });
}

/** GET …/export.csv, with the byte order mark the API writes (a Russian Excel reads UTF-8 by it). */
export async function fetchPromoCodesCsv(campaign: string): Promise<string> {
  const params = campaign ? `?campaign=${encodeURIComponent(campaign)}` : '';
  const text = await staffFetch<unknown>(`/api/v1/admin/promo-codes/export.csv${params}`);
  // The client reads answers as JSON when they parse as JSON and as text otherwise; decoding drops the mark.
  const csv = typeof text === 'string' ? text : JSON.stringify(text);
  return csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
}
