import { and, eq } from 'drizzle-orm';
import { positions, posLinks, posMappings } from '../../db/schema.ts';
import { logOrganization, posErrorCode } from './menu-log.ts';
import type { PosContext } from './pos-context.ts';

/**
 * Our board's stop-list to the POS (decision 54): when staff stop or restore a dish of a linked restaurant that
 * came from the POS, its terminal group's stop-list follows. It needs the API login's extra rights; a refusal (or
 * a POS that is down) never fails the staff's call: it is written to the POS log for the back office to show.
 */
export function posStopListHook(
  ctx: PosContext,
): (restoId: number, positionId: number, stopped: boolean) => Promise<void> {
  return async (restoId, positionId, stopped) => {
    const adapter = ctx.adapter;
    if (!adapter) return;
    const [link] = await ctx.db
      .select()
      .from(posLinks)
      .where(
        and(
          eq(posLinks.restoId, restoId),
          eq(posLinks.whiteLabelId, ctx.whiteLabel),
          eq(posLinks.provider, adapter.provider),
        ),
      );
    if (!link) return;
    const [mapping] = await ctx.db
      .select({ externalId: posMappings.externalId, externalSizeId: posMappings.externalSizeId })
      .from(posMappings)
      .where(
        and(
          eq(posMappings.whiteLabelId, ctx.whiteLabel),
          eq(posMappings.provider, adapter.provider),
          eq(posMappings.organizationId, link.organizationId),
          eq(posMappings.kind, 'dish'),
          eq(posMappings.ourId, positionId),
        ),
      );
    // A dish staff made themselves is not the POS's: nothing to tell it.
    if (!mapping) return;
    const [dish] = await ctx.db
      .select({ name: positions.name })
      .from(positions)
      .where(eq(positions.id, positionId));
    // In the log's own words: the dish under stopped or restored, as a stop-list read lists them.
    const name = dish?.name.ru ?? `#${positionId}`;
    const summary = { ...(stopped ? { stopped: [name] } : { restored: [name] }), source: 'board' };
    const entry = {
      whiteLabelId: ctx.whiteLabel,
      organizationId: link.organizationId,
      restoId,
      kind: 'stop-list' as const,
    };
    try {
      await adapter.setStopped(
        link.organizationId,
        link.terminalGroupId,
        [{ productId: mapping.externalId, sizeId: mapping.externalSizeId || null }],
        stopped,
      );
      await logOrganization(ctx.db, { ...entry, ok: true, summary }, ctx.now());
    } catch (error) {
      const code = posErrorCode(error);
      ctx.log.warn({ restoId, positionId, code }, 'pos: the stop-list change did not reach the POS');
      await logOrganization(
        ctx.db,
        { ...entry, ok: false, summary: { ...summary, message: (error as Error).message }, error: code },
        ctx.now(),
      );
    }
  };
}
