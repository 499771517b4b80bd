import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPointInPolygon, type LatLng } from '../geo/geo.ts';
import {
  deliveryOnly,
  makeContext,
  makePlace,
  makeResto,
  makeZone,
  PAY_ALL,
  PAY_CASH,
  PAY_NONE,
  rectangle,
  takeAwayOnly,
} from '../testing/location-fixtures.ts';
import { DELIVERY_COMMENT_MAX } from './delivery-details.ts';
import {
  defaultDeliveryMethod,
  deliveryZoneForPoint,
  firstTakeAwayResto,
  hasHouseNumber,
  isBarePoint,
  isSavedLocationUnchanged,
  type LocationChoice,
  needsAddressConfirmation,
  offeredMethods,
  paymentMethodAfterSave,
  restoForDeliveryPoint,
  showsMethodToggle,
  takeAwayRestos,
  validateLocationDraft,
} from './location-rules.ts';

const centre: LatLng = { lat: 55.8, lng: 49.1 };
const north: LatLng = { lat: 56.0, lng: 49.1 };
const faraway: LatLng = { lat: 50, lng: 30 };
const northPolygon = rectangle({ lat: 55.9, lng: 49.0 }, { lat: 56.1, lng: 49.2 });

describe('offeredMethods (docs/product.md §4)', () => {
  it('offers a method when some restaurant offers it, DELIVERY first', () => {
    expect(offeredMethods([takeAwayOnly(1), deliveryOnly(2)])).toEqual(['DELIVERY', 'TAKE_AWAY']);
    expect(offeredMethods([deliveryOnly(1)])).toEqual(['DELIVERY']);
    expect(offeredMethods([])).toEqual([]);
  });

  it('does not offer a method without a payment option for it', () => {
    const resto = makeResto(1, { payConfig: { delivery: PAY_NONE, takeAway: PAY_CASH } });
    expect(offeredMethods([resto])).toEqual(['TAKE_AWAY']);
  });

  it('showsMethodToggle: only when both methods are offered', () => {
    expect(showsMethodToggle([deliveryOnly(1), takeAwayOnly(2)])).toBe(true);
    expect(showsMethodToggle([deliveryOnly(1)])).toBe(false);
  });
});

describe('defaultDeliveryMethod (docs/product.md §4)', () => {
  it('is DELIVERY when delivery restaurants and zones exist', () => {
    expect(defaultDeliveryMethod([makeResto(1)], [makeZone(1, 1)])).toBe('DELIVERY');
  });

  it('is TAKE_AWAY when there are no zones and take-away exists', () => {
    expect(defaultDeliveryMethod([makeResto(1)], [])).toBe('TAKE_AWAY');
  });

  it('ignores zones whose restaurant does not deliver', () => {
    expect(defaultDeliveryMethod([deliveryOnly(1), takeAwayOnly(2)], [makeZone(1, 2)])).toBe('TAKE_AWAY');
  });

  it('is DELIVERY when no take-away exists, even without zones', () => {
    expect(defaultDeliveryMethod([deliveryOnly(1)], [])).toBe('DELIVERY');
  });

  it('is TAKE_AWAY when nothing delivers, and null when nothing is offered', () => {
    expect(defaultDeliveryMethod([takeAwayOnly(1)], [makeZone(1, 1)])).toBe('TAKE_AWAY');
    expect(defaultDeliveryMethod([], [])).toBeNull();
    expect(defaultDeliveryMethod([makeResto(1, { isDelivery: false, isTakeAway: false })], [])).toBeNull();
  });
});

