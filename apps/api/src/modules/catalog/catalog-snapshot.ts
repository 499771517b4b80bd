import type { DayOfWeek, OpeningHoursDay, PaymentMethod, PaymentOptions } from '@storefront/domain';
import { allowedPaymentMethods, DAYS_OF_WEEK } from '@storefront/domain';
import {
  type City,
  type DeliveryZone,
  type Position,
  type PositionGroup,
  type PositionModifiers,
  type PreOrderHours,
  type Promotion,
  type Resto,
  type TimeSlot,
  UNGROUPED_GROUP_ID,
  UNGROUPED_GROUP_NAME,
  UNGROUPED_GROUP_ORDER,
} from '@storefront/domain/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

type Owned<T> = T & { whiteLabelId: string };

export interface SnapshotMenu {
  id: number;
  whiteLabelId: string;
  groups: PositionGroup[];
  positions: Position[];
}

/**
 * The whole public catalog of every brand, held in memory in the shapes of the contracts. A chain's
 * catalog is small (thousands of rows), and PGlite answers a couple of thousand reads a second, so
 * the API answers catalog calls from here and never from the database on the hot path.
 */
export interface CatalogSnapshot {
  revision: number;
  whiteLabels: Set<string>;
  cities: Map<number, Owned<City>>;
  restos: Map<number, Owned<Resto>>;
  menus: Map<number, SnapshotMenu>;
  modifiersByPosition: Map<number, PositionModifiers>;
  timeSlots: Owned<TimeSlot>[];
  zonesByResto: Map<number, DeliveryZone[]>;
  preOrderByResto: Map<number, PreOrderHours[]>;
  promotions: Owned<Promotion & { restoIds: number[] }>[];
}

/** Fixed ids of the three payment methods in a restaurant's `pays` list. */
const PAY_IDS: Record<PaymentMethod, number> = { CARD_ONLINE: 1, CARD_UPON_RECEIPT: 2, CASH_UPON_RECEIPT: 3 };
const PAY_NAMES: Record<PaymentMethod, { ru: string; en: string }> = {
  CARD_ONLINE: { ru: 'Картой онлайн', en: 'Card online' },
  CARD_UPON_RECEIPT: { ru: 'Картой при получении', en: 'Card on receipt' },
  CASH_UPON_RECEIPT: { ru: 'Наличными при получении', en: 'Cash on receipt' },
};

