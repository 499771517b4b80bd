import {
  type CityLocation,
  type CustomerDeliveryMethod,
  type DeliveryPlace,
  defaultDeliveryMethod,
  firstTakeAwayResto,
  isMethodOffered,
  type LocationChoice,
  restoForDeliveryPoint,
} from '@storefront/domain';

/*
 * The location popup's steps: which screen it shows and how each choice moves the draft on. This is the
 * popup's flow, so it lives with the popup; the rules it applies (default method, pickup order, zone
 * matching) are the domain's, shared with the server.
 */

/** docs/product.md §4: step is citySelection or deliveryMethodSelection. */
export type LocationStep = 'citySelection' | 'deliveryMethodSelection';

/** What the location popup edits; written back on save, dropped (back to the saved values) on close. */
export interface LocationDraft extends LocationChoice {
  step: LocationStep;
}

/** The last saved selections (docs/product.md §3 'Selections' and the order draft's delivery place). */
export type SavedLocation = LocationChoice;

/** The data of the draft's city the transitions read, and what was last saved. */
export interface LocationContext extends CityLocation {
  savedCityId: number | null;
  savedRestoId: number | null;
}

/** docs/product.md §2 item 2: the city step is skipped when only one city exists; a chosen city opens the method step. */
export function initialStep(cityCount: number, draft: Pick<LocationDraft, 'cityId'>): LocationStep {
  return cityCount === 1 || draft.cityId !== null ? 'deliveryMethodSelection' : 'citySelection';
}

/** docs/product.md §2 item 2: with only one city it is selected without asking; null when there is a choice to make. */
export function autoSelectedCityId(cityIds: readonly number[]): number | null {
  return cityIds.length === 1 ? (cityIds[0] ?? null) : null;
}

/** docs/product.md §4: the city header can be clicked to go back unless only one city exists. */
export function canGoBackToCities(cityCount: number): boolean {
  return cityCount > 1;
}

/** docs/product.md §4: when the popup closes (or opens), state is the last saved values. */
export function draftFromSaved(saved: SavedLocation, cityCount: number): LocationDraft {
  return { ...saved, step: initialStep(cityCount, saved) };
}

/**
 * docs/product.md §4: choosing a city moves to delivery method selection. Choosing another city than the draft's
 * sets that city's default method and drops the restaurant and place, which belonged to the old city
 * (for TAKE_AWAY the first pickup point is selected, as on a switch). `ctx` describes the chosen city.
 */
export function chooseCity(draft: LocationDraft, cityId: number, ctx: LocationContext): LocationDraft {
  if (cityId === draft.cityId) return { ...draft, step: 'deliveryMethodSelection' };
  const method = defaultDeliveryMethod(ctx.restos, ctx.zones);
  return {
    step: 'deliveryMethodSelection',
    cityId,
    method,
    restoId: method === 'TAKE_AWAY' ? (firstTakeAwayResto(ctx.restos)?.id ?? null) : null,
    place: null,
  };
}

/** docs/product.md §4: clearing the city returns to city selection; what belonged to the city goes with it. */
export function clearCity(draft: LocationDraft): LocationDraft {
  return { ...draft, step: 'citySelection', cityId: null, method: null, restoId: null, place: null };
}

/**
 * docs/product.md §4: switching to TAKE_AWAY selects the first take-away restaurant ordered by order then address.
 * Switching to DELIVERY restores the previous restaurant if the city is unchanged, otherwise none.
 * The place is kept across switches. Back on DELIVERY a located place decides the restaurant (its zone's
 * restaurant, docs/product.md §4); without one, the saved restaurant comes back when the city is the saved one and
 * it delivers.
 */
export function switchMethod(
  draft: LocationDraft,
  method: CustomerDeliveryMethod,
  ctx: LocationContext,
): LocationDraft {
  if (method === draft.method) return draft;
  if (method === 'TAKE_AWAY') {
    return { ...draft, method, restoId: firstTakeAwayResto(ctx.restos)?.id ?? null };
  }
  return { ...draft, method, restoId: previousDeliveryRestoId(draft, ctx) };
}

function previousDeliveryRestoId(draft: LocationDraft, ctx: LocationContext): number | null {
  const location = draft.place?.location;
  if (location) return restoForDeliveryPoint(location, ctx.zones, ctx.restos)?.id ?? null;
  if (draft.cityId === null || draft.cityId !== ctx.savedCityId) return null;
  const saved = ctx.restos.find((resto) => resto.id === ctx.savedRestoId);
  return saved && isMethodOffered(saved, 'DELIVERY') ? saved.id : null;
}

/**
 * docs/product.md §4: a delivery address location inside a zone makes the zone's restaurant the selected one,
 * otherwise none. In TAKE_AWAY the place is only stored: the pickup point stays selected.
 */
export function setDeliveryPoint(
  draft: LocationDraft,
  place: DeliveryPlace,
  ctx: LocationContext,
): LocationDraft {
  if (draft.method === 'TAKE_AWAY') return { ...draft, place };
  const restoId = place.location
    ? (restoForDeliveryPoint(place.location, ctx.zones, ctx.restos)?.id ?? null)
    : null;
  return { ...draft, place, restoId };
}

/** docs/product.md §2 item 2: take-away shows a radio list of pickup points; picking one selects that restaurant. */
export function selectPickupResto(draft: LocationDraft, restoId: number): LocationDraft {
  return { ...draft, restoId };
}
