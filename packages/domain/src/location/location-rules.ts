import type { DeliveryZone } from '../contracts/deliveries.ts';
import type { Resto } from '../contracts/restos.ts';
import { findTopZoneAt, type LatLng } from '../geo/geo.ts';
import {
  acceptsPaymentMethod,
  allowedPaymentMethods,
  type CustomerDeliveryMethod,
  isMethodOffered,
  type PaymentMethod,
  paymentOptionsFor,
  supportsMethod,
} from '../methods/methods.ts';

/** The part of a restaurant the location rules read; a full `Resto` fits. */
export type LocationResto = Pick<
  Resto,
  'id' | 'order' | 'address' | 'menus' | 'payConfig' | 'isDelivery' | 'isOnline' | 'isTable' | 'isTakeAway'
>;

/** The part of a delivery zone the location rules read; a full `DeliveryZone` fits. */
export type LocationZone = Pick<DeliveryZone, 'restoId' | 'polygon'> & { priority?: number | undefined };

/** docs/product.md §3 'Delivery place': address, apartment, comment, entrance, floor, intercom, location; all nullable. */
export interface DeliveryPlace {
  /**
   * The address line; null with a location is a bare point on the map, one without a street. The UI
   * names such a point in the customer's language ('Точка на карте', 'Point on the map'): a label is
   * never stored as if it were an address.
   */
  address: string | null;
  apartment: string | null;
  comment: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  location: LatLng | null;
}

/** A point chosen on the map that has no street: a location without an address line. */
export function isBarePoint(place: Pick<DeliveryPlace, 'address' | 'location'> | null): boolean {
  return !!place?.location && place.address === null;
}

export const EMPTY_DELIVERY_PLACE: Readonly<DeliveryPlace> = Object.freeze({
  address: null,
  apartment: null,
  comment: null,
  entrance: null,
  floor: null,
  intercom: null,
  location: null,
});

// ---------------------------------------------------------------------------------------------------
// Methods and restaurants of a city
// ---------------------------------------------------------------------------------------------------

/** docs/product.md §4: DELIVERY and TAKE_AWAY are offered each when some restaurant offers it; DELIVERY first. */
export function offeredMethods(restos: readonly LocationResto[]): CustomerDeliveryMethod[] {
  const methods: CustomerDeliveryMethod[] = [];
  if (restos.some((resto) => isMethodOffered(resto, 'DELIVERY'))) methods.push('DELIVERY');
  if (restos.some((resto) => isMethodOffered(resto, 'TAKE_AWAY'))) methods.push('TAKE_AWAY');
  return methods;
}

/** docs/product.md §2 item 2: the DELIVERY / TAKE_AWAY toggle is shown only when both are available. */
export function showsMethodToggle(restos: readonly LocationResto[]): boolean {
  return offeredMethods(restos).length === 2;
}

/** The zones that can take a delivery order: those whose restaurant offers DELIVERY. */
export function deliveryZones<Zone extends LocationZone>(
  zones: readonly Zone[],
  restos: readonly LocationResto[],
): Zone[] {
  const delivering = new Set(
    restos.filter((resto) => isMethodOffered(resto, 'DELIVERY')).map((resto) => resto.id),
  );
  return zones.filter((zone) => delivering.has(zone.restoId));
}

/**
 * docs/product.md §4: default method is DELIVERY when delivery restaurants and zones exist, or when no take-away
 * exists; otherwise TAKE_AWAY. Null when the city offers neither.
 */
export function defaultDeliveryMethod(
  restos: readonly LocationResto[],
  zones: readonly LocationZone[],
): CustomerDeliveryMethod | null {
  const offered = offeredMethods(restos);
  if (offered.length === 0) return null;
  const delivery = offered.includes('DELIVERY');
  const takeAway = offered.includes('TAKE_AWAY');
  if (delivery && (deliveryZones(zones, restos).length > 0 || !takeAway)) return 'DELIVERY';
  return takeAway ? 'TAKE_AWAY' : 'DELIVERY';
}

/** docs/product.md §4: pickup points are the take-away restaurants ordered by `order`, then by address. */
export function takeAwayRestos<R extends LocationResto>(restos: readonly R[]): R[] {
  return restos
    .filter((resto) => isMethodOffered(resto, 'TAKE_AWAY'))
    .sort((a, b) => a.order - b.order || a.address.ru.localeCompare(b.address.ru, 'ru'));
}

/** docs/product.md §4: switching to TAKE_AWAY selects the first take-away restaurant (by order, then address). */
export function firstTakeAwayResto<R extends LocationResto>(restos: readonly R[]): R | null {
  return takeAwayRestos(restos)[0] ?? null;
}

/**
 * docs/product.md §2 item 2: the delivery zone matching a point — among the delivering zones that contain it, the one
 * of the highest priority (0 when not given); equal priorities keep the given order, so the first one wins.
 */
export function deliveryZoneForPoint<Zone extends LocationZone>(
  point: LatLng,
  zones: readonly Zone[],
  restos: readonly LocationResto[],
): Zone | null {
  return findTopZoneAt(point, deliveryZones(zones, restos)) ?? null;
}

/** docs/product.md §4: a delivery address location inside a zone makes the zone's restaurant the selected one, otherwise none. */
export function restoForDeliveryPoint<R extends LocationResto>(
  point: LatLng,
  zones: readonly LocationZone[],
  restos: readonly R[],
): R | null {
  const zone = deliveryZoneForPoint(point, zones, restos);
  return zone ? (restos.find((resto) => resto.id === zone.restoId) ?? null) : null;
}

// ---------------------------------------------------------------------------------------------------
// A location choice
// ---------------------------------------------------------------------------------------------------