/** `pays` is derived from payConfig so the two can never disagree. */
function paysOf(delivery: PaymentOptions, takeAway: PaymentOptions) {
  const methods = new Set([...allowedPaymentMethods(delivery), ...allowedPaymentMethods(takeAway)]);
  return [...methods].map((code) => ({ id: PAY_IDS[code], code, name: PAY_NAMES[code] }));
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function loadCatalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  // One consistent read: a writer committing half-way through must not give us half its change.
  return db.transaction(
    async (tx) => {
      const [revisionRow] = await tx.select().from(t.catalogRevision).where(eq(t.catalogRevision.id, 1));
      const whiteLabels = await tx.select({ id: t.whiteLabels.id }).from(t.whiteLabels);
      const cityRows = await tx.select().from(t.cities).orderBy(asc(t.cities.order), asc(t.cities.id));
      const tagRows = await tx.select().from(t.tags);
      const restoRows = await tx.select().from(t.restos).orderBy(asc(t.restos.order), asc(t.restos.id));
      const restoCityRows = await tx.select().from(t.restoCities).orderBy(asc(t.restoCities.cityId));
      const restoTagRows = await tx.select().from(t.restoTags);
      const hoursRows = await tx.select().from(t.openingHours).orderBy(asc(t.openingHours.dayOfWeek));
      const preOrderRows = await tx.select().from(t.preOrderSettings).orderBy(asc(t.preOrderSettings.type));
      const menuRows = await tx.select().from(t.menus).orderBy(asc(t.menus.order), asc(t.menus.id));
      const restoMenuRows = await tx.select().from(t.restoMenus);
      const groupRows = await tx
        .select()
        .from(t.positionGroups)
        .orderBy(asc(t.positionGroups.order), asc(t.positionGroups.id));
      const positionRows = await tx
        .select()
        .from(t.positions)
        .where(eq(t.positions.isPublished, true))
        .orderBy(asc(t.positions.order), asc(t.positions.id));
      const positionTagRows = await tx.select().from(t.positionTags);
      const modifierRows = await tx.select().from(t.modifiers);
      const itemRows = await tx
        .select()
        .from(t.modifierItems)
        .orderBy(asc(t.modifierItems.order), asc(t.modifierItems.id));
      const attachmentRows = await tx
        .select()
        .from(t.positionModifiers)
        .orderBy(asc(t.positionModifiers.order), asc(t.positionModifiers.id));
      const slotRows = await tx.select().from(t.timeSlots).orderBy(asc(t.timeSlots.id));
      const slotDetailRows = await tx
        .select()
        .from(t.timeSlotDetails)
        .orderBy(asc(t.timeSlotDetails.dayOfWeek));
      const slotPositionRows = await tx
        .select()
        .from(t.timeSlotPositions)
        .orderBy(asc(t.timeSlotPositions.positionId));
      const zoneRows = await tx
        .select()
        .from(t.deliveryZones)
        .where(eq(t.deliveryZones.isActive, true))
        .orderBy(asc(t.deliveryZones.id));
      const ruleRows = await tx.select().from(t.deliveryRules).orderBy(asc(t.deliveryRules.orderPriceMin));
      const promotionRows = await tx
        .select()
        .from(t.promotions)
        .orderBy(asc(t.promotions.priority), asc(t.promotions.id));
      const promotionRestoRows = await tx.select().from(t.promotionRestos);

      const tagById = new Map(tagRows.map((tag) => [tag.id, { id: tag.id, code: tag.code, name: tag.name }]));
      const cityIdsByResto = groupBy(restoCityRows, (r) => r.restoId);
      const tagsByResto = groupBy(restoTagRows, (r) => r.restoId);
      const hoursByResto = groupBy(hoursRows, (r) => r.restoId);
      const preOrdersByResto = groupBy(preOrderRows, (r) => r.restoId);
      const menusByResto = groupBy(restoMenuRows, (r) => r.restoId);
      const menuById = new Map(menuRows.map((m) => [m.id, m]));

      const cities = new Map(
        cityRows.map((c) => [
          c.id,
          {
            id: c.id,
            whiteLabelId: c.whiteLabelId,
            name: c.name,
            order: c.order,
            center: { lat: c.centerLat, lng: c.centerLng },
            bounds: {
              southWest: { lat: c.southWestLat, lng: c.southWestLng },
              northEast: { lat: c.northEastLat, lng: c.northEastLng },
            },
            zoom: c.zoom,
          },
        ]),
      );

      const restos = new Map<number, Owned<Resto>>();
      const preOrderByResto = new Map<number, PreOrderHours[]>();
      for (const r of restoRows.filter((row) => row.isPublished)) {
        const openingHours: OpeningHoursDay[] = (hoursByResto.get(r.id) ?? []).map((h) => ({
          dayOfWeek: h.dayOfWeek as DayOfWeek,
          active: h.active,
          open: h.open,
          close: h.close,
        }));
        const restoMenus = (menusByResto.get(r.id) ?? [])
          .map((link) => menuById.get(link.menuId))
          .filter((m) => m !== undefined)
          .sort((a, b) => a.order - b.order || a.id - b.id)
          .map((m) => ({
            id: m.id,
            name: m.name,
            order: m.order,
            isDelivery: m.isDelivery,
            isOnline: m.isOnline,
            isTable: m.isTable,
            isTakeAway: m.isTakeAway,
          }));
        restos.set(r.id, {
          id: r.id,
          whiteLabelId: r.whiteLabelId,
          name: r.name,
          cityIds: (cityIdsByResto.get(r.id) ?? []).map((link) => link.cityId),
          address: r.address,
          street: r.street,
          averageCheck: r.averageCheck,
          currency: r.currency,
          description: r.description,
          emails: r.emails.map((value) => ({ value })),
          phones: r.phones.map((value) => ({ value })),
          links: r.links.map((value) => ({ value })),
          location: { lat: r.lat, lng: r.lng },
          menus: restoMenus,
          openingHours,
          order: r.order,
          payConfig: { delivery: r.payDelivery, takeAway: r.payTakeAway },
          payEngine: r.payEngine,
          pays: paysOf(r.payDelivery, r.payTakeAway),
          photos: r.photos,
          tags: (tagsByResto.get(r.id) ?? [])
            .map((link) => tagById.get(link.tagId))
            .filter((tag) => tag !== undefined),
          timezone: r.timezone,
          isDelivery: r.isDelivery,
          isOnline: r.isOnline,
          isTable: r.isTable,
          isTakeAway: r.isTakeAway,
        });
        preOrderByResto.set(
          r.id,
          (preOrdersByResto.get(r.id) ?? []).map((p) => ({
            type: p.type,
            minTimeMinutes: p.minTimeMinutes,
            dayInAdvance: p.dayInAdvance,
            hours: p.hours ?? openingHours,
          })),
        );
      }

      const tagsByPosition = groupBy(positionTagRows, (r) => r.positionId);
      const positionsByMenu = groupBy(positionRows, (p) => p.menuId);
      const groupsByMenu = groupBy(groupRows, (g) => g.menuId);
      const menus = new Map<number, SnapshotMenu>();
      for (const m of menuRows) {
        const positions: Position[] = (positionsByMenu.get(m.id) ?? []).map((p) => ({
          id: p.id,
          menu: { id: p.menuId },
          positionGroup: p.groupId === null ? null : { id: p.groupId },
          name: p.name,
          description: p.description,
          measure:
            p.measureValue !== null && p.measureUnit !== null
              ? { value: p.measureValue, unit: p.measureUnit }
              : null,
          price: p.price,
          photos: p.photos,
          tags: (tagsByPosition.get(p.id) ?? [])
            .map((link) => tagById.get(link.tagId))
            .filter((tag) => tag !== undefined),
          isAdult: p.isAdult,
          order: p.order,
        }));
        const groups: PositionGroup[] = (groupsByMenu.get(m.id) ?? []).map((g) => ({
          id: g.id,
          menuId: g.menuId,
          name: g.name,
          order: g.order,
          photos: g.photos,
        }));
        // SPEC §3: the synthetic group exists exactly when some position has no group.
        if (positions.some((p) => p.positionGroup === null)) {
          groups.push({
            id: UNGROUPED_GROUP_ID,
            menuId: m.id,
            name: { ...UNGROUPED_GROUP_NAME },
            order: UNGROUPED_GROUP_ORDER,
            photos: [],
          });
        }
        menus.set(m.id, { id: m.id, whiteLabelId: m.whiteLabelId, groups, positions });
      }

      const modifierById = new Map(modifierRows.map((m) => [m.id, m]));
      const itemsByModifier = groupBy(itemRows, (i) => i.modifierId);
      const modifiersByPosition = new Map<number, PositionModifiers>();
      for (const a of attachmentRows) {
        const modifier = modifierById.get(a.modifierId);
        if (!modifier) continue;
        const entry = modifiersByPosition.get(a.positionId) ?? { positionId: a.positionId, modifiers: [] };
        entry.modifiers.push({
          id: a.id,
          modifierId: a.modifierId,
          minCount: a.minCount,
          maxCount: a.maxCount,
          name: modifier.name,
          nameUi: modifier.nameUi,
          items: (itemsByModifier.get(a.modifierId) ?? []).map((i) => ({
            id: i.id,
            name: i.name,
            price: i.price,
            order: i.order,
          })),
        });
        modifiersByPosition.set(a.positionId, entry);
      }

      const detailsBySlot = groupBy(slotDetailRows, (d) => d.timeSlotId);
      const positionsBySlot = groupBy(slotPositionRows, (p) => p.timeSlotId);
      const timeSlots = slotRows.map((s) => ({
        id: s.id,
        whiteLabelId: s.whiteLabelId,
        positionIds: (positionsBySlot.get(s.id) ?? []).map((p) => p.positionId),
        details: (detailsBySlot.get(s.id) ?? [])
          .filter((d) => DAYS_OF_WEEK.includes(d.dayOfWeek as DayOfWeek))
          .map((d) => ({
            dayOfWeek: d.dayOfWeek as DayOfWeek,
            startAt: d.startAt,
            endAt: d.endAt,
            isActive: d.isActive,
          })),
      }));

      const rulesByZone = groupBy(ruleRows, (r) => r.zoneId);
      const zonesByResto = new Map<number, DeliveryZone[]>();
      for (const z of zoneRows) {
        const zone: DeliveryZone = {
          id: z.id,
          name: z.name,
          restoId: z.restoId,
          polygon: z.polygon,
          rules: (rulesByZone.get(z.id) ?? []).map((r) => ({
            orderPrice: { min: r.orderPriceMin, max: r.orderPriceMax },
            deliveryPrice: r.deliveryPrice,
            time: r.timeMinutes,
          })),
        };
        const list = zonesByResto.get(z.restoId);
        if (list) list.push(zone);
        else zonesByResto.set(z.restoId, [zone]);
      }

      const restosByPromotion = groupBy(promotionRestoRows, (r) => r.promotionId);
      const promotions = promotionRows
        .sort((a, b) => b.priority - a.priority || a.id - b.id)
        .map((p) => ({
          id: p.id,
          whiteLabelId: p.whiteLabelId,
          title: p.title,
          text: p.text,
          image: p.image,
          priority: p.priority,
          startsAt: iso(p.startsAt),
          endsAt: iso(p.endsAt),
          restoIds: (restosByPromotion.get(p.id) ?? []).map((r) => r.restoId),
        }));

      return {
        revision: revisionRow?.revision ?? 0,
        whiteLabels: new Set(whiteLabels.map((w) => w.id)),
        cities,
        restos,
        menus,
        modifiersByPosition,
        timeSlots,
        zonesByResto,
        preOrderByResto,
        promotions,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
