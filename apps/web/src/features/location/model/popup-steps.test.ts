import { describe, expect, it } from 'vitest';
import {
  deliveryOnly,
  makeContext,
  makePlace,
  makeResto,
  makeZone,
  rectangle,
  takeAwayOnly,
} from '../../../test/fixtures/location-fixtures.ts';
import {
  autoSelectedCityId,
  canGoBackToCities,
  chooseCity,
  clearCity,
  draftFromSaved,
  initialStep,
  type LocationDraft,
  selectPickupResto,
  setDeliveryPoint,
  switchMethod,
} from './popup-steps.ts';

const centre = { lat: 55.8, lng: 49.1 };
const north = { lat: 56.0, lng: 49.1 };
const faraway = { lat: 50, lng: 30 };
const northPolygon = rectangle({ lat: 55.9, lng: 49.0 }, { lat: 56.1, lng: 49.2 });

const emptyDraft: LocationDraft = {
  step: 'citySelection',
  cityId: null,
  method: null,
  restoId: null,
  place: null,
};

describe('location popup steps (docs/product.md §2 item 2, §4)', () => {
  it('initialStep: skips the city step when only one city exists', () => {
    expect(initialStep(1, emptyDraft)).toBe('deliveryMethodSelection');
    expect(initialStep(3, emptyDraft)).toBe('citySelection');
    expect(initialStep(3, { cityId: 2 })).toBe('deliveryMethodSelection');
    expect(initialStep(0, emptyDraft)).toBe('citySelection');
  });

  it('autoSelectedCityId: the only city is selected without asking', () => {
    expect(autoSelectedCityId([7])).toBe(7);
    expect(autoSelectedCityId([7, 8])).toBeNull();
    expect(autoSelectedCityId([])).toBeNull();
  });

  it('canGoBackToCities: unless only one city exists', () => {
    expect(canGoBackToCities(1)).toBe(false);
    expect(canGoBackToCities(2)).toBe(true);
  });

  it('draftFromSaved: opens on the saved values, at the method step when a city is saved', () => {
    const saved = { cityId: 1, method: 'DELIVERY' as const, restoId: 1, place: makePlace() };
    expect(draftFromSaved(saved, 3)).toEqual({ ...saved, step: 'deliveryMethodSelection' });
    expect(draftFromSaved({ ...saved, cityId: null }, 3).step).toBe('citySelection');
  });
});

describe('chooseCity (docs/product.md §4)', () => {
  it('moves to method selection with the city default method, and no restaurant for delivery', () => {
    const ctx = makeContext({ restos: [makeResto(1)], zones: [makeZone(1, 1)] });
    expect(chooseCity(emptyDraft, 5, ctx)).toEqual({
      step: 'deliveryMethodSelection',
      cityId: 5,
      method: 'DELIVERY',
      restoId: null,
      place: null,
    });
  });

  it('selects the first pickup point when the default is TAKE_AWAY', () => {
    const ctx = makeContext({ restos: [takeAwayOnly(1, { order: 2 }), takeAwayOnly(2, { order: 1 })] });
    expect(chooseCity(emptyDraft, 5, ctx)).toMatchObject({ method: 'TAKE_AWAY', restoId: 2 });
  });

  it('clears the restaurant and place when the city changes', () => {
    const draft: LocationDraft = {
      step: 'citySelection',
      cityId: 1,
      method: 'DELIVERY',
      restoId: 1,
      place: makePlace(),
    };
    const ctx = makeContext({ restos: [makeResto(9)], zones: [makeZone(9, 9)] });
    expect(chooseCity(draft, 2, ctx)).toMatchObject({ cityId: 2, restoId: null, place: null });
  });

  it('keeps everything when the same city is chosen again', () => {
    const draft: LocationDraft = {
      step: 'citySelection',
      cityId: 1,
      method: 'TAKE_AWAY',
      restoId: 3,
      place: makePlace(),
    };
    expect(chooseCity(draft, 1, makeContext())).toEqual({ ...draft, step: 'deliveryMethodSelection' });
  });

  it('leaves the method null when the city offers nothing', () => {
    expect(chooseCity(emptyDraft, 5, makeContext()).method).toBeNull();
  });
});

describe('clearCity (docs/product.md §4)', () => {
  it('returns to city selection and drops what belonged to the city', () => {
    const draft: LocationDraft = {
      step: 'deliveryMethodSelection',
      cityId: 1,
      method: 'DELIVERY',
      restoId: 1,
      place: makePlace(),
    };
    expect(clearCity(draft)).toEqual(emptyDraft);
  });
});

