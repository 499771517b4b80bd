import { describe, expect, it } from 'vitest';
import { MAP_POINT_LABEL } from '../location/location-rules.ts';
import { deliveryAddressLine } from './geocoded-address.ts';

describe('deliveryAddressLine (SPEC §5)', () => {
  it('writes street and house as Russian addresses are written', () => {
    expect(deliveryAddressLine({ street: 'ул. Баумана', houseNumber: '44' })).toBe('ул. Баумана, 44');
  });
  it('keeps the street alone when there is no house number', () => {
    expect(deliveryAddressLine({ street: 'ул. Баумана', houseNumber: null })).toBe('ул. Баумана');
    expect(deliveryAddressLine({ street: 'ул. Баумана', houseNumber: '  ' })).toBe('ул. Баумана');
  });
  it("labels a point without a street 'Точка на карте'", () => {
    expect(deliveryAddressLine({ street: null, houseNumber: '5' })).toBe(MAP_POINT_LABEL);
    expect(deliveryAddressLine({ street: ' ', houseNumber: null })).toBe(MAP_POINT_LABEL);
  });
});