/**
 * What a customer chooses for an order's location: city, method, restaurant and delivery place. The
 * storefront's popup edits one as a draft (features/location/model/popup-steps.ts); the rules below
 * judge it wherever it comes from.
 */
export interface LocationChoice {
  cityId: number | null;
  method: CustomerDeliveryMethod | null;
  restoId: number | null;
  place: DeliveryPlace | null;
}

/** The restaurants and delivery zones of the chosen city, which the rules read. */
export interface CityLocation {
  restos: readonly LocationResto[];
  zones: readonly LocationZone[];
}

// ---------------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------------

/**
 * docs/product.md §4: on save the payment method is reset to the first allowed one for that restaurant and method
 * if the current one is not allowed. Null when the restaurant allows none (or there is no restaurant).
 */
export function paymentMethodAfterSave(
  current: PaymentMethod | null,
  resto: Pick<Resto, 'payConfig' | 'isDelivery' | 'isOnline' | 'isTable' | 'isTakeAway'> | null,
  method: CustomerDeliveryMethod,
): PaymentMethod | null {
  if (!resto || !supportsMethod(resto, method)) return null;
  const options = paymentOptionsFor(resto.payConfig, method);
  // Kept whenever the server would accept it (decision 17): the same rule the preflight applies.
  if (current !== null && acceptsPaymentMethod(options, current)) return current;
  return allowedPaymentMethods(options)[0] ?? null;
}

/**
 * Problems that block saving the popup. The UI translates them:
 * - 'no-restos' — 'Нет привязанных заведений' (docs/product.md §8)
 * - 'no-menus' — 'В заведениях выбранного города нет меню' (docs/product.md §8)
 * - 'no-zones' — 'Нет зон доставки' (docs/product.md §8)
 * - 'delivery-address-required' — 'Укажите адрес доставки' (docs/product.md §5)
 * - 'address-outside-zone' — 'Адрес не входит в зону доставки' (docs/product.md §5)
 * - 'pickup-required' — 'Выберите точку самовывоза' (docs/product.md §5)
 * - 'no-pickup-points' — 'Нет доступных пунктов самовывоза' (docs/product.md §5)
 * - 'city-required', 'method-required' — the generic 'Обязательное поле' (docs/product.md §5)
 */
const LOCATION_PROBLEM_CODES = [
  'city-required',
  'no-restos',
  'no-menus',
  'method-required',
  'no-zones',
  'delivery-address-required',
  'address-outside-zone',
  'no-pickup-points',
  'pickup-required',
] as const;
export type LocationProblemCode = (typeof LOCATION_PROBLEM_CODES)[number];

export interface LocationProblem {
  code: LocationProblemCode;
}

/** docs/product.md §5 / §8: the first reason the draft cannot be saved, or null when it can. `ctx` is the draft's city. */
export function validateLocationDraft(draft: LocationChoice, ctx: CityLocation): LocationProblem | null {
  const problem = (code: LocationProblemCode): LocationProblem => ({ code });
  if (draft.cityId === null) return problem('city-required');
  if (ctx.restos.length === 0) return problem('no-restos');
  if (ctx.restos.every((resto) => resto.menus.length === 0)) return problem('no-menus');
  if (draft.method === null) return problem('method-required');
  if (draft.method === 'DELIVERY') {
    if (deliveryZones(ctx.zones, ctx.restos).length === 0) return problem('no-zones');
    const location = draft.place?.location;
    // A bare point on the map is a delivery address too; a blank line is not.
    if (!location || !(isBarePoint(draft.place) || draft.place?.address?.trim())) {
      return problem('delivery-address-required');
    }
    if (!restoForDeliveryPoint(location, ctx.zones, ctx.restos)) return problem('address-outside-zone');
    return null;
  }
  const pickupPoints = takeAwayRestos(ctx.restos);
  if (pickupPoints.length === 0) return problem('no-pickup-points');
  if (!pickupPoints.some((resto) => resto.id === draft.restoId)) return problem('pickup-required');
  return null;
}

/** A house number: 1–4 digits at the start (after an optional 'д.'/'дом'), so a 6-digit postcode is not one. */
const HOUSE_NUMBER = /^(?:(?:д\.?|дом)\s*)?\d{1,4}(?!\d)/iu;

/**
 * docs/product.md §5: whether an address names a house — a digit-led part after the street. 'ул. Баумана, 44' and
 * 'ул. Баумана 44' do; 'ул. Баумана' and 'ул. 8 Марта' do not.
 */
export function hasHouseNumber(address: string): boolean {
  const parts = address.split(',').map((part) => part.trim());
  if (parts.length > 1) return parts.slice(1).some((part) => HOUSE_NUMBER.test(part));
  const words = address.trim().split(/\s+/);
  const last = words.at(-1) ?? '';
  return (
    words.length > 1 && HOUSE_NUMBER.test(last) && words.slice(0, -1).some((word) => /\p{L}/u.test(word))
  );
}

/**
 * docs/product.md §5: a delivery address without a house number and not yet confirmed shows the confirmation popup;
 * a bare point on the map has none either.
 */
export function needsAddressConfirmation(place: DeliveryPlace | null, confirmed: boolean): boolean {
  if (confirmed) return false;
  if (isBarePoint(place)) return true;
  const address = place?.address?.trim();
  return !!address && !hasHouseNumber(address);
}

/** docs/product.md §5: a saved location is unchanged if address and coordinates equal the saved ones. */
export function isSavedLocationUnchanged(
  saved: DeliveryPlace | null,
  current: DeliveryPlace | null,
): boolean {
  if (!saved || !current) return false;
  const a = saved.location;
  const b = current.location;
  const sameLocation = a === null || b === null ? a === b : a.lat === b.lat && a.lng === b.lng;
  return saved.address === current.address && sameLocation;
}
