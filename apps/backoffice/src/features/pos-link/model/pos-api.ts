import type {
  AdminPosChoices,
  AdminPosLink,
  AdminPosLinkPut,
  AdminPosLog,
  AdminPosLogKind,
  AdminPosSyncResult,
  AdminZoneImportResult,
} from '@storefront/domain/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** A restaurant's link to the POS (apps/api/src/modules/admin/admin-pos.routes.ts). */

export const posKeys = {
  all: ['admin', 'pos'] as const,
  choices: ['admin', 'pos', 'choices'] as const,
  link: (restoId: number) => ['admin', 'pos', 'link', restoId] as const,
  log: (restoId: number, kind: AdminPosLogKind | null) => ['admin', 'pos', 'log', restoId, kind] as const,
};

const base = (restoId: number) => `/api/v1/admin/restos/${restoId}/pos`;

export function usePosLink(restoId: number) {
  return useQuery({
    queryKey: posKeys.link(restoId),
    queryFn: () => staffFetch<AdminPosLink>(base(restoId)),
  });
}

/** What iiko lists for the pickers; asked only when the server has a key (else it is 409 pos.not-configured). */
export function usePosChoices(enabled: boolean) {
  return useQuery({
    queryKey: posKeys.choices,
    queryFn: () => staffFetch<AdminPosChoices>('/api/v1/admin/pos/choices'),
    enabled,
    // The server keeps iiko's answer a minute too: no point in asking more often.
    staleTime: 60_000,
  });
}

/** PUT the link (or {linked: false}) under the version read. */
export function useSavePosLink(restoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, body }: { version: number; body: AdminPosLinkPut }) =>
      staffFetch<AdminPosLink>(base(restoId), jsonBody('PUT', body, ifMatch(version))),
    onSuccess: (link) => {
      queryClient.setQueryData(posKeys.link(restoId), link);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'pos', 'log', restoId] });
    },
  });
}

export function useSyncNow(restoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffFetch<AdminPosSyncResult>(`${base(restoId)}/sync`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: posKeys.link(restoId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'pos', 'log', restoId] });
    },
  });
}

/** The log newest first, a page at a time (`before` the last page's oldest). */
export function usePosLog(restoId: number, kind: AdminPosLogKind | null) {
  return useInfiniteQuery({
    queryKey: posKeys.log(restoId, kind),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: '50' });
      if (kind) query.set('kind', kind);
      if (pageParam !== null) query.set('before', String(pageParam));
      return staffFetch<AdminPosLog>(`${base(restoId)}/log?${query}`);
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}

/** The zones' import: a dry run first (nothing saved), then the same call for real. */
export function useImportPosZones(restoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) =>
      staffFetch<AdminZoneImportResult>(`${base(restoId)}/zones-import?dryRun=${dryRun}`, { method: 'POST' }),
    onSuccess: (result) => {
      if (result.dryRun) return;
      void queryClient.invalidateQueries({ queryKey: ['admin', 'zones'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'pos', 'log', restoId] });
    },
  });
}
