import {
  addToCart,
  type CartLine,
  type CartModifier,
  cartTotals,
  type Minor,
  makeCartLine,
  minor,
  portionsOfDish,
  setLineCount,
} from '@storefront/domain';
import { createStore, useStore } from 'zustand';
import { bindStorage } from '../../shared/storage/bind-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import {
  arrayOf,
  type Guard,
  isBoolean,
  isNonNegativeInt,
  isPositiveInt,
  shape,
} from '../../shared/storage/stored-value-guards.ts';

/** SPEC §3 'Cart position' as kept in storage; the server's preflight re-checks every price. */
export type CartPosition = CartLine;

// Stored amounts are whole minor units: the guard is what makes them Minor.
const isMinor = isNonNegativeInt as Guard<Minor>;
const isCartPosition = shape<CartPosition>({
  id: isPositiveInt,
  menu: shape({ id: isPositiveInt }),
  count: isPositiveInt,
  price: isMinor,
  sum: isMinor,
  hasModifiers: isBoolean,
  modifiers: arrayOf(
    shape<CartModifier>({
      id: isPositiveInt,
      modifierId: isPositiveInt,
      count: isPositiveInt,
      price: isMinor,
    }),
  ),
});

export interface Cart {
  positions: CartPosition[];
  /** Adds one portion (or `count`), merged with the same dish and modifiers (SPEC §4 'Cart'). */
  add(input: {
    id: number;
    menuId: number;
    price: Minor;
    modifiers: readonly CartModifier[];
    hasModifiers?: boolean;
    count?: number;
  }): void;
  /** Sets the count of the line with this dish and modifiers; 0 removes it. */
  setCount(id: number, menuId: number, modifiers: readonly CartModifier[], count: number): void;
  clear(): void;
}

export const cartStore = createStore<Cart>()((set) => ({
  positions: [],
  add: (input) =>
    set((state) => ({
      positions: addToCart(
        state.positions,
        makeCartLine({
          id: input.id,
          menuId: input.menuId,
          price: input.price,
          count: input.count ?? 1,
          modifiers: input.modifiers,
          ...(input.hasModifiers !== undefined ? { hasModifiers: input.hasModifiers } : {}),
        }),
      ),
    })),
  setCount: (id, menuId, modifiers, count) =>
    set((state) => ({
      positions: setLineCount(
        state.positions,
        makeCartLine({
          id,
          menuId,
          price: minor(0),
          count: 1,
          modifiers,
          hasModifiers: modifiers.length > 0,
        }),
        count,
      ),
    })),
  clear: () => set({ positions: [] }),
}));

export const cartStorage = bindStorage(cartStore, {
  positions: { key: STORAGE_KEYS.cartPositions, isValid: arrayOf(isCartPosition) },
});

/** The number shown on the cart button: portions, not lines. */
export function useCartCount(): number {
  return useStore(cartStore, (state) => cartTotals(state.positions).positionsCount);
}

/** How many portions of a dish (with any modifiers) of a menu are in the cart. */
export function usePositionCount(id: number, menuId: number): number {
  return useStore(cartStore, (state) => portionsOfDish(state.positions, id, menuId));
}
