import type { StaffRole } from '@storefront/domain';
import type { AdminStaff, StaffAccount } from '@storefront/domain/contracts';
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

/**
 * GET /api/v1/staff/accounts: the brand's logins with their sign-in block (decision 40; an owner passes the
 * manager's check). The admin list leaves the block out: it lives on the login, not the versioned account. Read
 * again every half minute, since a block runs out on its own (30 s doubling to 15 minutes).
 */
export const staffLocksQuery = () =>
  queryOptions({
    queryKey: ['staff-locks'],
    queryFn: async () => (await staffFetch<{ accounts: StaffAccount[] }>('/api/v1/staff/accounts')).accounts,
    refetchInterval: 30_000,
  });

/** A login's sign-in block and wrong answers in a row, by account id. */
export type SignInLock = Pick<StaffAccount, 'blockedUntil' | 'failures'>;

/**
 * POST /api/v1/staff/accounts/{id}/unlock: the block lifted and the wrong answers forgotten, written to the change
 * log (action unlock) and the server log. The account answered with its sign-in open.
 */
export const unlockStaffAccount = (id: number) =>
  staffFetch<StaffAccount>(`/api/v1/staff/accounts/${id}/unlock`, { method: 'POST' });
