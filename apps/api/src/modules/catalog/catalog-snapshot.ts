import type { GiftPromotion, PromoCodeDefinition } from '@storefront/domain';
import type {
  City,
  DeliveryZone,
  Position,
  PositionGroup,
  PositionModifiers,
  PreOrderHours,
  Promotion,
  Resto,
  TimeSlot,
} from '@storefront/domain/contracts';
import type { Database } from '../../db/client.ts';
import {
  mapCities,
  mapDeliveryZones,
  mapGifts,
  mapMenus,
  mapModifiers,
  mapPreOrders,
  mapPromoCodes,
  mapPromotions,
  mapRestos,
  mapTags,
  mapTimeSlots,
} from './catalog-mappers.ts';
import { type CatalogRowCache, type CatalogRows, readCatalogRows } from './catalog-rows.ts';

export type Owned<T> = T & { whiteLabelId: string };

export interface SnapshotMenu {
  id: number;
  whiteLabelId: string;
  groups: PositionGroup[];
  positions: Position[];
  /** Dishes the cart offers with this menu ('Добавить к заказу'), in the manager's order (decision 56). */
  addOnPositionIds: number[];
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
  /** The published gift promotions (decision 56) as pricing reads them, with their titles, by brand. */
  gifts: Map<string, (GiftPromotion & { title: Promotion['title'] })[]>;
  /** Promo codes by brand, then by upper-cased code; never sent to clients as a list (preflight reads them). */
  promoCodes: Map<string, Map<string, PromoCodeDefinition>>;
}

/**
 * Whether a restaurant may offer online payment on this instance (payments-settings.ts `onlinePayGate`):
 * one that may not has its payConfig `cardOnline` read as null here, once, so every answer built from the
 * snapshot (/restos, the location data, the preflight, placement) agrees.
 */
export type OnlinePayFilter = (resto: CatalogRows['restos'][number]) => boolean;

/**
 * Reads the catalog tables (catalog-rows.ts) and maps each entity (catalog-mappers.ts). With the cache of the
 * previous load, the large tables are read again only where rows changed.
 */
export async function loadCatalogSnapshot(
  db: Database,
  onlinePayOffered: OnlinePayFilter = () => true,
  cache?: CatalogRowCache,
): Promise<CatalogSnapshot> {
  // One consistent read: a writer committing half-way through must not give us half its change.
  const read = await db.transaction((tx) => readCatalogRows(tx, cache), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const rows: CatalogRows = {
    ...read,
    restos: read.restos.map((r) =>
      onlinePayOffered(r)
        ? r
        : {
            ...r,
            payDelivery: { ...r.payDelivery, cardOnline: null },
            payTakeAway: { ...r.payTakeAway, cardOnline: null },
          },
    ),
  };
  const tagById = mapTags(rows);
  return {
    revision: rows.revision?.revision ?? 0,
    whiteLabels: new Set(rows.whiteLabels.map((w) => w.id)),
    cities: mapCities(rows),
    restos: mapRestos(rows, tagById),
    menus: mapMenus(rows, tagById),
    modifiersByPosition: mapModifiers(rows),
    timeSlots: mapTimeSlots(rows),
    zonesByResto: mapDeliveryZones(rows),
    preOrderByResto: mapPreOrders(rows),
    promotions: mapPromotions(rows),
    gifts: mapGifts(rows),
    promoCodes: mapPromoCodes(rows),
  };
}
