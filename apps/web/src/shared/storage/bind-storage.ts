import type { StoreApi } from 'zustand';
import { readStored, writeStored } from './local-storage.ts';
import type { Guard } from './stored-value-guards.ts';

export type StoredFields<S> = { [K in keyof S]?: { key: string; isValid: Guard<S[K]> } };

/**
 * Keeps chosen fields of a store in local storage, each under its own key of docs/product.md §3 (zustand's persist
 * middleware keeps a whole store under one key, which docs/product.md §3 rules out). `hydrate` reads them back,
 * ignoring values that do not parse; from then on every change is written.
 */
export function bindStorage<S extends object>(store: StoreApi<S>, fields: StoredFields<S>) {
  const entries = Object.entries(fields) as [keyof S, { key: string; isValid: Guard<unknown> }][];
  let unsubscribe: (() => void) | null = null;
  return {
    hydrate() {
      const patch: Partial<S> = {};
      for (const [field, { key, isValid }] of entries) {
        const value = readStored(key, isValid);
        if (value !== undefined) patch[field] = value as S[keyof S];
      }
      store.setState(patch);
      unsubscribe?.();
      unsubscribe = store.subscribe((state, previous) => {
        for (const [field, { key }] of entries) {
          if (state[field] !== previous[field]) writeStored(key, state[field]);
        }
      });
    },
  };
}
