import { describe, expect, it } from 'vitest';
import { cartStorage, cartStore } from './cart-store.ts';
import { clockStore } from './clock-store.ts';
import { consentStorage, consentStore } from './consent-store.ts';
import { applyFirstBootDefaults, selectionsStorage, selectionsStore } from './selections-store.ts';

describe('stores kept under the SPEC keys', () => {
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

  it('remembers cookie consent and adulthood', () => {
    consentStorage.hydrate();
    consentStore.getState().acceptCookies();
    consentStore.getState().answerAdulthood(true);
    expect(localStorage.getItem('person_cookies_consent_accepted')).toBe('true');
    expect(localStorage.getItem('person_adulthood_confirmed')).toBe('true');
  });

  it('asks the adulthood question once and remembers a yes, not a no', async () => {
    consentStore.setState({ adulthoodConfirmed: false, adulthoodQuestion: null });
    const first = consentStore.getState().requestAdulthood();
    expect(consentStore.getState().adulthoodQuestion).not.toBeNull();
    consentStore.getState().answerAdulthood(false);
    expect(await first).toBe(false);
    expect(consentStore.getState().adulthoodConfirmed).toBe(false);
    const second = consentStore.getState().requestAdulthood();
    consentStore.getState().answerAdulthood(true);
    expect(await second).toBe(true);
    expect(await consentStore.getState().requestAdulthood()).toBe(true);
    expect(consentStore.getState().adulthoodQuestion).toBeNull();
  });

  it('drops a stored cart that does not parse instead of crashing', () => {
    localStorage.setItem('cart_positions', '{"broken":');
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual([]);
  });

  it('corrects the clock by the server time, taking the middle of the round trip', () => {
    clockStore
      .getState()
      .sync(
        '2026-01-01T00:00:10.000Z',
        Date.parse('2026-01-01T00:00:00.000Z'),
        Date.parse('2026-01-01T00:00:02.000Z'),
      );
    expect(clockStore.getState()).toMatchObject({ offsetMs: 9000, synced: true });
  });
});
