import type { CustomerDeliveryMethod, PricingCatalog, PromoCodeDefinition } from '@storefront/domain';
import { hoursFor, specialDaysFor } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import type { CatalogSnapshot } from '../catalog/index.ts';

/**
 * The PricingCatalog of one restaurant and method, built from the in-memory catalog snapshot only and
 * kept beside that snapshot: every lookup map is built once per snapshot (a new snapshot, after a catalog
 * change, starts empty), so a preflight reads no catalog table and builds no index.
 */

interface BrandIndex {
  positions: PricingCatalog['positions'];
  timeSlots: PricingCatalog['timeSlots'];
  /** The brand's 18+ dishes: add-ons only once the age is confirmed. */
  adultIds: ReadonlySet<number>;
}

interface SnapshotIndex {
  brands: Map<string, BrandIndex>;
  modifiers: PricingCatalog['modifiers'] | null;
  catalogs: Map<string, PricingCatalog>;
}

const indexes = new WeakMap<CatalogSnapshot, SnapshotIndex>();

function indexOf(snapshot: CatalogSnapshot): SnapshotIndex {
  let index = indexes.get(snapshot);
  if (!index) {
    index = { brands: new Map(), modifiers: null, catalogs: new Map() };
    indexes.set(snapshot, index);
  }
  return index;
}

function brandIndex(snapshot: CatalogSnapshot, whiteLabel: string): BrandIndex {
  const index = indexOf(snapshot);
  const known = index.brands.get(whiteLabel);
  if (known) return known;
  const positions = new Map<number, Pick<Position, 'id' | 'menu' | 'price'>>();
  const adultIds = new Set<number>();
  for (const menu of snapshot.menus.values()) {
    if (menu.whiteLabelId !== whiteLabel) continue;
    for (const p of menu.positions) {
      positions.set(p.id, { id: p.id, menu: p.menu, price: p.price });
      if (p.isAdult) adultIds.add(p.id);
    }
  }
  const brand: BrandIndex = {
    positions,
    timeSlots: snapshot.timeSlots.filter((slot) => slot.whiteLabelId === whiteLabel),
    adultIds,
  };
  index.brands.set(whiteLabel, brand);
  return brand;
}

function modifiersIndex(snapshot: CatalogSnapshot): PricingCatalog['modifiers'] {
  const index = indexOf(snapshot);
  if (!index.modifiers) {
    index.modifiers = new Map(
      [...snapshot.modifiersByPosition.values()].map((entry) => [entry.positionId, entry.modifiers]),
    );
  }
  return index.modifiers;
}

/**
 * The pricing catalog of a published restaurant of `whiteLabel`, or null when there is none (unknown,
 * unpublished, or another brand's: the caller answers 404 resto.not-found for all three alike).
 */
export function pricingCatalogFor(
  snapshot: CatalogSnapshot,
  options: {
    whiteLabel: string;
    restoId: number;
    deliveryType: CustomerDeliveryMethod;
    preOrderEnabled: boolean;
  },
): PricingCatalog | null {
  const resto = snapshot.restos.get(options.restoId);
  if (!resto || resto.whiteLabelId !== options.whiteLabel) return null;
  const index = indexOf(snapshot);
  const key = `${options.whiteLabel}|${options.restoId}|${options.deliveryType}|${options.preOrderEnabled}`;
  const cached = index.catalogs.get(key);
  if (cached) return cached;
  const brand = brandIndex(snapshot, options.whiteLabel);
  const preOrder = snapshot.preOrderByResto.get(resto.id)?.find((p) => p.type === options.deliveryType);
  const catalog: PricingCatalog = {
    resto: {
      id: resto.id,
      timezone: resto.timezone,
      currency: resto.currency,
      isDelivery: resto.isDelivery,
      isTakeAway: resto.isTakeAway,
      payConfig: resto.payConfig,
      // The method's own week and special days (decision 51): the order is judged by the hours of its method.
      openingHours: [...hoursFor(resto, options.deliveryType)],
      specialDays: specialDaysFor(resto.specialDays, options.deliveryType),
      menus: resto.menus,
      takeAwayMaxOrderSum: resto.takeAwayMaxOrderSum ?? null,
    },
    positions: brand.positions,
    modifiers: modifiersIndex(snapshot),
    timeSlots: brand.timeSlots,
    zones: (snapshot.zonesByResto.get(resto.id) ?? []).map((z) => ({
      id: z.id,
      polygon: z.polygon,
      rules: z.rules,
      priority: z.priority,
    })),
    preOrder: preOrder
      ? {
          minTimeMinutes: preOrder.minTimeMinutes,
          dayInAdvance: preOrder.dayInAdvance,
          hours: preOrder.hours,
        }
      : null,
    preOrderEnabled: options.preOrderEnabled,
    // Decision 56: the brand's gift promotions (priceCart judges restaurant and window), and the add-on lists of
    // this restaurant's menus sold for the method, in menu order.
    gifts: snapshot.gifts.get(options.whiteLabel) ?? [],
    addOnIds: resto.menus
      .filter((m) => (options.deliveryType === 'DELIVERY' ? m.isDelivery : m.isTakeAway))
      .flatMap((m) => snapshot.menus.get(m.id)?.addOnPositionIds ?? []),
    adultIds: brand.adultIds,
  };
  index.catalogs.set(key, catalog);
  return catalog;
}

/** Trimmed and upper-cased, as promo codes are stored; blank is no code. */
export function normalisePromoCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return code === '' ? null : code;
}

export function promoCodeDefinition(
  snapshot: CatalogSnapshot,
  whiteLabel: string,
  code: string,
): PromoCodeDefinition | undefined {
  return snapshot.promoCodes.get(whiteLabel)?.get(code);
}

/** A gift promotion's title, for the cart's 'Подарок' and 'Ещё 350 ₽ до подарка'. */
export function giftTitle(snapshot: CatalogSnapshot, whiteLabel: string, promotionId: number) {
  return snapshot.gifts.get(whiteLabel)?.find((g) => g.id === promotionId)?.title ?? null;
}
