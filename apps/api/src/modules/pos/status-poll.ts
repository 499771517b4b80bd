import { and, eq, exists, lt } from 'drizzle-orm';
import { posLinks, posOrganizations } from '../../db/schema.ts';
import { PosError } from '../../integrations/pos/pos-adapter.ts';
import type { PosContext } from './pos-context.ts';
import { applyPosOrderState } from './status-apply.ts';

/**
 * The catch-up when webhooks stop (or never reach us: a firewall, a changed address): each linked
 * organization's orders changed since its stored deliveries revision, applied as a webhook would be, then the
 * new revision kept. Applying is idempotent, so two instances polling at once, or a poll and a webhook
 * telling the same thing, change nothing twice.
 */

/** How often the worker reads orders by revision (iiko's rate limits are not published: keep it modest). */
export const STATUS_POLL_MS = 30_000;

export async function pollStatusesOnce(ctx: PosContext): Promise<number> {
  const adapter = ctx.adapter;
  if (!adapter) return 0;
  const organizations = await ctx.db
    .select({
      organizationId: posOrganizations.organizationId,
      revision: posOrganizations.deliveriesRevision,
    })
    .from(posOrganizations)
    .where(
      and(
        eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
        eq(posOrganizations.provider, adapter.provider),
        exists(
          ctx.db
            .select({ restoId: posLinks.restoId })
            .from(posLinks)
            .where(
              and(
                eq(posLinks.whiteLabelId, ctx.whiteLabel),
                eq(posLinks.organizationId, posOrganizations.organizationId),
              ),
            ),
        ),
      ),
    );
  let applied = 0;
  for (const org of organizations) {
    let answer: Awaited<ReturnType<typeof adapter.ordersByRevision>>;
    try {
      answer = await adapter.ordersByRevision([org.organizationId], org.revision);
    } catch (error) {
      if (!(error instanceof PosError)) throw error;
      ctx.log.warn(
        { failure: error.failure, organizationId: org.organizationId },
        'pos: poll by revision failed',
      );
      continue;
    }
    for (const order of answer.orders) {
      await applyPosOrderState(ctx, order, 'poll');
      applied += 1;
    }
    // Only forward: a slower instance's older answer never takes the revision back.
    await ctx.db
      .update(posOrganizations)
      .set({ deliveriesRevision: answer.revision })
      .where(
        and(
          eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
          eq(posOrganizations.provider, adapter.provider),
          eq(posOrganizations.organizationId, org.organizationId),
          lt(posOrganizations.deliveriesRevision, answer.revision),
        ),
      );
  }
  return applied;
}