describe('takeAwayRestos and firstTakeAwayResto (docs/product.md §4)', () => {
  it('lists take-away restaurants by order', () => {
    const restos = [makeResto(1, { order: 3 }), deliveryOnly(2, { order: 0 }), takeAwayOnly(3, { order: 1 })];
    expect(takeAwayRestos(restos).map((r) => r.id)).toEqual([3, 1]);
  });

  it('breaks a tie in order by address, in Russian collation', () => {
    const restos = [
      makeResto(1, { address: 'ул. Ямашева, 10' }),
      makeResto(2, { address: 'ул. Баумана, 44' }),
      makeResto(3, { address: 'пр. Победы, 1' }),
    ];
    expect(takeAwayRestos(restos).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(firstTakeAwayResto(restos)?.id).toBe(3);
  });

  it('does not reorder its input', () => {
    const restos = [makeResto(1, { order: 2 }), makeResto(2, { order: 1 })];
    takeAwayRestos(restos);
    expect(restos.map((r) => r.id)).toEqual([1, 2]);
  });

  it('firstTakeAwayResto is null without take-away', () => {
    expect(firstTakeAwayResto([deliveryOnly(1)])).toBeNull();
  });
});

describe('restoForDeliveryPoint (docs/product.md §4)', () => {
  const restos = [makeResto(1), makeResto(2)];
  const zones = [makeZone(1, 1), makeZone(2, 2, northPolygon)];

  it('is the restaurant of the zone containing the point', () => {
    expect(restoForDeliveryPoint(centre, zones, restos)?.id).toBe(1);
    expect(restoForDeliveryPoint(north, zones, restos)?.id).toBe(2);
  });

  it('is null for a point outside every zone', () => {
    expect(restoForDeliveryPoint(faraway, zones, restos)).toBeNull();
  });

  it('skips a zone whose restaurant does not deliver and takes the next one', () => {
    const overlapping = [makeZone(1, 1), makeZone(2, 2)];
    expect(restoForDeliveryPoint(centre, overlapping, [takeAwayOnly(1), makeResto(2)])?.id).toBe(2);
    expect(restoForDeliveryPoint(centre, [makeZone(1, 1)], [takeAwayOnly(1)])).toBeNull();
  });

  it('is null when the zone restaurant is not among the city restaurants', () => {
    expect(restoForDeliveryPoint(centre, [makeZone(1, 99)], restos)).toBeNull();
  });

  it('deliveryZoneForPoint picks the highest priority among overlapping zones, the first on a tie', () => {
    const low = { ...makeZone(1, 1), priority: 0 };
    const high = { ...makeZone(2, 2), priority: 5 };
    expect(deliveryZoneForPoint(centre, [low, high], restos)?.id).toBe(2);
    expect(deliveryZoneForPoint(centre, [high, low], restos)?.id).toBe(2);
    const tie = { ...makeZone(3, 2), priority: 5 };
    expect(deliveryZoneForPoint(centre, [low, high, tie], restos)?.id).toBe(2);
    expect(deliveryZoneForPoint(centre, [tie, high], restos)?.id).toBe(3);
    // a zone without a priority counts as 0; a higher one that misses the point does not win
    expect(
      deliveryZoneForPoint(centre, [makeZone(4, 1), { ...makeZone(5, 2, northPolygon), priority: 9 }], restos)
        ?.id,
    ).toBe(4);
    // a negative priority loses to a zone without one
    expect(
      deliveryZoneForPoint(centre, [{ ...makeZone(6, 1), priority: -1 }, makeZone(7, 2)], restos)?.id,
    ).toBe(7);
  });

  it('property: the chosen zone holds the point and no zone holding it has a higher priority', () => {
    const coordinate = fc.double({ min: 0, max: 10, noNaN: true });
    const box = fc
      .tuple(coordinate, coordinate, coordinate, coordinate)
      .filter(([a, b, c, d]) => a !== c && b !== d)
      .map(([a, b, c, d]) =>
        rectangle({ lat: Math.min(a, c), lng: Math.min(b, d) }, { lat: Math.max(a, c), lng: Math.max(b, d) }),
      );
    const zoneArb = fc.record({ polygon: box, priority: fc.integer({ min: -2, max: 3 }) });
    fc.assert(
      fc.property(fc.array(zoneArb, { maxLength: 6 }), coordinate, coordinate, (drawn, lat, lng) => {
        const zones = drawn.map((z, i) => ({ ...makeZone(i + 1, 1, z.polygon), priority: z.priority }));
        const point = { lat, lng };
        const holding = zones.filter((z) => isPointInPolygon(point, z.polygon));
        const chosen = deliveryZoneForPoint(point, zones, [makeResto(1)]);
        if (holding.length === 0) return chosen === null;
        const top = Math.max(...holding.map((z) => z.priority));
        return chosen === holding.find((z) => z.priority === top);
      }),
    );
  });

  it('deliveryZoneForPoint returns the matching delivering zone', () => {
    expect(deliveryZoneForPoint(north, zones, restos)?.id).toBe(2);
    expect(deliveryZoneForPoint(faraway, zones, restos)).toBeNull();
  });

  it('property: never returns a restaurant none of whose zones contain the point', () => {
    const coordinate = fc.double({ min: 0, max: 10, noNaN: true });
    const box = fc
      .tuple(coordinate, coordinate, coordinate, coordinate)
      .filter(([a, b, c, d]) => a !== c && b !== d)
      .map(([a, b, c, d]) =>
        rectangle({ lat: Math.min(a, c), lng: Math.min(b, d) }, { lat: Math.max(a, c), lng: Math.max(b, d) }),
      );
    const zoneArb = fc.record({ restoId: fc.integer({ min: 1, max: 4 }), polygon: box });
    const restoArb = fc.record({ id: fc.integer({ min: 1, max: 4 }), delivers: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(zoneArb, { maxLength: 6 }),
        fc.uniqueArray(restoArb, { selector: (r) => r.id, maxLength: 4 }),
        fc.record({ lat: coordinate, lng: coordinate }),
        (zoneSpecs, restoSpecs, point) => {
          const zones = zoneSpecs.map((z, i) => makeZone(i + 1, z.restoId, z.polygon));
          const cityRestos = restoSpecs.map((r) => makeResto(r.id, { isDelivery: r.delivers }));
          const found = restoForDeliveryPoint(point, zones, cityRestos);
          if (found === null) {
            // None of the delivering restaurants has a zone holding the point.
            return cityRestos
              .filter((r) => r.isDelivery)
              .every((r) => !zones.some((z) => z.restoId === r.id && isPointInPolygon(point, z.polygon)));
          }
          return (
            found.isDelivery &&
            zones.some((z) => z.restoId === found.id && isPointInPolygon(point, z.polygon))
          );
        },
      ),
    );
  });
});

describe('paymentMethodAfterSave (docs/product.md §4)', () => {
  const resto = makeResto(1, { payConfig: { delivery: PAY_ALL, takeAway: PAY_CASH } });

  it('keeps the current method when the restaurant allows it for the method', () => {
    expect(paymentMethodAfterSave('CASH_UPON_RECEIPT', resto, 'DELIVERY')).toBe('CASH_UPON_RECEIPT');
  });

  it('resets to the first allowed one when the current one is not allowed', () => {
    expect(paymentMethodAfterSave('CARD_ONLINE', resto, 'TAKE_AWAY')).toBe('CASH_UPON_RECEIPT');
    expect(paymentMethodAfterSave(null, resto, 'DELIVERY')).toBe('CARD_ONLINE');
  });

  it('is null when nothing is allowed, the restaurant lacks the method, or there is no restaurant', () => {
    const noPay = makeResto(1, { payConfig: { delivery: PAY_NONE, takeAway: PAY_NONE } });
    expect(paymentMethodAfterSave('CARD_ONLINE', noPay, 'DELIVERY')).toBeNull();
    expect(paymentMethodAfterSave('CARD_ONLINE', deliveryOnly(1), 'TAKE_AWAY')).toBeNull();
    expect(paymentMethodAfterSave('CARD_ONLINE', null, 'DELIVERY')).toBeNull();
  });
});

describe('validateLocationDraft (docs/product.md §5, §8)', () => {
  const restos = [makeResto(1), takeAwayOnly(2)];
  const ctx = makeContext({ restos, zones: [makeZone(1, 1)] });
  const delivery: LocationChoice = {
    cityId: 1,
    method: 'DELIVERY',
    restoId: 1,
    place: makePlace(),
  };
  const code = (draft: LocationChoice, context = ctx) => validateLocationDraft(draft, context)?.code ?? null;

  it('accepts a delivery address inside a zone and a chosen pickup point', () => {
    expect(code(delivery)).toBeNull();
    expect(code({ ...delivery, method: 'TAKE_AWAY', restoId: 2 })).toBeNull();
  });

  it('requires a city and a method', () => {
    expect(code({ ...delivery, cityId: null })).toBe('city-required');
    expect(code({ ...delivery, method: null })).toBe('method-required');
  });

  it('reports a city without restaurants, without menus, or without zones', () => {
    expect(code(delivery, makeContext())).toBe('no-restos');
    expect(code(delivery, { ...ctx, restos: [makeResto(1, { menus: [] })] })).toBe('no-menus');
    expect(code(delivery, { ...ctx, zones: [] })).toBe('no-zones');
    expect(code(delivery, { ...ctx, zones: [makeZone(2, 2)] })).toBe('no-zones');
  });

  it('requires a delivery address with a location', () => {
    expect(code({ ...delivery, place: null })).toBe('delivery-address-required');
    expect(code({ ...delivery, place: makePlace({ address: '  ' }) })).toBe('delivery-address-required');
    expect(code({ ...delivery, place: makePlace({ location: null }) })).toBe('delivery-address-required');
    expect(code({ ...delivery, place: makePlace({ address: null, location: null }) })).toBe(
      'delivery-address-required',
    );
  });

  it('accepts a bare point on the map inside a zone as the delivery address', () => {
    expect(code({ ...delivery, place: makePlace({ address: null }) })).toBeNull();
  });

  it('rejects an address outside the delivery zones', () => {
    expect(code({ ...delivery, place: makePlace({ location: faraway }) })).toBe('address-outside-zone');
  });

  it('requires a pickup point, and reports when there is none', () => {
    const away: LocationChoice = { ...delivery, method: 'TAKE_AWAY', restoId: null };
    expect(code(away)).toBe('pickup-required');
    expect(code({ ...away, restoId: 1 }, { ...ctx, restos: [deliveryOnly(1), takeAwayOnly(2)] })).toBe(
      'pickup-required',
    );
    expect(code(away, { ...ctx, restos: [deliveryOnly(1)] })).toBe('no-pickup-points');
  });
});

describe('hasHouseNumber (docs/product.md §5)', () => {
  it.each([
    ['ул. Баумана, 44', true],
    ['ул. Баумана, 44а', true],
    ['ул. Баумана, д. 44/2', true],
    ['ул. Баумана 44', true],
    ['ул. Баумана, 44, Казань, 420111', true],
    ['ул. Баумана', false],
    ['ул. 8 Марта', false],
    ['Казань, ул. 8 Марта', false],
    ['ул. Баумана, Казань, 420111', false],
    ['', false],
    ['44', false],
  ])('%s → %s', (address, expected) => {
    expect(hasHouseNumber(address)).toBe(expected);
  });
});

describe('needsAddressConfirmation (docs/product.md §5)', () => {
  it('asks for confirmation when the delivery address has no house number', () => {
    expect(needsAddressConfirmation(makePlace({ address: 'ул. Баумана' }), false)).toBe(true);
  });

  it('asks for confirmation of a bare point on the map, which has no house either', () => {
    expect(needsAddressConfirmation(makePlace({ address: null }), false)).toBe(true);
    expect(needsAddressConfirmation(makePlace({ address: null }), true)).toBe(false);
  });

  it('does not ask once confirmed, with a house number, or without an address', () => {
    expect(needsAddressConfirmation(makePlace({ address: 'ул. Баумана' }), true)).toBe(false);
    expect(needsAddressConfirmation(makePlace({ address: 'ул. Баумана, 44' }), false)).toBe(false);
    expect(needsAddressConfirmation(makePlace({ address: null, location: null }), false)).toBe(false);
    expect(needsAddressConfirmation(null, false)).toBe(false);
  });
});

describe('isBarePoint', () => {
  it('is a location without an address line', () => {
    expect(isBarePoint(makePlace({ address: null }))).toBe(true);
    expect(isBarePoint(makePlace())).toBe(false);
    expect(isBarePoint(makePlace({ address: null, location: null }))).toBe(false);
    expect(isBarePoint(null)).toBe(false);
  });
});

describe('isSavedLocationUnchanged (docs/product.md §5)', () => {
  it('is unchanged when address and coordinates are equal, whatever the other fields', () => {
    expect(isSavedLocationUnchanged(makePlace(), makePlace({ apartment: '5', comment: 'x' }))).toBe(true);
  });

  it('is changed when the address or a coordinate differs', () => {
    expect(isSavedLocationUnchanged(makePlace(), makePlace({ address: 'ул. Баумана, 45' }))).toBe(false);
    expect(isSavedLocationUnchanged(makePlace(), makePlace({ location: { lat: 55.8, lng: 49.2 } }))).toBe(
      false,
    );
    expect(isSavedLocationUnchanged(makePlace(), makePlace({ location: null }))).toBe(false);
  });

  it('is changed when nothing was saved', () => {
    expect(isSavedLocationUnchanged(null, makePlace())).toBe(false);
  });
});

describe('DELIVERY_COMMENT_MAX (docs/product.md §9)', () => {
  it('is 100 characters', () => {
    expect(DELIVERY_COMMENT_MAX).toBe(100);
  });
});
