import { and, eq, inArray } from 'drizzle-orm';
import { positions, posLinks, posMappings, restoStopList, restos } from '../../db/schema.ts';
import type { PosStopListItem } from '../../integrations/pos/pos-adapter.ts';
import { restaurantDay } from '../catalog/index.ts';
import { capped, logOrganization, posErrorCode } from './menu-log.ts';
import type { PosContext } from './pos-context.ts';

/**
 * The POS's stop-lists in ours (decision 54): for each restaurant linked to the organization, its today's rows of
 * source 'pos' are replaced by the dishes its terminal group has none of (balance 0; above 0 is available). Rows
 * staff set on our board (source 'staff') are never touched: a dish both stopped stays the staff's row. The
 * availability in memory reloads at once, so the storefront and the preflight see the change on this instance.
 */

/** Which of our dishes an item of the POS's stop-list stops: every size without a size, else that size. */
function stoppedDishes(
  items: readonly PosStopListItem[],
  mappings: readonly { externalId: string; externalSizeId: string; ourId: number }[],
): Set<number> {
  const byProduct = new Map<string, { externalSizeId: string; ourId: number }[]>();
  for (const m of mappings) byProduct.set(m.externalId, [...(byProduct.get(m.externalId) ?? []), m]);
  const stopped = new Set<number>();
  for (const item of items) {
    if (item.balance > 0) continue;
    // A product of one size is mapped without a size, whatever size the stop-list names.
    for (const m of byProduct.get(item.productId) ?? [])
      if (item.sizeId === null || m.externalSizeId === '' || m.externalSizeId === item.sizeId)
        stopped.add(m.ourId);
  }
  return stopped;
}

/** Replaces the POS-sourced stop-list rows of the organization's restaurants with what the POS says now. */
export async function syncStopLists(ctx: PosContext, organizationId: string): Promise<void> {
  const adapter = ctx.adapter;
  if (!adapter) return;
  const links = await ctx.db
    .select({
      restoId: posLinks.restoId,
      terminalGroupId: posLinks.terminalGroupId,
      timezone: restos.timezone,
    })
    .from(posLinks)
    .innerJoin(restos, eq(restos.id, posLinks.restoId))
    .where(
      and(
        eq(posLinks.whiteLabelId, ctx.whiteLabel),
        eq(posLinks.provider, adapter.provider),
        eq(posLinks.organizationId, organizationId),
      ),
    );
  if (links.length === 0) return;
  const logEntry = { whiteLabelId: ctx.whiteLabel, organizationId, kind: 'stop-list' as const };

  let lists: Awaited<ReturnType<typeof adapter.stopLists>>;
  try {
    lists = await adapter.stopLists([organizationId]);
  } catch (error) {
    const code = posErrorCode(error);
    ctx.log.warn({ organizationId, code }, 'pos: the stop-lists could not be read');
    await logOrganization(ctx.db, { ...logEntry, ok: false, summary: {}, error: code }, ctx.now());
    return;
  }

  const mappings = await ctx.db
    .select({
      externalId: posMappings.externalId,
      externalSizeId: posMappings.externalSizeId,
      ourId: posMappings.ourId,
    })
    .from(posMappings)
    .where(
      and(
        eq(posMappings.whiteLabelId, ctx.whiteLabel),
        eq(posMappings.provider, adapter.provider),
        eq(posMappings.organizationId, organizationId),
        eq(posMappings.kind, 'dish'),
      ),
    );

  let changedAny = false;
  for (const link of links) {
    const items = lists
      .filter((l) => l.organizationId === organizationId && l.terminalGroupId === link.terminalGroupId)
      .flatMap((l) => l.items);
    const wanted = stoppedDishes(items, mappings);
    const nowMs = ctx.now();
    const { date } = restaurantDay(nowMs, link.timezone);
    const change = await ctx.db.transaction(async (tx) => {
      const today = and(eq(restoStopList.restoId, link.restoId), eq(restoStopList.localDate, date));
      const rows = await tx
        .select({ positionId: restoStopList.positionId, source: restoStopList.source })
        .from(restoStopList)
        .where(today)
        .for('update');
      const onList = new Set(rows.map((r) => r.positionId));
      const restored = rows
        .filter((r) => r.source === 'pos' && !wanted.has(r.positionId))
        .map((r) => r.positionId);
      const stopped = [...wanted].filter((id) => !onList.has(id));
      if (restored.length > 0)
        await tx
          .delete(restoStopList)
          .where(and(today, eq(restoStopList.source, 'pos'), inArray(restoStopList.positionId, restored)));
      if (stopped.length > 0)
        await tx
          .insert(restoStopList)
          .values(
            stopped.map((positionId) => ({
              restoId: link.restoId,
              positionId,
              localDate: date,
              stoppedBy: null,
              createdAt: new Date(nowMs),
              source: 'pos' as const,
            })),
          )
          .onConflictDoNothing();
      if (restored.length === 0 && stopped.length === 0) return false;
      const named = await tx
        .select({ id: positions.id, name: positions.name })
        .from(positions)
        .where(inArray(positions.id, [...restored, ...stopped]));
      const nameOf = new Map(named.map((p) => [p.id, p.name.ru]));
      const names = (ids: number[]) => capped(ids.map((id) => nameOf.get(id) ?? `#${id}`));
      await logOrganization(
        tx,
        {
          ...logEntry,
          restoId: link.restoId,
          ok: true,
          summary: { date, stopped: names(stopped), restored: names(restored) },
        },
        nowMs,
      );
      return true;
    });
    changedAny ||= change;
  }
  if (changedAny) await ctx.availability.load();
}
