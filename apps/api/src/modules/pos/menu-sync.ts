import { and, asc, eq, exists, inArray, lte } from 'drizzle-orm';
import { positionGroups, positions, posLinks, posOrganizations } from '../../db/schema.ts';
import type { PosMenu } from '../../integrations/pos/pos-adapter.ts';
import { posImageAddress, storePosImages } from './menu-images.ts';
import { capped, logOrganization, posErrorCode } from './menu-log.ts';
import { listMenuInLinkedRestos, type MenuSyncSummary, writeMenu } from './menu-write.ts';
import type { PosContext } from './pos-context.ts';
import { syncStopLists } from './stop-list-sync.ts';

export type { MenuSyncSummary } from './menu-write.ts';

/** What one sync did: the log row's summary, or the coded reason the POS call failed. */
export type MenuSyncResult = { ok: true; summary: MenuSyncSummary } | { ok: false; error: string };

/** Organizations one round of the schedule takes at most (the rest are due in the next round). */
const LEASE_BATCH = 10;

/** The rows the menu of an organization shows pictures on, as addresses kept now. */
async function storedPhotos(ctx: PosContext, menuId: number | null): Promise<Set<string>> {
  if (menuId === null) return new Set();
  const dishes = await ctx.db
    .select({ photos: positions.photos })
    .from(positions)
    .where(eq(positions.menuId, menuId));
  const groups = await ctx.db
    .select({ photos: positionGroups.photos })
    .from(positionGroups)
    .where(eq(positionGroups.menuId, menuId));
  return new Set([...dishes, ...groups].flatMap((row) => row.photos));
}

/** The pictures of what the menu shows, each with the first name it shows under (for the log). */
function picturesOf(menu: PosMenu): Map<string, string> {
  const named = new Map<string, string>();
  for (const group of menu.groups)
    if (!group.hidden) for (const url of group.imageUrls) if (!named.has(url)) named.set(url, group.name);
  for (const dish of menu.dishes)
    if (!dish.hidden && dish.sizes.some((s) => s.inMenu && s.price > 0))
      for (const url of dish.imageUrls) if (!named.has(url)) named.set(url, dish.name);
  return named;
}

/**
 * Reads the organization's nomenclature since its stored revision into its menu (decision 54): one transaction
 * that writes only what changed, one pos_log row, then this instance's catalog reloads (the others follow the
 * catalog revision). A failed POS call is logged with its code and leaves the revision, so the next sync asks again.
 */
export async function syncMenu(ctx: PosContext, organizationId: string): Promise<void> {
  await syncMenuResult(ctx, organizationId);
}

/** syncMenu answering what it did ("sync now" shows it); null when the brand has no POS or the organization no row. */
export async function syncMenuResult(
  ctx: PosContext,
  organizationId: string,
): Promise<MenuSyncResult | null> {
  const adapter = ctx.adapter;
  if (!adapter) return null;
  const whereOrg = and(
    eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
    eq(posOrganizations.provider, adapter.provider),
    eq(posOrganizations.organizationId, organizationId),
  );
  const [org] = await ctx.db.select().from(posOrganizations).where(whereOrg);
  if (!org) return null;
  const logEntry = { whiteLabelId: ctx.whiteLabel, organizationId, kind: 'sync' as const };

  // Without its menu (never made, or deleted in the back office) the whole nomenclature is read again.
  const since = org.menuId === null ? 0 : org.nomenclatureRevision;
  let menu: PosMenu;
  try {
    menu = await adapter.menu(organizationId, since);
  } catch (error) {
    const code = posErrorCode(error);
    ctx.log.warn({ organizationId, code }, 'pos: the menu could not be read');
    await logOrganization(
      ctx.db,
      { ...logEntry, ok: false, summary: { revision: org.nomenclatureRevision }, error: code },
      ctx.now(),
    );
    return { ok: false, error: code };
  }

  // iiko answers nothing when its revision is the one we passed: the menu we have is the POS's.
  const unchanged =
    org.menuId !== null && menu.revision === since && menu.groups.length === 0 && menu.dishes.length === 0;
  const pictures = unchanged ? new Map<string, string>() : picturesOf(menu);
  // Pictures are fetched and encoded before the transaction: it holds no lock while the network is slow.
  const images = await storePosImages(ctx.mediaStore, pictures.keys(), await storedPhotos(ctx, org.menuId));

  const { summary, catalogChanged } = await ctx.db.transaction(async (tx) => {
    // One sync of an organization at a time: a second instance waits here and then finds nothing to change.
    const [locked] = await tx.select().from(posOrganizations).where(whereOrg).for('update');
    if (!locked) throw new Error('the organization went away during its sync');
    let result: { menuId: number; summary: MenuSyncSummary; catalogChanged: boolean };
    // A sync that read a newer nomenclature committed while this one waited: this answer is older, not written.
    const overtaken = locked.nomenclatureRevision > menu.revision;
    if ((unchanged || overtaken) && locked.menuId !== null) {
      const listed = await listMenuInLinkedRestos(tx, {
        whiteLabel: ctx.whiteLabel,
        provider: adapter.provider,
        organizationId,
        menuId: locked.menuId,
      });
      result = {
        menuId: locked.menuId,
        summary: {
          added: [],
          changed: [],
          hidden: [],
          failed: [],
          revision: Math.max(menu.revision, locked.nomenclatureRevision),
        },
        catalogChanged: listed,
      };
    } else {
      result = await writeMenu(tx, {
        whiteLabel: ctx.whiteLabel,
        provider: adapter.provider,
        organizationId,
        organizationName: locked.name ?? organizationId,
        menuId: locked.menuId,
        menu,
        imageReady: (url) => images.ready.has(url),
        imageAddress: posImageAddress,
      });
    }
    for (const [url, reason] of images.failed)
      result.summary.failed.push({
        name: pictures.get(url) ?? url,
        reason: 'pos.picture-failed',
        detail: reason,
      });
    result.summary.failed = capped(result.summary.failed);
    const nowMs = ctx.now();
    await tx
      .update(posOrganizations)
      .set({
        nomenclatureRevision: Math.max(menu.revision, locked.nomenclatureRevision),
        menuId: result.menuId,
        lastSyncAt: new Date(nowMs),
      })
      .where(whereOrg);
    await logOrganization(tx, { ...logEntry, ok: true, summary: { ...result.summary } }, nowMs);
    return result;
  });
  if (catalogChanged) await ctx.catalog.refresh();
  return { ok: true, summary };
}

