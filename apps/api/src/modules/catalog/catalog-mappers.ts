import type {
  DayOfWeek,
  GiftPromotion,
  OpeningHoursDay,
  PaymentMethod,
  PaymentOptions,
  PromoCodeDefinition,
} from '@storefront/domain';
import { allowedPaymentMethods, DAYS_OF_WEEK, ONLINE_PAY_METHODS } from '@storefront/domain';
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
import type { CatalogRows } from './catalog-rows.ts';
import type { Owned, SnapshotMenu } from './catalog-snapshot.ts';

/** One mapper per entity: rows of the catalog tables in, the contract's shapes out. */

type Tag = Resto['tags'][number];

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

/** Links to tags, as the tags themselves; a link to a tag that is gone is dropped. */
const linkedTags = (links: readonly { tagId: number }[] | undefined, tagById: Map<number, Tag>) =>
  (links ?? []).map((link) => tagById.get(link.tagId)).filter((tag) => tag !== undefined);

export function mapTags(rows: CatalogRows): Map<number, Tag> {
  return new Map(rows.tags.map((tag) => [tag.id, { id: tag.id, code: tag.code, name: tag.name }]));
}

export function mapCities(rows: CatalogRows): Map<number, Owned<City>> {
  return new Map(
    rows.cities.map((c) => [
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

const publishedRestos = (rows: CatalogRows) => rows.restos.filter((row) => row.isPublished);

type HoursRow = CatalogRows['openingHours'][number];

const hoursDay = (h: HoursRow): OpeningHoursDay => ({
  dayOfWeek: h.dayOfWeek as DayOfWeek,
  active: h.active,
  open: h.open,
  close: h.close,
  ...(h.breakFrom && h.breakTo && { breakFrom: h.breakFrom, breakTo: h.breakTo }),
});

/** Each restaurant's week of opening hours ('ALL' rows), by restaurant id. */
function openingHoursByResto(rows: CatalogRows): Map<number, OpeningHoursDay[]> {
  const hoursByResto = groupBy(
    rows.openingHours.filter((h) => h.method === 'ALL'),
    (r) => r.restoId,
  );
  return new Map(rows.restos.map((r) => [r.id, (hoursByResto.get(r.id) ?? []).map(hoursDay)]));
}

/** The weeks of the methods that have hours of their own (decision 51), by restaurant id. */
function methodHoursByResto(rows: CatalogRows): Map<number, NonNullable<Resto['methodHours']>> {
  const byResto = new Map<number, NonNullable<Resto['methodHours']>>();
  for (const h of rows.openingHours) {
    if (h.method === 'ALL') continue;
    const weeks = byResto.get(h.restoId) ?? {};
    const week = weeks[h.method] ?? [];
    week.push(hoursDay(h));
    weeks[h.method] = week;
    byResto.set(h.restoId, weeks);
  }
  return byResto;
}

/** Each restaurant's special days, in date order (the public answer shows a window of them, see restos.service). */
function specialDaysByResto(rows: CatalogRows): Map<number, NonNullable<Resto['specialDays']>> {
  const byResto = groupBy(rows.specialDays, (d) => d.restoId);
  return new Map(
    [...byResto].map(([restoId, days]) => [
      restoId,
      days.map((d) => ({
        date: d.date,
        method: d.method,
        closed: d.closed,
        ...(!d.closed && d.open && d.close && { open: d.open, close: d.close }),
        ...(!d.closed && d.breakFrom && d.breakTo && { breakFrom: d.breakFrom, breakTo: d.breakTo }),
        note: d.note,
      })),
    ]),
  );
}

/** Each restaurant's menus (their summaries, in menu order), by restaurant id. */
function menusByResto(rows: CatalogRows): Map<number, Resto['menus']> {
  const linksByResto = groupBy(rows.restoMenus, (r) => r.restoId);
  const menuById = new Map(rows.menus.map((m) => [m.id, m]));
  return new Map(
    rows.restos.map((r) => [
      r.id,
      (linksByResto.get(r.id) ?? [])
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
        })),
    ]),
  );
}

/** Published restaurants, with their cities, menus, opening hours, payment methods and tags. */
export function mapRestos(rows: CatalogRows, tagById: Map<number, Tag>): Map<number, Owned<Resto>> {
  const cityIdsByResto = groupBy(rows.restoCities, (r) => r.restoId);
  const tagsByResto = groupBy(rows.restoTags, (r) => r.restoId);
  const hours = openingHoursByResto(rows);
  const methodHours = methodHoursByResto(rows);
  const specialDays = specialDaysByResto(rows);
  const menus = menusByResto(rows);
  const restos = new Map<number, Owned<Resto>>();
  for (const r of publishedRestos(rows)) {
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
      menus: menus.get(r.id) ?? [],
      openingHours: hours.get(r.id) ?? [],
      methodHours: methodHours.get(r.id) ?? {},
      specialDays: specialDays.get(r.id) ?? [],
      order: r.order,
      payConfig: { delivery: r.payDelivery, takeAway: r.payTakeAway },
      payEngine: r.payEngine,
      // Only where a customer may pay online at all (decision 55): the storefront offers a choice from these.
      ...(r.payDelivery.cardOnline || r.payTakeAway.cardOnline
        ? { onlineMethods: ONLINE_PAY_METHODS.filter((m) => r.onlineMethods.includes(m)) }
        : {}),
      pays: paysOf(r.payDelivery, r.payTakeAway),
      photos: r.photos,
      tags: linkedTags(tagsByResto.get(r.id), tagById),
      timezone: r.timezone,
      isDelivery: r.isDelivery,
      isOnline: r.isOnline,
      isTable: r.isTable,
      isTakeAway: r.isTakeAway,
      takeAwayMaxOrderSum: r.takeAwayMaxOrderSum,
    });
  }
  return restos;
}

