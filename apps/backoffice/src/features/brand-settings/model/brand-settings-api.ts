import type { AdminBrandSecret, AdminBrandSettings } from '@storefront/domain/contracts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** The brand's settings and secrets calls (apps/api/src/modules/admin/admin-brand.routes.ts), owners only. */

export const brandSettingsKeys = {
  settings: (whiteLabel: string) => ['admin', 'brand', whiteLabel, 'settings'] as const,
  secrets: (whiteLabel: string) => ['admin', 'brand', whiteLabel, 'secrets'] as const,
};

export function useBrandSettings() {
  const { whiteLabel } = useBrand();
  return useQuery({
    queryKey: brandSettingsKeys.settings(whiteLabel),
    queryFn: () => staffFetch<AdminBrandSettings>('/api/v1/admin/brand'),
  });
}

export function useSaveBrandSettings() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: ({ version, body }: { version: number; body: object }) =>
      staffFetch<AdminBrandSettings>('/api/v1/admin/brand', jsonBody('PATCH', body, ifMatch(version))),
    onSuccess: (saved) => queryClient.setQueryData(brandSettingsKeys.settings(whiteLabel), saved),
  });
}

/** The logo or the favicon through the image pipeline: the raw image as the body, the settings' version as If-Match. */
export function useUploadBrandPicture() {
  const queryClient = useQueryClient();
  const { whiteLabel } = useBrand();
  return useMutation({
    mutationFn: ({ which, version, file }: { which: 'logo' | 'favicon'; version: number; file: File }) =>
      staffFetch<AdminBrandSettings>(`/api/v1/admin/brand/pictures/${which}`, {
        method: 'PUT',
        headers: { 'content-type': file.type || 'application/octet-stream', ...ifMatch(version) },
        body: file,
      }),
    onSuccess: (saved) => queryClient.setQueryData(brandSettingsKeys.settings(whiteLabel), saved),
  });
}

export function useBrandSecrets() {
  const { whiteLabel } = useBrand();
  return useQuery({
    queryKey: brandSettingsKeys.secrets(whiteLabel),
    queryFn: async () =>
      (await staffFetch<{ secrets: AdminBrandSecret[] }>('/api/v1/admin/brand/secrets')).secrets,
  });
}