describe('switchMethod (docs/product.md §4)', () => {
  const restos = [
    deliveryOnly(1),
    takeAwayOnly(2, { order: 1, address: 'ул. Ямашева, 1' }),
    takeAwayOnly(3, { order: 1, address: 'ул. Баумана, 2' }),
  ];
  const zones = [makeZone(1, 1)];
  const saved = makeContext({ restos, zones, savedCityId: 1, savedRestoId: 1 });
  const delivering: LocationDraft = {
    step: 'deliveryMethodSelection',
    cityId: 1,
    method: 'DELIVERY',
    restoId: 1,
    place: null,
  };

  it('to TAKE_AWAY selects the first pickup point by order then address, keeping the place', () => {
    const withPlace = { ...delivering, place: makePlace() };
    expect(switchMethod(withPlace, 'TAKE_AWAY', saved)).toEqual({
      ...withPlace,
      method: 'TAKE_AWAY',
      restoId: 3,
    });
  });

  it('to TAKE_AWAY selects none when there is no pickup point', () => {
    const ctx = makeContext({ restos: [deliveryOnly(1)], zones });
    expect(switchMethod(delivering, 'TAKE_AWAY', ctx).restoId).toBeNull();
  });

  it('back to DELIVERY in the same city restores the previous (saved) restaurant', () => {
    const away = switchMethod(delivering, 'TAKE_AWAY', saved);
    expect(switchMethod(away, 'DELIVERY', saved)).toEqual(delivering);
  });

  it('back to DELIVERY in another city selects none', () => {
    const other: LocationDraft = { ...delivering, cityId: 2, method: 'TAKE_AWAY', restoId: 3 };
    expect(switchMethod(other, 'DELIVERY', saved).restoId).toBeNull();
  });

  it('back to DELIVERY does not restore a saved pickup point that does not deliver', () => {
    const ctx = { ...saved, savedRestoId: 2 };
    const away: LocationDraft = { ...delivering, method: 'TAKE_AWAY', restoId: 2 };
    expect(switchMethod(away, 'DELIVERY', ctx).restoId).toBeNull();
  });

  it('back to DELIVERY with a located place selects that place zone restaurant', () => {
    const outside: LocationDraft = {
      ...delivering,
      method: 'TAKE_AWAY',
      restoId: 3,
      place: makePlace({ location: faraway }),
    };
    expect(switchMethod(outside, 'DELIVERY', saved).restoId).toBeNull();
    const inside: LocationDraft = { ...outside, cityId: 2, place: makePlace({ location: centre }) };
    expect(switchMethod(inside, 'DELIVERY', saved).restoId).toBe(1);
  });

  it('switching to the current method changes nothing', () => {
    expect(switchMethod(delivering, 'DELIVERY', saved)).toBe(delivering);
  });
});

describe('setDeliveryPoint (docs/product.md §4)', () => {
  const ctx = makeContext({
    restos: [makeResto(1), makeResto(2), takeAwayOnly(3)],
    zones: [
      makeZone(1, 1),
      makeZone(2, 2, northPolygon),
      makeZone(3, 3, rectangle(faraway, { lat: 51, lng: 31 })),
    ],
  });
  const draft: LocationDraft = {
    ...emptyDraft,
    step: 'deliveryMethodSelection',
    cityId: 1,
    method: 'DELIVERY',
  };

  it('selects the restaurant of the zone holding the point', () => {
    const place = makePlace({ location: north });
    expect(setDeliveryPoint(draft, place, ctx)).toEqual({ ...draft, place, restoId: 2 });
  });

  it('selects none for a point outside every zone, or in a zone whose restaurant does not deliver', () => {
    expect(setDeliveryPoint(draft, makePlace({ location: { lat: 0, lng: 0 } }), ctx).restoId).toBeNull();
    expect(
      setDeliveryPoint(draft, makePlace({ location: { lat: 50.5, lng: 30.5 } }), ctx).restoId,
    ).toBeNull();
  });

  it('selects none for a place without a location', () => {
    expect(setDeliveryPoint({ ...draft, restoId: 1 }, makePlace({ location: null }), ctx).restoId).toBeNull();
  });

  it('keeps the pickup point in take-away mode', () => {
    const away: LocationDraft = { ...draft, method: 'TAKE_AWAY', restoId: 3 };
    expect(setDeliveryPoint(away, makePlace(), ctx)).toMatchObject({ restoId: 3, place: makePlace() });
  });
});

describe('selectPickupResto', () => {
  it('selectPickupResto: selects the picked restaurant', () => {
    expect(selectPickupResto({ ...emptyDraft, restoId: 1 }, 4).restoId).toBe(4);
  });
});