/**
 * Pre-order settings of published restaurants, switched-off ones left out; hours not set of their own are the
 * method's opening hours.
 */
export function mapPreOrders(rows: CatalogRows): Map<number, PreOrderHours[]> {
  const preOrdersByResto = groupBy(
    rows.preOrders.filter((r) => r.isEnabled),
    (r) => r.restoId,
  );
  const hours = openingHoursByResto(rows);
  const methodHours = methodHoursByResto(rows);
  return new Map(
    publishedRestos(rows).map((r) => [
      r.id,
      (preOrdersByResto.get(r.id) ?? []).map((p) => ({
        type: p.type,
        minTimeMinutes: p.minTimeMinutes,
        dayInAdvance: p.dayInAdvance,
        hours: p.hours ?? methodHours.get(r.id)?.[p.type] ?? hours.get(r.id) ?? [],
      })),
    ]),
  );
}

function mapPosition(
  p: CatalogRows['positions'][number],
  tagsByPosition: Map<number, CatalogRows['positionTags']>,
  tagById: Map<number, Tag>,
): Position {
  return {
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
    tags: linkedTags(tagsByPosition.get(p.id), tagById),
    isAdult: p.isAdult,
    order: p.order,
    // Left out when unknown, so the answers of dishes without it stay as they were.
    ...(p.nutrition ? { nutrition: p.nutrition } : {}),
  };
}

/** docs/product.md §3: the synthetic group 'Прочее' exists exactly when some position of the menu has no group. */
function ungroupedGroup(menuId: number, positions: readonly Position[]): PositionGroup[] {
  if (!positions.some((p) => p.positionGroup === null)) return [];
  return [
    {
      id: UNGROUPED_GROUP_ID,
      menuId,
      name: { ...UNGROUPED_GROUP_NAME },
      order: UNGROUPED_GROUP_ORDER,
      photos: [],
    },
  ];
}

/** Every menu with its groups (the synthetic one last) and published positions. */
export function mapMenus(rows: CatalogRows, tagById: Map<number, Tag>): Map<number, SnapshotMenu> {
  const tagsByPosition = groupBy(rows.positionTags, (r) => r.positionId);
  const positionsByMenu = groupBy(rows.positions, (p) => p.menuId);
  const groupsByMenu = groupBy(rows.groups, (g) => g.menuId);
  return new Map(
    rows.menus.map((m) => {
      const positions = (positionsByMenu.get(m.id) ?? []).map((p) => mapPosition(p, tagsByPosition, tagById));
      const groups: PositionGroup[] = (groupsByMenu.get(m.id) ?? []).map((g) => ({
        id: g.id,
        menuId: g.menuId,
        name: g.name,
        order: g.order,
        photos: g.photos,
      }));
      groups.push(...ungroupedGroup(m.id, positions));
      return [
        m.id,
        { id: m.id, whiteLabelId: m.whiteLabelId, groups, positions, addOnPositionIds: m.addOnPositionIds },
      ];
    }),
  );
}

