import { describe, expect, it } from 'vitest';
import { deliveryAddressLine } from './geocoded-address.ts';

describe('deliveryAddressLine (docs/product.md §5)', () => {
  it('writes street and house as Russian addresses are written', () => {
    expect(deliveryAddressLine({ street: 'ул. Баумана', houseNumber: '44' })).toBe('ул. Баумана, 44');
  });
  it('keeps the street alone when there is no house number', () => {
    expect(deliveryAddressLine({ street: 'ул. Баумана', houseNumber: null })).toBe('ул. Баумана');
    expect(deliveryAddressLine({ street: 'ул. Баумана', houseNumber: '  ' })).toBe('ул. Баумана');
  });
  it('has no line for a point without a street (a bare point, labelled by the UI)', () => {
    expect(deliveryAddressLine({ street: null, houseNumber: '5' })).toBeNull();
    expect(deliveryAddressLine({ street: ' ', houseNumber: null })).toBeNull();
  });
});
