import { createHash, timingSafeEqual } from 'node:crypto';
import { errorBody, posWebhookAccepted, posWebhookBody } from '@storefront/domain/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { ApiApp } from '../../core/api-module.ts';
import { posOrganizations } from '../../db/schema.ts';
import type { PosEvent } from '../../integrations/pos/pos-adapter.ts';
import { syncMenu } from './menu-sync.ts';
import type { PosContext } from './pos-context.ts';
import { applyPosOrderState } from './status-apply.ts';
import { syncStopLists } from './stop-list-sync.ts';

const DESCRIPTION =
  'The chain’s POS (iiko) calling us: an array of its events, with the token registered for each event’s ' +
  'organization (webhooks/update_settings) in Authorization, bare or as a Bearer token. A missing or wrong ' +
  'token for any organization of the call is 401 pos.webhook-unauthorized and nothing is done. Order events ' +
  '(DeliveryOrderUpdate, DeliveryOrderError) settle the order’s transfer and move our order forward along ' +
  'its statuses (a status behind the order’s is ignored, so duplicates and reordering are harmless); ' +
  'NomenclatureUpdate and StopListUpdate start that organization’s menu or stop-list sync in the background. ' +
  'Unknown event types are skipped. 200 {ok, events} once handled.';

/** Equal tokens, compared in constant time (over their digests, so their lengths do not show either). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** iiko sends the registered token as it is; a proxy or a test may send it as a Bearer token. */
const tokenOf = (authorization: string | undefined) =>
  (authorization ?? '').replace(/^Bearer\s+/i, '').trim();

/** POST /api/v1/pos/iiko/webhook: the POS's events. */
export async function posWebhookRoutes(app: ApiApp, { pos: ctx }: { pos: PosContext }) {
  /** Menu and stop-list syncs started by webhooks: awaited when the app closes. */
  const background = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...background]);
  });
  const inBackground = (what: string, organizationId: string, job: () => Promise<unknown>) => {
    const run = job().catch((error: unknown) =>
      ctx.log.warn({ err: error, organizationId }, `pos: ${what} after a webhook failed`),
    );
    background.add(run);
    void run.finally(() => background.delete(run));
  };

  app.post(
    '/api/v1/pos/iiko/webhook',
    {
      schema: {
        tags: ['pos'],
        summary: 'iiko’s webhook: order statuses, menu and stop-list changes',
        description: DESCRIPTION,
        body: posWebhookBody,
        response: { 200: posWebhookAccepted, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const given = tokenOf(request.headers.authorization);
      const organizationIds = [...new Set(request.body.map((event) => event.organizationId))];
      const rows = await ctx.db
        .select({
          organizationId: posOrganizations.organizationId,
          token: posOrganizations.webhookToken,
        })
        .from(posOrganizations)
        .where(
          and(
            eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
            eq(posOrganizations.provider, 'iiko'),
            inArray(posOrganizations.organizationId, organizationIds),
          ),
        );
      const tokens = new Map(rows.map((row) => [row.organizationId, row.token]));
      // Every organization the call speaks for must be ours and carry its own token: one wrong, nothing done.
      const trusted = organizationIds.every((id) => {
        const expected = tokens.get(id);
        return typeof expected === 'string' && expected !== '' && given !== '' && sameToken(given, expected);
      });
      if (!trusted) throw new ApiError(401, 'pos.webhook-unauthorized');

      const nowMs = ctx.now();
      await ctx.db
        .update(posOrganizations)
        .set({ lastWebhookAt: new Date(nowMs) })
        .where(
          and(
            eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
            eq(posOrganizations.provider, 'iiko'),
            inArray(posOrganizations.organizationId, organizationIds),
          ),
        );
      if (!ctx.adapter) return { ok: true as const, events: 0 };

      let events: PosEvent[];
      try {
        events = ctx.adapter.parseWebhook(request.body);
      } catch (error) {
        request.log.warn({ err: error }, 'pos: a webhook body the adapter could not read');
        throw new ApiError(400, 'request.invalid', 'body');
      }
      const syncs = new Set<string>();
      for (const event of events) {
        if (!organizationIds.includes(event.organizationId)) continue;
        if (event.kind === 'order') {
          try {
            await applyPosOrderState(ctx, event.order, 'webhook');
          } catch (error) {
            // The poll by revision applies it later: the POS need not deliver again.
            request.log.warn({ err: error, posOrderId: event.order.id }, 'pos: an order event failed');
          }
        } else syncs.add(`${event.kind} ${event.organizationId}`);
      }
      for (const sync of syncs) {
        const [kind, organizationId] = sync.split(' ') as ['menu' | 'stop-list', string];
        if (kind === 'menu')
          inBackground('the menu sync', organizationId, () => syncMenu(ctx, organizationId));
        else inBackground('the stop-list sync', organizationId, () => syncStopLists(ctx, organizationId));
      }
      return { ok: true as const, events: events.length };
    },
  );
}
