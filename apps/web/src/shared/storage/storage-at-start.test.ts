import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, STORAGE_VERSION } from './keys.ts';
import { prepareStorage } from './storage-at-start.ts';

const set = (entries: Record<string, string>) => {
  for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
};

describe('storage at start (docs/product.md §4)', () => {
  beforeEach(() => localStorage.clear());

  it('clears and stamps white label and version on a first visit or when either is missing', () => {
    set({ cart_positions: '[]' });
    expect(prepareStorage('demo')).toBe('initialised');
    expect(localStorage.getItem('cart_positions')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.whiteLabel)).toBe('demo');
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);

    set({ [STORAGE_KEYS.version]: STORAGE_VERSION, city_id: '1' });
    localStorage.removeItem(STORAGE_KEYS.whiteLabel);
    expect(prepareStorage('demo')).toBe('initialised');
    expect(localStorage.getItem('city_id')).toBeNull();
  });

  it('keeps everything for the same white label and version', () => {
    prepareStorage('demo');
    set({ city_id: '2', resto_id: '4' });
    expect(prepareStorage('demo')).toBe('kept');
    expect(localStorage.getItem('city_id')).toBe('2');
  });

  it("clears another brand's storage", () => {
    prepareStorage('other-brand');
    set({ city_id: '2', cart_positions: '[{"id":1}]' });
    expect(prepareStorage('demo')).toBe('cleared-white-label');
    expect(localStorage.getItem('city_id')).toBeNull();
    expect(localStorage.getItem('cart_positions')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.whiteLabel)).toBe('demo');
  });

  it('moves the five renamed keys once when migrating from version 1', () => {
    set({
      [STORAGE_KEYS.whiteLabel]: 'demo',
      [STORAGE_KEYS.version]: '1',
      selected_city_id: '3',
      delivery_method: '"TAKE_AWAY"',
      payment_method: '"CASH_UPON_RECEIPT"',
      selected_resto_id: '6',
      cookies_consent_accepted: 'true',
      adulthood_confirmed: 'true',
      cart_positions: '[]',
    });
    expect(prepareStorage('demo')).toBe('migrated');
    expect(localStorage.getItem('city_id')).toBe('3');
    expect(localStorage.getItem('order_delivery_method')).toBe('"TAKE_AWAY"');
    expect(localStorage.getItem('order_payment_method')).toBe('"CASH_UPON_RECEIPT"');
    expect(localStorage.getItem('resto_id')).toBe('6');
    expect(localStorage.getItem('person_cookies_consent_accepted')).toBe('true');
    expect(localStorage.getItem('person_adulthood_confirmed')).toBe('true');
    expect(localStorage.getItem('selected_city_id')).toBeNull();
    expect(localStorage.getItem('cart_positions')).toBe('[]');
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);
    expect(prepareStorage('demo')).toBe('kept');
  });

  it('turns a bare point stored under its Russian label into data when migrating from version 2', () => {
    const point = { lat: 55.79, lng: 49.12 };
    const details = { apartment: '5', entrance: null, floor: null, intercom: null, comment: null };
    set({
      [STORAGE_KEYS.whiteLabel]: 'demo',
      [STORAGE_KEYS.version]: '2',
      [STORAGE_KEYS.deliveryPlace]: JSON.stringify({
        address: 'Точка на карте',
        ...details,
        location: point,
      }),
    });
    expect(prepareStorage('demo')).toBe('migrated');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.deliveryPlace) ?? 'null')).toEqual({
      address: null,
      ...details,
      location: point,
    });
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);
  });

  it('keeps a real address, and an unreadable place, when migrating from version 2', () => {
    const street = JSON.stringify({ address: 'ул. Баумана, 44', location: { lat: 55.79, lng: 49.12 } });
    set({
      [STORAGE_KEYS.whiteLabel]: 'demo',
      [STORAGE_KEYS.version]: '2',
      [STORAGE_KEYS.deliveryPlace]: street,
    });
    expect(prepareStorage('demo')).toBe('migrated');
    expect(localStorage.getItem(STORAGE_KEYS.deliveryPlace)).toBe(street);
    set({ [STORAGE_KEYS.version]: '2', [STORAGE_KEYS.deliveryPlace]: '{"broken":' });
    expect(prepareStorage('demo')).toBe('migrated');
    expect(localStorage.getItem(STORAGE_KEYS.deliveryPlace)).toBe('{"broken":');
  });

  it('clears the storage when the version cannot be migrated', () => {
    set({ [STORAGE_KEYS.whiteLabel]: 'demo', [STORAGE_KEYS.version]: '99', city_id: '1' });
    expect(prepareStorage('demo')).toBe('cleared-failed-migration');
    expect(localStorage.getItem('city_id')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.version)).toBe(STORAGE_VERSION);
  });
});
