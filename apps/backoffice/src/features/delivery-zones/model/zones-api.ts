import type {
  AdminCity,
  AdminZone,
  AdminZoneCheck,
  AdminZoneImportResult,
} from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';
import type { ZoneBody } from './zone-form.ts';

/** The delivery zones' calls (apps/api/src/modules/admin/admin-zones.routes.ts) and the storefront's cities. */

export type SavedZone = AdminZone & { warnings: { code: string; message: string }[] };

export const zoneKeys = {
  all: ['admin', 'zones'] as const,
  city: (cityId: number) => ['admin', 'zones', 'city', cityId] as const,
};

/** The brand's cities with their bounds, centre and zoom (GET /api/v1/admin/cities). */
export function useCities() {
  return useQuery({
    queryKey: ['admin', 'zones', 'cities'],
    queryFn: async () => (await staffFetch<{ cities: AdminCity[] }>('/api/v1/admin/cities')).cities,
    staleTime: 60_000,
  });
}

export function useCityZones(cityId: number | null) {
  return useQuery({
    queryKey: zoneKeys.city(cityId ?? 0),
    queryFn: async () =>
      (await staffFetch<{ zones: AdminZone[] }>(`/api/v1/admin/zones?cityId=${cityId}`)).zones,
    enabled: cityId !== null,
  });
}

/** POST (no id) or PATCH under If-Match. */
export function useSaveZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: ZoneBody }) =>
      id === null
        ? staffFetch<SavedZone>('/api/v1/admin/zones', jsonBody('POST', body))
        : staffFetch<SavedZone>(`/api/v1/admin/zones/${id}`, jsonBody('PATCH', body, ifMatch(version ?? 0))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
  });
}

/** DELETE under If-Match: revertible from the change log (the zone comes back with its id and bands). */
export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zone: { id: number; version: number }) =>
      staffFetch<null>(`/api/v1/admin/zones/${zone.id}`, {
        method: 'DELETE',
        headers: ifMatch(zone.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
  });
}

export function checkZonePoint(cityId: number, point: { lat: number; lng: number }, sum: number | null) {
  const query = new URLSearchParams({
    cityId: String(cityId),
    lat: String(point.lat),
    lng: String(point.lng),
  });
  if (sum !== null) query.set('sum', String(sum));
  return staffFetch<AdminZoneCheck>(`/api/v1/admin/zones/check?${query}`);
}

export function useImportZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { restoId: number; geojson: unknown; bands: unknown[]; dryRun: boolean }) =>
      staffFetch<AdminZoneImportResult>('/api/v1/admin/zones/import', jsonBody('POST', body)),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: zoneKeys.all });
    },
  });
}

/** The export as a file the browser saves (the staff token rides in a header, so no plain link). */
export async function downloadZones(cityId: number, format: 'geojson' | 'kml') {
  const body =
    format === 'kml'
      ? await staffFetch<string>(`/api/v1/admin/zones/export?cityId=${cityId}&format=kml`)
      : await staffFetch<unknown>(`/api/v1/admin/zones/export?cityId=${cityId}`);
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 1);
  const blob = new Blob([text], {
    type: format === 'kml' ? 'application/vnd.google-earth.kml+xml' : 'application/geo+json',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `zones-${cityId}.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
