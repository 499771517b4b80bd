import { createStore, useStore } from 'zustand';
import { STORAGE_KEYS } from '../storage/keys.ts';
import {
  arrayOf,
  isBoolean,
  isNonNegativeInt,
  isPositiveInt,
  shape,
} from '../storage/stored-value-guards.ts';
import { bindStorage } from './bind-storage.ts';

/** SPEC §3 'Cart position' as kept in storage; prices are re-checked by the server's preflight. */
export interface CartPosition {
  id: number;
  menu: { id: number };
  count: number;
  price: number;
  sum: number;
  hasModifiers: boolean;
  modifiers: { id: number; modifierId: number; count: number; price: number }[];
}

const isCartPosition = shape<CartPosition>({
  id: isPositiveInt,
  menu: shape({ id: isPositiveInt }),
  count: isPositiveInt,
  price: isNonNegativeInt,
  sum: isNonNegativeInt,
  hasModifiers: isBoolean,
  modifiers: arrayOf(
    shape({ id: isPositiveInt, modifierId: isPositiveInt, count: isPositiveInt, price: isNonNegativeInt }),
  ),
});

export interface Cart {
  positions: CartPosition[];
  clear(): void;
}

export const cartStore = createStore<Cart>()((set) => ({
  positions: [],
  clear: () => set({ positions: [] }),
}));

export const cartStorage = bindStorage(cartStore, {
  positions: { key: STORAGE_KEYS.cartPositions, isValid: arrayOf(isCartPosition) },
});

/** The number shown on the cart button: dishes, not lines. */
export function useCartCount(): number {
  return useStore(cartStore, (state) => state.positions.reduce((sum, p) => sum + p.count, 0));
}
