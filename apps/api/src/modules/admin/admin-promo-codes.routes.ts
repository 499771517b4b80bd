import {
  adminPromoCode,
  adminPromoCodeBatch,
  adminPromoCodeBatchResult,
  adminPromoCodeCreate,
  adminPromoCodeExportQuery,
  adminPromoCodeList,
  adminPromoCodeListQuery,
  adminPromoCodeParams,
  adminPromoCodePatch,
  adminPromoCodeStaleBody,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInStaff } from '../../plugins/authentication.ts';
import { errorBody as errorBodyOf, requestLocale } from '../../plugins/error-handler.ts';
import { assertMay } from './admin-access.ts';
import { etagOfVersion } from './admin-dishes.ts';
import { brandTimezone } from './admin-marketing-scope.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE } from './admin-menus.routes.ts';
import { StaleVersion } from './admin-menus.ts';
import { generatePromoBatch, promoCodesCsv } from './admin-promo-code-batch.ts';
import {
  allPromoCodes,
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  patchPromoCode,
  promoCodeOfBrand,
} from './admin-promo-codes.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const READ = `${MENU_SCOPE} Owner and manager ('marketing.write'; an operator gets 403 admin.forbidden-role).`;
const WRITE =
  `${READ} Only codes whose restaurants are all the person’s (none listed: every restaurant of the brand), else ` +
  '403 staff.forbidden-resto. One transaction with its audit entry (kind promo-code); the preflight follows at once.';
const RULES =
  'code: 3–32 letters, digits, - or _ (any case, stored upper-case), unique in the brand (409 ' +
  'admin.promo-code-taken); a percent up to 100 (422 admin.promo-percent-invalid on value); money in kopecks; ' +
  'endsAt after startsAt (422 admin.ends-before-start); hours on each restaurant’s wall clock; daysOfWeek ISO ' +
  '(1 Monday … 7 Sunday), empty every day; restoIds the brand’s (422 admin.resto-not-found), empty every one; ' +
  'firstOrderOnly: only a person without an earlier order that was not declined or cancelled.';

/** Promo codes in the back office (decision 53): list, read, create, change, delete, batch, CSV export. */
export const adminPromoCodesRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/promo-codes',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s promo codes, newest first, with their uses and the discount they gave',
        description: `${READ} search: part of the code; active: true or false; campaign: a batch’s campaign. At most \`limit\` codes; \`total\` counts all that match. Uses and discount count placed orders, not declined or cancelled ones.`,
        querystring: adminPromoCodeListQuery,
        response: { 200: adminPromoCodeList, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const list = await listPromoCodes(db, me.whiteLabel, request.query);
      return { ...list, timezone: await brandTimezone(db, me.whiteLabel) };
    },
  );

  app.get(
    '/api/v1/admin/promo-codes/export.csv',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The brand’s promo codes (a campaign’s, when named) as CSV',
        description: `${READ} UTF-8 with a byte order mark, ';' between cells, CRLF, as a Russian Excel opens it: code, campaign, uses, discount given in rubles (150,00), valid from and to on the brand’s wall clock (31.12.2026 23:59); headers in the request’s language.`,
        querystring: adminPromoCodeExportQuery,
        response: { 200: z.string(), 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const campaign = request.query.campaign;
      const codes = await allPromoCodes(db, me.whiteLabel, { campaign });
      const name = campaign ? campaign.replace(/[^\p{L}\p{N}_-]+/gu, '-') : 'all';
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header(
        'content-disposition',
        `attachment; filename="promo-codes.csv"; filename*=UTF-8''${encodeURIComponent(`promo-codes-${name}.csv`)}`,
      );
      return promoCodesCsv(codes, requestLocale(request), await brandTimezone(db, me.whiteLabel));
    },
  );

  app.get(
    '/api/v1/admin/promo-codes/:promoCodeId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'One promo code with its uses, its version as the ETag',
        description: READ,
        params: adminPromoCodeParams,
        response: { 200: adminPromoCode, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const code = await promoCodeOfBrand(db, me.whiteLabel, request.params.promoCodeId);
      reply.header('etag', etagOfVersion(code.version));
      return code;
    },
  );

  app.post(
    '/api/v1/admin/promo-codes',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adds a promo code',
        description: `${WRITE} ${RULES} Its creation is not revertible: delete (unused) or deactivate it instead.`,
        body: adminPromoCodeCreate,
        response: { 201: adminPromoCode, 401: errorBody, 403: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const code = await db.transaction((tx) => createPromoCode(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      reply.header('etag', etagOfVersion(code.version));
      return reply.code(201).send(code);
    },
  );

  app.post(
    '/api/v1/admin/promo-codes/batch',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Makes a campaign’s batch of unique single-use codes (1 to 10 000)',
        description:
          `${WRITE} ${RULES} Each code is \`prefix\` and \`length\` random signs of ` +
          'ABCDEFGHJKLMNPQRSTUVWXYZ23456789 (no 0/O, 1/I), good for one order of one person (totalLimit 1, ' +
          'perPersonLimit 1); collisions with the brand’s codes are drawn again (409 admin.promo-code-batch-space ' +
          'when too few are left: make them longer). One transaction, one audit entry (kind promo-code-batch, ' +
          'action generate) whose revert deactivates the batch’s unused codes. Download them with export.csv.',
        body: adminPromoCodeBatch,
        response: {
          201: adminPromoCodeBatchResult,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      const result = await db.transaction((tx) => generatePromoBatch(tx, me, request.body, new Date(now())));
      await catalog.refresh();
      return reply.code(201).send(result);
    },
  );

  app.patch(
    '/api/v1/admin/promo-codes/:promoCodeId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Changes a promo code under If-Match; `active: false` deactivates it',
        description: `${WRITE} ${IF_MATCH} ${RULES} Lists are whole new lists. Revertible.`,
        headers: ifMatchHeaders,
        params: adminPromoCodeParams,
        body: adminPromoCodePatch,
        response: {
          200: adminPromoCode,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          412: adminPromoCodeStaleBody,
          422: errorBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      return answerVersioned(request, reply, async () => {
        const code = await db.transaction((tx) =>
          patchPromoCode(
            tx,
            me,
            request.params.promoCodeId,
            request.headers['if-match'],
            request.body,
            new Date(now()),
          ),
        );
        await catalog.refresh();
        return code;
      });
    },
  );

  app.delete(
    '/api/v1/admin/promo-codes/:promoCodeId',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Deletes a promo code no order used, under If-Match',
        description: `${WRITE} ${IF_MATCH} A code any order named (cancelled ones too) is 409 admin.promo-code-used: deactivate it instead. Revertible: the code comes back with its id.`,
        headers: ifMatchHeaders,
        params: adminPromoCodeParams,
        response: {
          204: z.null().describe('Deleted'),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          412: adminPromoCodeStaleBody,
          428: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'marketing.write');
      try {
        await db.transaction((tx) =>
          deletePromoCode(tx, me, request.params.promoCodeId, request.headers['if-match'], new Date(now())),
        );
      } catch (error) {
        if (!(error instanceof StaleVersion)) throw error;
        reply.header('etag', etagOfVersion(error.current.version));
        return reply
          .code(412)
          .send({ ...errorBodyOf(requestLocale(request), 'admin.version-stale'), current: error.current });
      }
      await catalog.refresh();
      return reply.code(204).send(null);
    },
  );
};