/**
 * One round of the schedule: leases this brand's linked organizations that are due (FOR UPDATE SKIP LOCKED, then moved
 * ahead by the sync interval, so another instance leasing at the same moment takes others or none) and reads
 * each one's menu and stop-lists. Answers the organizations it took.
 */
export async function runMenuSyncOnce(ctx: PosContext): Promise<string[]> {
  const adapter = ctx.adapter;
  if (!adapter) return [];
  const nowMs = ctx.now();
  const leased = await ctx.db.transaction(async (tx) => {
    const brand = and(
      eq(posOrganizations.whiteLabelId, ctx.whiteLabel),
      eq(posOrganizations.provider, adapter.provider),
    );
    const due = await tx
      .select({ organizationId: posOrganizations.organizationId })
      .from(posOrganizations)
      .where(
        and(
          brand,
          lte(posOrganizations.nextSyncAt, new Date(nowMs)),
          // An organization no restaurant links to any more keeps its row (a relink keeps our ids), not its sync.
          exists(
            tx
              .select({ restoId: posLinks.restoId })
              .from(posLinks)
              .where(
                and(
                  eq(posLinks.whiteLabelId, posOrganizations.whiteLabelId),
                  eq(posLinks.provider, posOrganizations.provider),
                  eq(posLinks.organizationId, posOrganizations.organizationId),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(posOrganizations.nextSyncAt))
      .limit(LEASE_BATCH)
      .for('update', { skipLocked: true });
    const ids = due.map((row) => row.organizationId);
    if (ids.length > 0)
      await tx
        .update(posOrganizations)
        .set({ nextSyncAt: new Date(nowMs + ctx.syncIntervalMs) })
        .where(and(brand, inArray(posOrganizations.organizationId, ids)));
    return ids;
  });
  for (const organizationId of leased) {
    await syncMenu(ctx, organizationId).catch((error: unknown) =>
      ctx.log.warn({ err: error, organizationId }, 'pos: the menu sync failed'),
    );
    await syncStopLists(ctx, organizationId).catch((error: unknown) =>
      ctx.log.warn({ err: error, organizationId }, 'pos: the stop-list sync failed'),
    );
  }
  return leased;
}

/** The schedule: each organization's menu and stop-lists read again every POS_SYNC_INTERVAL_MS. */
export function startMenuSync(ctx: PosContext): () => void {
  if (!ctx.adapter) return () => {};
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      runMenuSyncOnce(ctx)
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'pos: a menu sync round failed'))
        .finally(() => {
          running = false;
        });
    },
    Math.min(ctx.pollMs * 6, 60_000),
  );
  timer.unref();
  return () => clearInterval(timer);
}