/** The modifiers attached to each position, in attachment order, with their items. */
export function mapModifiers(rows: CatalogRows): Map<number, PositionModifiers> {
  const modifierById = new Map(rows.modifiers.map((m) => [m.id, m]));
  const itemsByModifier = groupBy(rows.modifierItems, (i) => i.modifierId);
  const modifiersByPosition = new Map<number, PositionModifiers>();
  for (const a of rows.attachments) {
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
  return modifiersByPosition;
}

/** Time slots with their positions and their days (a day the week does not know is dropped). */
export function mapTimeSlots(rows: CatalogRows): Owned<TimeSlot>[] {
  const detailsBySlot = groupBy(rows.timeSlotDetails, (d) => d.timeSlotId);
  const positionsBySlot = groupBy(rows.timeSlotPositions, (p) => p.timeSlotId);
  return rows.timeSlots.map((s) => ({
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
}

/** Active delivery zones with their price rules, by restaurant id. */
export function mapDeliveryZones(rows: CatalogRows): Map<number, DeliveryZone[]> {
  const rulesByZone = groupBy(rows.deliveryRules, (r) => r.zoneId);
  const zones = rows.zones.map(
    (z): DeliveryZone => ({
      id: z.id,
      name: z.name,
      restoId: z.restoId,
      polygon: z.polygon,
      priority: z.priority,
      color: z.color,
      rules: (rulesByZone.get(z.id) ?? []).map((r) => ({
        orderPrice: { min: r.orderPriceMin, max: r.orderPriceMax },
        deliveryPrice: r.deliveryPrice,
        time: r.timeMinutes,
      })),
    }),
  );
  return groupBy(zones, (zone) => zone.restoId);
}

/** Published promotions by priority, highest first, with the restaurants they apply to and their link. */
export function mapPromotions(rows: CatalogRows): Owned<Promotion & { restoIds: number[] }>[] {
  const restosByPromotion = groupBy(rows.promotionRestos, (r) => r.promotionId);
  return rows.promotions
    .filter((p) => p.isPublished)
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
      linkMenuId: p.linkMenuId,
      linkPositionId: p.linkMenuId === null ? null : p.linkPositionId,
      // A slide only answers no `gift`, as before gifts existed.
      ...(p.kind === 'gift' && p.giftMinSum !== null
        ? { gift: { minSum: p.giftMinSum, positionIds: p.giftPositionIds } }
        : {}),
      restoIds: (restosByPromotion.get(p.id) ?? []).map((r) => r.restoId),
    }));
}

/** Published gift promotions by brand, as pricing judges them (decision 56); times become epoch ms. */
export function mapGifts(rows: CatalogRows): Map<string, (GiftPromotion & { title: Promotion['title'] })[]> {
  const restosByPromotion = groupBy(rows.promotionRestos, (r) => r.promotionId);
  const gifts = rows.promotions
    .filter(
      (p) => p.isPublished && p.kind === 'gift' && p.giftMinSum !== null && p.giftPositionIds.length > 0,
    )
    .map((p) => ({
      whiteLabelId: p.whiteLabelId,
      gift: {
        id: p.id,
        title: p.title,
        minSum: p.giftMinSum as NonNullable<typeof p.giftMinSum>,
        positionIds: p.giftPositionIds,
        withPromoCode: p.giftWithPromoCode,
        withBonus: p.giftWithBonus,
        restoIds: (restosByPromotion.get(p.id) ?? []).map((r) => r.restoId),
        startsAt: p.startsAt ? p.startsAt.getTime() : null,
        endsAt: p.endsAt ? p.endsAt.getTime() : null,
      },
    }));
  const byBrand = new Map<string, (GiftPromotion & { title: Promotion['title'] })[]>();
  for (const { whiteLabelId, gift } of gifts)
    byBrand.set(whiteLabelId, [...(byBrand.get(whiteLabelId) ?? []), gift]);
  return byBrand;
}

/**
 * Promo codes by brand, then by upper-cased code (the form customers' input is normalised to). Times become
 * epoch ms; a code without promo_code_restos rows works in every restaurant of its brand.
 */
export function mapPromoCodes(rows: CatalogRows): Map<string, Map<string, PromoCodeDefinition>> {
  const restosByCode = groupBy(rows.promoCodeRestos, (r) => r.promoCodeId);
  const byBrand = new Map<string, Map<string, PromoCodeDefinition>>();
  for (const p of rows.promoCodes) {
    const codes = byBrand.get(p.whiteLabelId) ?? new Map<string, PromoCodeDefinition>();
    const code = p.code.toUpperCase();
    codes.set(code, {
      id: p.id,
      code,
      kind: p.kind,
      value: p.value,
      maxDiscountAmount: p.maxDiscountAmount,
      minOrderAmount: p.minOrderAmount,
      startsAt: p.startsAt ? p.startsAt.getTime() : null,
      endsAt: p.endsAt ? p.endsAt.getTime() : null,
      active: p.active,
      hours: p.hoursFrom !== null && p.hoursTo !== null ? { from: p.hoursFrom, to: p.hoursTo } : null,
      restoIds: (restosByCode.get(p.id) ?? []).map((r) => r.restoId),
      deliveryMethods: p.deliveryMethods,
      totalLimit: p.totalLimit,
      perPersonLimit: p.perPersonLimit,
      daysOfWeek: p.daysOfWeek,
      firstOrderOnly: p.firstOrderOnly,
    });
    byBrand.set(p.whiteLabelId, codes);
  }
  return byBrand;
}
