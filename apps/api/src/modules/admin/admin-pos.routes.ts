import {
  adminPosChoices,
  adminPosLink,
  adminPosLinkPut,
  adminPosLinkStaleBody,
  adminPosLog,
  adminPosLogQuery,
  adminPosRestoParams,
  adminPosSyncResult,
  adminPosZonesImportQuery,
  adminPosZonesImportResult,
  errorBody,
  ifMatchHeaders,
} from '@storefront/domain/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../core/api-error.ts';
import { signedInStaff } from '../../plugins/authentication.ts';
import { requestLocale } from '../../plugins/error-handler.ts';
import { type PosContext, registerWebhook, syncMenu, syncStopLists, webhookUriOf } from '../pos/index.ts';
import { assertMay } from './admin-access.ts';
import { answerVersioned, IF_MATCH, MENU_SCOPE } from './admin-menus.routes.ts';
import { posLinkOf, putPosLink } from './admin-pos.ts';
import { adapterOf, askPos, posChoices } from './admin-pos-choices.ts';
import { lastLogId, logSince, readPosLog } from './admin-pos-log.ts';
import { importPosZones } from './admin-pos-zones.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

const SCOPE =
  `${MENU_SCOPE} Owner and manager (pos.manage): an operator gets 403 admin.forbidden-role. A restaurant of another ` +
  'brand is 404 resto.not-found.';
const NOT_CONFIGURED =
  'Without an iiko API login for the brand on the server (IIKO_API_LOGINS) 409 pos.not-configured.';
const POS_DOWN =
  'iiko refusing the API login is 502 pos.auth (502 pos.rejected or pos.not-found when it refuses the call); iiko ' +
  'down or not answering within IIKO_TIMEOUT_MS is 503 pos.unavailable or pos.timeout.';

/** The POS module's context: the pos module registers after this one, so it is read when a request comes. */
const posOf = (request: FastifyRequest): PosContext => request.server.pos;

