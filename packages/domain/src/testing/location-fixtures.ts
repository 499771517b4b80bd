import type { DeliveryRule, DeliveryZone } from '../contracts/deliveries.ts';
import type { Resto } from '../contracts/restos.ts';
import type { LatLng } from '../geo/geo.ts';
import type { CityLocation, DeliveryPlace } from '../location/location-rules.ts';
import type { PaymentOptions } from '../methods/methods.ts';
import { minor } from '../money/money.ts';

export const PAY_NONE: PaymentOptions = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: false };
export const PAY_ALL: PaymentOptions = { cardOnline: 'shop', cardUponReceipt: true, cashUponReceipt: true };
export const PAY_CASH: PaymentOptions = { cardOnline: null, cardUponReceipt: false, cashUponReceipt: true };

type RestoOverrides = Partial<Omit<Resto, 'address'>> & { address?: string };

/** A restaurant that delivers and takes away with every payment option unless told otherwise. */
export function makeResto(id: number, overrides: RestoOverrides = {}): Resto {
  const { address = `ул. Тестовая, ${id}`, ...rest } = overrides;
  return {
    id,
    name: { ru: `Ресторан ${id}` },
    cityIds: [1],
    address: { ru: address },
    street: { ru: address.split(',')[0] ?? address },
    averageCheck: minor(150_000),
    currency: 'RUB',
    description: { ru: '' },
    emails: [],
    phones: [],
    links: [],
    location: { lat: 55.8, lng: 49.1 },
    menus: [{ id: id * 10, name: { ru: 'Меню' }, order: 1, ...methodFlags(true, true) }],
    openingHours: [],
    order: 0,
    payConfig: { delivery: PAY_ALL, takeAway: PAY_ALL },
    payEngine: 'demo',
    pays: [],
    photos: [],
    tags: [],
    timezone: '+03:00',
    ...methodFlags(true, true),
    ...rest,
  };
}

function methodFlags(isDelivery: boolean, isTakeAway: boolean) {
  return { isDelivery, isOnline: false, isTable: false, isTakeAway };
}

export function deliveryOnly(id: number, overrides: RestoOverrides = {}): Resto {
  return makeResto(id, { isTakeAway: false, ...overrides });
}

export function takeAwayOnly(id: number, overrides: RestoOverrides = {}): Resto {
  return makeResto(id, { isDelivery: false, ...overrides });
}

/** An axis-aligned rectangle polygon from its south-west to its north-east corner. */
export function rectangle(southWest: LatLng, northEast: LatLng): LatLng[] {
  return [
    southWest,
    { lat: southWest.lat, lng: northEast.lng },
    northEast,
    { lat: northEast.lat, lng: southWest.lng },
  ];
}

/** A band [min, max) costing `price`, taking `time` minutes. */
export function rule(min: number, max: number | null, price: number, time = 60): DeliveryRule {
  return {
    orderPrice: { min: minor(min), max: max === null ? null : minor(max) },
    deliveryPrice: minor(price),
    time,
  };
}

export function makeZone(
  id: number,
  restoId: number,
  polygon: LatLng[] = rectangle({ lat: 55.7, lng: 49.0 }, { lat: 55.9, lng: 49.2 }),
  rules: DeliveryRule[] = [rule(0, null, 0)],
): DeliveryZone {
  return { id, name: { ru: `Зона ${id}` }, restoId, polygon, rules };
}

export function makeContext(overrides: Partial<CityLocation> = {}): CityLocation {
  return { restos: [], zones: [], ...overrides };
}

export function makePlace(overrides: Partial<DeliveryPlace> = {}): DeliveryPlace {
  return {
    address: 'ул. Баумана, 44',
    apartment: null,
    comment: null,
    entrance: null,
    floor: null,
    intercom: null,
    location: { lat: 55.8, lng: 49.1 },
    ...overrides,
  };
}
