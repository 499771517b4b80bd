import { describe, expect, it } from 'vitest';
import { cartStorage, cartStore } from './cart-store.ts';

describe('cart kept under the SPEC keys', () => {
  it('drops a stored cart that does not parse instead of crashing', () => {
    localStorage.setItem('cart_positions', '{"broken":');
    cartStorage.hydrate();
    expect(cartStore.getState().positions).toEqual([]);
  });
});
