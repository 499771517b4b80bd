import {
  adminAuditEntry,
  adminAuditEntryParams,
  adminAuditList,
  adminAuditQuery,
  errorBody,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { assertMay } from './admin-access.ts';
import { listAudit } from './admin-audit-log.ts';
import { revertEntry } from './admin-revert.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

/** The back office's audit log (decision 45): reading it, and undoing one change. Owner and manager only. */
export const adminAuditRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/audit',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s audit log, newest first, paged by id',
        description:
          'Staff token only; owner and manager (an operator gets 403 admin.forbidden-role). Each entry: who (id and ' +
          'login at the time), when (the API’s clock), which row, the action, its state before and after, and the ' +
          'revert links. For the next page pass `nextBefore` as `before`.',
        querystring: adminAuditQuery,
        response: { 200: adminAuditList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'audit.read');
      return listAudit(db, me.whiteLabel, request.query);
    },
  );

  app.post(
    '/api/v1/admin/audit/:entryId/revert',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Undoes one audited change while nothing changed the row since',
        description:
          'Owner and manager (403 admin.forbidden-role otherwise). Restores the entry’s `before` when the row still ' +
          'equals its `after`: else 409 admin.changed-since; an entry undone already is 409 ' +
          'admin.already-reverted; another brand’s entry or none is 404 admin.audit-entry-not-found. The revert is ' +
          'an audited change of its own (answered) and bumps the row’s version.',
        params: adminAuditEntryParams,
        response: { 200: adminAuditEntry, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'audit.revert');
      const entry = await db.transaction((tx) =>
        revertEntry(tx, me, request.params.entryId, new Date(now())),
      );
      await catalog.refresh();
      return entry;
    },
  );
};
