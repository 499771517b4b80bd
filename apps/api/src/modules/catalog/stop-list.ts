import { and, asc, eq } from 'drizzle-orm';
import { ApiError } from '../../core/api-error.ts';
import type { Executor } from '../../core/executor.ts';
import { assertRestoAccess, type StaffAccess } from '../../core/staff-access.ts';
import type { Database } from '../../db/client.ts';
import { restoPauses, restoStopList, restos } from '../../db/schema.ts';
import type { AvailabilityStore } from './availability-store.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import { restaurantDay } from './restaurant-day.ts';

/**
 * The stop-list (a dish run out for the restaurant's today) and 'busy' (as-soon-as-possible orders paused).
 * Not order events: the board re-reads its restaurants from these answers and on its stream's reconnect.
 * After each write this instance reloads its in-memory copy at once; the others within CATALOG_REFRESH_MS.
 */

/** What the stop-list's calls work with: one per app. */
export interface StopListContext {
  db: Database;
  snapshot: () => CatalogSnapshot;
  now: () => number;
  availability: AvailabilityStore;
  /**
   * Told after each stop or restore (the linked POS's stop-list follows ours). Not awaited: the staff's call
   * never waits for, or fails by, a POS; the listener logs its own failures.
   */
  onStopChanged?: (restoId: number, positionId: number, stopped: boolean) => Promise<void>;
}

/** Today's stop-list of a restaurant (its local day), position ids ascending. */
export async function stopListOf(db: Executor, restoId: number, localDate: string): Promise<number[]> {
  const rows = await db
    .select({ positionId: restoStopList.positionId })
    .from(restoStopList)
    .where(and(eq(restoStopList.restoId, restoId), eq(restoStopList.localDate, localDate)))
    .orderBy(asc(restoStopList.positionId));
  return rows.map((r) => r.positionId);
}

/** The pause running now, or null. */
export async function busyUntilOf(db: Executor, restoId: number, nowMs: number): Promise<string | null> {
  const [row] = await db
    .select({ busyUntil: restoPauses.busyUntil })
    .from(restoPauses)
    .where(eq(restoPauses.restoId, restoId));
  return row && row.busyUntil.getTime() > nowMs ? row.busyUntil.toISOString() : null;
}

const brandPositionIds = new WeakMap<CatalogSnapshot, Map<string, Set<number>>>();
function positionKnown(snapshot: CatalogSnapshot, whiteLabel: string, positionId: number): boolean {
  let byBrand = brandPositionIds.get(snapshot);
  if (!byBrand) {
    byBrand = new Map();
    brandPositionIds.set(snapshot, byBrand);
  }
  let ids = byBrand.get(whiteLabel);
  if (!ids) {
    ids = new Set();
    for (const menu of snapshot.menus.values())
      if (menu.whiteLabelId === whiteLabel) for (const p of menu.positions) ids.add(p.id);
    byBrand.set(whiteLabel, ids);
  }
  return ids.has(positionId);
}

async function restoTimezone(ctx: StopListContext, access: StaffAccess, restoId: number): Promise<string> {
  assertRestoAccess(access, restoId);
  const [row] = await ctx.db
    .select({ timezone: restos.timezone })
    .from(restos)
    .where(and(eq(restos.id, restoId), eq(restos.whiteLabelId, access.whiteLabel)));
  if (!row) throw new ApiError(404, 'resto.not-found', 'restoId');
  return row.timezone;
}

export async function setStopped(
  ctx: StopListContext,
  access: StaffAccess,
  restoId: number,
  positionId: number,
  stopped: boolean,
) {
  const timezone = await restoTimezone(ctx, access, restoId);
  if (!positionKnown(ctx.snapshot(), access.whiteLabel, positionId))
    throw new ApiError(404, 'position.not-found', 'positionId');
  const nowMs = ctx.now();
  const { date } = restaurantDay(nowMs, timezone);
  if (stopped)
    await ctx.db
      .insert(restoStopList)
      .values({ restoId, positionId, localDate: date, stoppedBy: access.staffId, createdAt: new Date(nowMs) })
      // A dish the linked POS stopped becomes staff's own: the POS's next read no longer puts it back on sale.
      .onConflictDoUpdate({
        target: [restoStopList.restoId, restoStopList.localDate, restoStopList.positionId],
        set: { source: 'staff', stoppedBy: access.staffId },
        setWhere: eq(restoStopList.source, 'pos'),
      });
  else
    await ctx.db
      .delete(restoStopList)
      .where(
        and(
          eq(restoStopList.restoId, restoId),
          eq(restoStopList.localDate, date),
          eq(restoStopList.positionId, positionId),
        ),
      );
  await ctx.availability.load();
  ctx.onStopChanged?.(restoId, positionId, stopped).catch(() => {});
  return { restoId, stopList: await stopListOf(ctx.db, restoId, date) };
}

/** Pauses as-soon-as-possible orders for `minutes` from now; 0 resumes them. */
export async function setBusy(ctx: StopListContext, access: StaffAccess, restoId: number, minutes: number) {
  await restoTimezone(ctx, access, restoId);
  const nowMs = ctx.now();
  if (minutes === 0) await ctx.db.delete(restoPauses).where(eq(restoPauses.restoId, restoId));
  else {
    const values = {
      busyUntil: new Date(nowMs + minutes * 60_000),
      setBy: access.staffId,
      updatedAt: new Date(nowMs),
    };
    await ctx.db
      .insert(restoPauses)
      .values({ restoId, ...values })
      .onConflictDoUpdate({ target: restoPauses.restoId, set: values });
  }
  await ctx.availability.load();
  return { restoId, busyUntil: await busyUntilOf(ctx.db, restoId, nowMs) };
}
