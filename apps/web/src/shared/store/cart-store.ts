import * as z from 'zod/mini';
import { createStore, useStore } from 'zustand';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { bindStorage } from './bind-storage.ts';

/** SPEC §3 'Cart position' as kept in storage; prices are re-checked by the server's preflight. */
const positive = z.int().check(z.positive());
const amount = z.int().check(z.nonnegative());
export const cartPosition = z.object({
  id: positive,
  menu: z.object({ id: positive }),
  count: positive,
  price: amount,
  sum: amount,
  hasModifiers: z.boolean(),
  modifiers: z.array(z.object({ id: z.int(), modifierId: z.int(), count: positive, price: amount })),
});
export type CartPosition = z.infer<typeof cartPosition>;

export interface Cart {
  positions: CartPosition[];
  clear(): void;
}

export const cartStore = createStore<Cart>()((set) => ({
  positions: [],
  clear: () => set({ positions: [] }),
}));

export const cartStorage = bindStorage(cartStore, {
  positions: { key: STORAGE_KEYS.cartPositions, schema: z.array(cartPosition) },
});

/** The number shown on the cart button: dishes, not lines. */
export function useCartCount(): number {
  return useStore(cartStore, (state) => state.positions.reduce((sum, p) => sum + p.count, 0));
}
