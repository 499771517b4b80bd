import type { ModifierGroup } from '../catalog/modifier-rules.ts';
import type { PreflightPosition, PreflightRequest } from '../contracts/preflight.ts';
import { minor } from '../money/money.ts';
import type { PricingCatalog, PromoCodeDefinition, PromoLookup } from '../preflight/price-cart.ts';
import type { OpeningHoursDay } from '../schedule/schedule.ts';
import { makeResto, makeZone, rectangle, rule } from './location-fixtures.ts';

/** Every day the same hours (e.g. 10:00–22:00, or 11:00–02:00 past midnight). */
export function everyDay(open: string, close: string): OpeningHoursDay[] {
  return ([1, 2, 3, 4, 5, 6, 7] as const).map((dayOfWeek) => ({ dayOfWeek, active: true, open, close }));
}

/** Menu 10 of restaurant 1: delivered and taken away; menu 11: take-away only. */
export const PRICING_RESTO_ID = 1;
export const MENU_BOTH = 10;
export const MENU_TAKE_AWAY = 11;

/** Positions of the pricing catalog: 101 (350 ₽), 102 (590 ₽, with modifiers), 103 (take-away menu), 104 (lunch). */
export const ROLL = 101;
export const BOWL = 102;
export const PICKUP_ONLY = 103;
export const LUNCH = 104;
/** A position of another restaurant's menu (menu 20). */
export const FOREIGN = 201;

/** Bowl's groups: a required sauce (exactly one, group 1 of modifier 500) and up to three toppings. */
export const BOWL_GROUPS: (ModifierGroup & { modifierId: number })[] = [
  {
    id: 1,
    modifierId: 500,
    minCount: 1,
    maxCount: 1,
    items: [
      { id: 5001, price: minor(0) },
      { id: 5002, price: minor(5_000) },
    ],
  },
  {
    id: 2,
    modifierId: 600,
    minCount: 0,
    maxCount: 3,
    items: [
      { id: 6001, price: minor(7_000) },
      { id: 6002, price: minor(9_000) },
    ],
  },
];

/** The zone around Kazan's centre: below 500 ₽ not delivered, 500–1500 ₽ for 200 ₽, 1500–5000 ₽ free. */
export const PRICING_ZONE_RULES = [rule(50_000, 150_000, 20_000), rule(150_000, 500_000, 0)];
export const INSIDE_ZONE = { lat: 55.8, lng: 49.1 };
export const OUTSIDE_ZONE = { lat: 56.5, lng: 50.5 };

/** A restaurant open 10:00–22:00 Moscow time every day, with the catalog above. */
export function makePricingCatalog(overrides: Partial<PricingCatalog> = {}): PricingCatalog {
  const resto = makeResto(PRICING_RESTO_ID, {
    openingHours: everyDay('10:00', '22:00'),
    menus: [
      {
        id: MENU_BOTH,
        name: { ru: 'Основное' },
        order: 1,
        isDelivery: true,
        isOnline: false,
        isTable: false,
        isTakeAway: true,
      },
      {
        id: MENU_TAKE_AWAY,
        name: { ru: 'С собой' },
        order: 2,
        isDelivery: false,
        isOnline: false,
        isTable: false,
        isTakeAway: true,
      },
    ],
  });
  return {
    resto,
    positions: new Map([
      [ROLL, { id: ROLL, menu: { id: MENU_BOTH }, price: minor(35_000) }],
      [BOWL, { id: BOWL, menu: { id: MENU_BOTH }, price: minor(59_000) }],
      [PICKUP_ONLY, { id: PICKUP_ONLY, menu: { id: MENU_TAKE_AWAY }, price: minor(25_000) }],
      [LUNCH, { id: LUNCH, menu: { id: MENU_BOTH }, price: minor(45_000) }],
      [FOREIGN, { id: FOREIGN, menu: { id: 20 }, price: minor(10_000) }],
    ]),
    modifiers: new Map([[BOWL, BOWL_GROUPS]]),
    timeSlots: [
      {
        id: 1,
        positionIds: [LUNCH],
        details: ([1, 2, 3, 4, 5] as const).map((dayOfWeek) => ({
          dayOfWeek,
          startAt: '11:00',
          endAt: '16:00',
          isActive: true,
        })),
      },
    ],
    zones: [
      makeZone(
        7,
        PRICING_RESTO_ID,
        rectangle({ lat: 55.7, lng: 49.0 }, { lat: 55.9, lng: 49.2 }),
        PRICING_ZONE_RULES,
      ),
    ],
    preOrder: { minTimeMinutes: 60, dayInAdvance: 2, hours: [] },
    preOrderEnabled: true,
    ...overrides,
  };
}

export function line(id: number, count = 1, extra: Partial<PreflightPosition> = {}): PreflightPosition {
  return {
    id,
    menu: { id: id === PICKUP_ONLY ? MENU_TAKE_AWAY : id === FOREIGN ? 20 : MENU_BOTH },
    count,
    ...extra,
  };
}

/** A delivery paid online to a point inside the zone, for now. */
export function makePricingRequest(overrides: Partial<PreflightRequest> = {}): PreflightRequest {
  return {
    deliveryType: 'DELIVERY',
    payType: 'CARD_ONLINE',
    restoId: PRICING_RESTO_ID,
    positions: [line(ROLL, 2)],
    location: INSIDE_ZONE,
    address: 'ул. Баумана, 44',
    ...overrides,
  };
}

/** A code of 10 % with no limits, valid at any time. */
export function makePromoCode(overrides: Partial<PromoCodeDefinition> = {}): PromoCodeDefinition {
  return {
    id: 1,
    code: 'SUSHI10',
    kind: 'percent',
    value: 10,
    maxDiscountAmount: null,
    minOrderAmount: null,
    startsAt: null,
    endsAt: null,
    active: true,
    hours: null,
    restoIds: [],
    deliveryMethods: [],
    totalLimit: null,
    perPersonLimit: null,
    ...overrides,
  };
}

export function foundPromo(
  overrides: Partial<PromoCodeDefinition> = {},
  usage: { usedCount?: number; usedByPerson?: number | null; hasEarlierOrder?: boolean | null } = {},
): PromoLookup {
  return {
    kind: 'found',
    definition: makePromoCode(overrides),
    usedCount: usage.usedCount ?? 0,
    usedByPerson: usage.usedByPerson === undefined ? 0 : usage.usedByPerson,
    ...(usage.hasEarlierOrder === undefined ? {} : { hasEarlierOrder: usage.hasEarlierOrder }),
  };
}

/** Wednesday 2026-11-25 13:00 Moscow (10:00 UTC): open, and within the lunch slot. */
export const WEDNESDAY_LUNCH_MS = Date.parse('2026-11-25T13:00:00+03:00');
