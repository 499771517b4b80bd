import { asc, eq, getTableColumns } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { ChangedRows, type Transaction } from './changed-rows.ts';

/**
 * The large tables kept between reloads (changed-rows.ts): an instance holds one of these for its life, so a
 * reload reads again only the dishes and modifier rows that changed. A fresh one reads everything.
 */
export class CatalogRowCache {
  readonly positions = new ChangedRows(t.positions);
  readonly modifierItems = new ChangedRows(t.modifierItems);
  readonly attachments = new ChangedRows(t.positionModifiers);
}

const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/**
 * Every table the catalog is built from, read in the caller's transaction, each in the order the answers
 * list it (so the mappers only map and group). Positions and zones that are not published or not active,
 * hidden groups and their positions are left out here.
 */
export async function readCatalogRows(tx: Transaction, cache: CatalogRowCache = new CatalogRowCache()) {
  const [revision] = await tx.select().from(t.catalogRevision).where(eq(t.catalogRevision.id, 1));
  const whiteLabels = await tx.select({ id: t.whiteLabels.id }).from(t.whiteLabels);
  const cities = await tx.select().from(t.cities).orderBy(asc(t.cities.order), asc(t.cities.id));
  const tags = await tx.select().from(t.tags);
  const restos = await tx.select().from(t.restos).orderBy(asc(t.restos.order), asc(t.restos.id));
  const restoCities = await tx.select().from(t.restoCities).orderBy(asc(t.restoCities.cityId));
  const restoTags = await tx.select().from(t.restoTags);
  const openingHours = await tx.select().from(t.openingHours).orderBy(asc(t.openingHours.dayOfWeek));
  const specialDays = await tx
    .select()
    .from(t.specialDays)
    .orderBy(asc(t.specialDays.date), asc(t.specialDays.id));
  const preOrders = await tx.select().from(t.preOrderSettings).orderBy(asc(t.preOrderSettings.type));
  const menus = await tx.select().from(t.menus).orderBy(asc(t.menus.order), asc(t.menus.id));
  const restoMenus = await tx.select().from(t.restoMenus);
  const groups = await tx
    .select()
    .from(t.positionGroups)
    .where(eq(t.positionGroups.isPublished, true))
    .orderBy(asc(t.positionGroups.order), asc(t.positionGroups.id));
  // A hidden group takes its dishes off the menu with it (decision 45), so the preflight refuses them too.
  const shownGroups = new Set(groups.map((g) => g.id));
  const positions = (await cache.positions.read(tx))
    .filter((p) => p.isPublished && (p.groupId === null || shownGroups.has(p.groupId)))
    .sort(byOrder);
  const positionTags = await tx.select().from(t.positionTags);
  const modifiers = await tx.select().from(t.modifiers);
  const modifierItems = (await cache.modifierItems.read(tx)).sort(byOrder);
  const attachments = (await cache.attachments.read(tx)).sort(byOrder);
  const timeSlots = await tx.select().from(t.timeSlots).orderBy(asc(t.timeSlots.id));
  const timeSlotDetails = await tx.select().from(t.timeSlotDetails).orderBy(asc(t.timeSlotDetails.dayOfWeek));
  const timeSlotPositions = await tx
    .select()
    .from(t.timeSlotPositions)
    .orderBy(asc(t.timeSlotPositions.positionId));
  const zones = await tx
    .select()
    .from(t.deliveryZones)
    .where(eq(t.deliveryZones.isActive, true))
    .orderBy(asc(t.deliveryZones.id));
  const deliveryRules = await tx.select().from(t.deliveryRules).orderBy(asc(t.deliveryRules.orderPriceMin));
  const promotions = await tx
    .select()
    .from(t.promotions)
    .orderBy(asc(t.promotions.priority), asc(t.promotions.id));
  const promotionRestos = await tx.select().from(t.promotionRestos);
  // used_count is left out: it moves with every order and is read per preflight, never from the snapshot.
  const { usedCount: _usedCount, ...promoCodeColumns } = getTableColumns(t.promoCodes);
  const promoCodes = await tx.select(promoCodeColumns).from(t.promoCodes).orderBy(asc(t.promoCodes.id));
  const promoCodeRestos = await tx.select().from(t.promoCodeRestos).orderBy(asc(t.promoCodeRestos.restoId));
  return {
    revision,
    whiteLabels,
    cities,
    tags,
    restos,
    restoCities,
    restoTags,
    openingHours,
    specialDays,
    preOrders,
    menus,
    restoMenus,
    groups,
    positions,
    positionTags,
    modifiers,
    modifierItems,
    attachments,
    timeSlots,
    timeSlotDetails,
    timeSlotPositions,
    zones,
    deliveryRules,
    promotions,
    promotionRestos,
    promoCodes,
    promoCodeRestos,
  };
}

export type CatalogRows = Awaited<ReturnType<typeof readCatalogRows>>;
