import type { AuditEntityKind } from '@storefront/domain';
import type { AdminAuditEntry } from '@storefront/domain/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** GET /api/v1/admin/audit's answer: a page of entries, newest first, and the id to read the next below. */
export interface AuditPage {
  entries: AdminAuditEntry[];
  nextBefore: number | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** The brand's change log, newest first, a page at a time (`before` = the last page's nextBefore). */
export const auditLogQuery = (entity: AuditEntityKind | null) =>
  infiniteQueryOptions({
    queryKey: ['admin-audit', entity ?? 'all'],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
      if (entity) query.set('entity', entity);
      if (pageParam !== null) query.set('before', String(pageParam));
      return staffFetch<AuditPage>(`/api/v1/admin/audit?${query}`);
    },
    getNextPageParam: (page) => page.nextBefore,
  });

/** POST /api/v1/admin/audit/{id}/revert: the undo, itself an entry (answered). */
export const revertAuditEntry = (entryId: number) =>
  staffFetch<AdminAuditEntry>(`/api/v1/admin/audit/${entryId}/revert`, { method: 'POST' });