/** A restaurant's link to the chain's POS in the back office (decision 54). */
export const adminPosRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, now, catalog },
) => {
  const staffOnly = { auth: 'staff' as const };

  app.get(
    '/api/v1/admin/pos/choices',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'What the link’s pickers offer: iiko’s organizations, terminal groups and payment types',
        description:
          `${SCOPE} ${NOT_CONFIGURED} ${POS_DOWN} Terminal groups the API login was not granted are listed with ` +
          'enabled false; deleted payment types are left out. Kept a minute, to keep calls to iiko few.',
        response: {
          200: adminPosChoices,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      assertMay(signedInStaff(request), 'pos.manage');
      return posChoices(posOf(request));
    },
  );

  app.get(
    '/api/v1/admin/restos/:restoId/pos',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'The restaurant’s link to the POS, its webhook and sync times; its version as the ETag',
        description:
          `${SCOPE} Answers linked false and link null when not linked, configured false when the server has no ` +
          'API login for the brand. The webhook’s token is never answered.',
        params: adminPosRestoParams,
        response: { 200: adminPosLink, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'pos.manage');
      const link = await posLinkOf(db, posOf(request), me, request.params.restoId, requestLocale(request));
      reply.header('etag', `"${link.version}"`);
      return link;
    },
  );

  app.put(
    '/api/v1/admin/restos/:restoId/pos',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Links the restaurant to an iiko organization and terminal group, relinks it, or unlinks it',
        description:
          `${SCOPE} ${IF_MATCH} (a restaurant never linked has version 0.) {organizationId, terminalGroupId, ` +
          'paymentTypes} links: each id must be one iiko lists (422 pos.organization-unknown, ' +
          'pos.terminal-group-unknown, pos.payment-type-unknown with the field), and each payment method the ' +
          'restaurant offers needs a payment type (422 pos.payment-type-required). {linked: false} unlinks (no ' +
          `call to iiko). ${NOT_CONFIGURED} ${POS_DOWN} Audited 'pos-link', revertible; logged. On linking the ` +
          'organization’s first sync is due at once, and the webhook is registered with iiko with a token of ' +
          'our own: a registration iiko refuses does not refuse the link, it shows in `webhook.error` and the log.',
        headers: ifMatchHeaders,
        params: adminPosRestoParams,
        body: adminPosLinkPut,
        response: {
          200: adminPosLink,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          412: adminPosLinkStaleBody,
          422: errorBody,
          428: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const me = signedInStaff(request);
      assertMay(me, 'pos.manage');
      const pos = posOf(request);
      const locale = requestLocale(request);
      const { restoId } = request.params;
      // iiko is asked before the transaction: no lock is held while it answers.
      const choices = request.body.linked === false ? null : await posChoices(pos);
      return answerVersioned(request, reply, async () => {
        const change = await db.transaction((tx) =>
          putPosLink(
            tx,
            pos,
            me,
            restoId,
            request.headers['if-match'],
            request.body,
            choices,
            new Date(now()),
            locale,
          ),
        );
        // Leaving an organization takes its menu off the restaurant (admin-pos.ts): the storefront follows at once.
        await catalog.refresh();
        const webhook = change.link.webhook;
        if (change.organizationId && (webhook?.uri !== webhookUriOf(pos) || !webhook.registeredAt)) {
          await registerWebhook(pos, change.organizationId);
          return posLinkOf(db, pos, me, restoId, locale);
        }
        return change.link;
      });
    },
  );

  app.post(
    '/api/v1/admin/restos/:restoId/pos/sync',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Reads the menu and the stop-lists of the restaurant’s organization from iiko now',
        description:
          `${SCOPE} 409 pos.not-linked when the restaurant is not linked. ${NOT_CONFIGURED} ${POS_DOWN} Answers ` +
          'the log entries the sync wrote (a failure of one part is an entry with ok false and its reason).',
        params: adminPosRestoParams,
        response: {
          200: adminPosSyncResult,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'pos.manage');
      const pos = posOf(request);
      const locale = requestLocale(request);
      const { restoId } = request.params;
      const link = await posLinkOf(db, pos, me, restoId, locale);
      if (!link.link) throw new ApiError(409, 'pos.not-linked');
      adapterOf(pos);
      const organizationId = link.link.organizationId;
      const after = await lastLogId(db);
      try {
        await askPos(() => syncMenu(pos, organizationId));
        await askPos(() => syncStopLists(pos, organizationId));
      } finally {
        await catalog.refresh();
      }
      return { entries: await logSince(db, me.whiteLabel, restoId, after, locale) };
    },
  );

  app.get(
    '/api/v1/admin/restos/:restoId/pos/log',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary:
          'The restaurant’s POS log: syncs, stop-lists, order transfers and statuses, webhooks, newest first',
        description:
          `${SCOPE} The restaurant’s own entries and, while linked, its organization’s (menu and stop-list syncs, ` +
          'webhook registrations). `kind` filters; for the next page pass `nextBefore` as `before`.',
        params: adminPosRestoParams,
        querystring: adminPosLogQuery,
        response: { 200: adminPosLog, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'pos.manage');
      const locale = requestLocale(request);
      await posLinkOf(db, posOf(request), me, request.params.restoId, locale);
      return readPosLog(db, me.whiteLabel, request.params.restoId, request.query, locale);
    },
  );

  app.post(
    '/api/v1/admin/restos/:restoId/pos/zones-import',
    {
      config: staffOnly,
      schema: {
        tags: ['admin'],
        summary: 'Imports iiko’s delivery zones and terms for the restaurant’s terminal group as its zones',
        description:
          `${SCOPE} 409 pos.not-linked when the restaurant is not linked. ${NOT_CONFIGURED} ${POS_DOWN} ` +
          '?dryRun=true (the default) saves nothing and answers the zones that would be made (ids 0); false makes ' +
          'them, each audited as a zone made by hand (delete one to undo it). Bands come from the terms’ minimum ' +
          'sums, prices and minutes; the priority is the terms’ highest. A zone of iiko without terms for the ' +
          'terminal group (pos.zone-no-restriction), one the restaurant already has by name (pos.zone-exists) or ' +
          'with a polygon no zone can have is skipped with its reason.',
        params: adminPosRestoParams,
        querystring: adminPosZonesImportQuery,
        response: {
          200: adminPosZonesImportResult,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const me = signedInStaff(request);
      assertMay(me, 'pos.manage');
      assertMay(me, 'restos.write');
      const pos = posOf(request);
      const locale = requestLocale(request);
      const { restoId } = request.params;
      const link = await posLinkOf(db, pos, me, restoId, locale);
      if (!link.link) throw new ApiError(409, 'pos.not-linked');
      const adapter = adapterOf(pos);
      const { organizationId, terminalGroupId } = link.link;
      const found = await askPos(() => adapter.deliveryRestrictions([organizationId]));
      const dryRun = request.query.dryRun === 'true';
      const result = await db.transaction((tx) =>
        importPosZones(
          tx,
          me,
          { restoId, organizationId, terminalGroupId, found, dryRun },
          new Date(now()),
          locale,
        ),
      );
      if (!dryRun) await catalog.refresh();
      return result;
    },
  );
};
