import type { StaffRole } from '@storefront/domain';
import type { AdminStaff } from '@storefront/domain/contracts';
import { apiFetch } from '@storefront/web/src/shared/api-client.ts';
import { queryOptions } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

export type { AdminStaff };

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The version as the API's ETag spells it, sent back as If-Match. */
export const ifMatchOf = (version: number) => `"${version}"`;

/** GET /api/v1/admin/staff: the brand's accounts by login (owner only). */
export const staffAccountsQuery = () =>
  queryOptions({
    queryKey: ['admin-staff'],
    queryFn: async () => (await staffFetch<{ staff: AdminStaff[] }>('/api/v1/admin/staff')).staff,
  });

/** The brand's restaurants (the storefront's public list), for an operator's set. */
export const brandRestosQuery = (whiteLabel: string) =>
  queryOptions({
    queryKey: ['restos-of-brand', whiteLabel],
    queryFn: () =>
      apiFetch<{ id: number; name: { ru: string; en?: string } }[]>(
        `/1/p/restos?whiteLabel=${encodeURIComponent(whiteLabel)}`,
      ),
    staleTime: 5 * 60_000,
  });

export interface NewStaff {
  login: string;
  name?: string;
  role: StaffRole;
  restoIds?: number[];
  password?: string;
}

/** POST /api/v1/admin/staff: the account and, when the server made it up, its password (shown once). */
export const createStaffAccount = (input: NewStaff) =>
  staffFetch<{ staff: AdminStaff; generatedPassword: string | null }>(
    '/api/v1/admin/staff',
    json('POST', input),
  );

export interface StaffPatch {
  name?: string;
  role?: StaffRole;
  restoIds?: number[];
  disabled?: boolean;
}

/** PATCH /api/v1/admin/staff/{id} under If-Match: 412 carries the account as it is now in `current`. */
export const patchStaffAccount = (id: number, version: number, patch: StaffPatch) =>
  staffFetch<AdminStaff>(
    `/api/v1/admin/staff/${id}`,
    json('PATCH', patch, { 'if-match': ifMatchOf(version) }),
  );

/** POST /api/v1/admin/staff/{id}/password: a made-up password, answered once. */
export const resetStaffPassword = (id: number) =>
  staffFetch<{ staff: AdminStaff; generatedPassword: string }>(`/api/v1/admin/staff/${id}/password`, {
    method: 'POST',
  });
