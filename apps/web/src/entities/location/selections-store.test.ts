import { describe, expect, it } from 'vitest';
import { applyFirstBootDefaults, selectionsStorage, selectionsStore } from './selections-store.ts';

describe('selections kept under the SPEC keys', () => {
  it('writes each selection under its own key and reads it back', () => {
    selectionsStorage.hydrate();
    selectionsStore.getState().save({
      cityId: 2,
      deliveryMethod: 'TAKE_AWAY',
      paymentMethod: 'CASH_UPON_RECEIPT',
      restoId: 6,
      deliveryPlace: null,
    });
    expect(localStorage.getItem('city_id')).toBe('2');
    expect(localStorage.getItem('order_delivery_method')).toBe('"TAKE_AWAY"');
    expect(localStorage.getItem('order_payment_method')).toBe('"CASH_UPON_RECEIPT"');
    expect(localStorage.getItem('resto_id')).toBe('6');
    selectionsStore.getState().reset();
    localStorage.setItem('city_id', '3');
    localStorage.setItem('resto_id', '"not a number"');
    selectionsStorage.hydrate();
    expect(selectionsStore.getState().cityId).toBe(3);
    expect(selectionsStore.getState().restoId).toBeNull();
  });

  it("applies the brand's defaults on a first boot only, never over a saved choice", () => {
    selectionsStorage.hydrate();
    selectionsStore.getState().reset();
    const defaults = { cityId: 2, deliveryMethod: 'TAKE_AWAY' as const, restoId: 4 };
    expect(applyFirstBootDefaults(false, defaults)).toBe(false);
    expect(applyFirstBootDefaults(true, { cityId: null, deliveryMethod: null, restoId: null })).toBe(false);
    expect(applyFirstBootDefaults(true, defaults)).toBe(true);
    expect(selectionsStore.getState()).toMatchObject({ cityId: 2, deliveryMethod: 'TAKE_AWAY', restoId: 4 });
    expect(localStorage.getItem('city_id')).toBe('2');
    expect(applyFirstBootDefaults(true, { ...defaults, cityId: 3 })).toBe(false);
    expect(selectionsStore.getState().cityId).toBe(2);
  });
});
