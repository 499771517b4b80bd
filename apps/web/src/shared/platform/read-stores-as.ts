import type { StoreApi } from 'zustand';

/** A store and the state its hooks read where React asks for a server snapshot. */
// biome-ignore lint/suspicious/noExplicitAny: stores of any state; each pair is checked where it is made.
export type DrawnState = readonly [store: StoreApi<any>, state: unknown];

/** A pair of `readStoresAs`, typed by its store. */
export function drawnState<T>(store: StoreApi<T>, state: T): DrawnState {
  return [store, state];
}

/**
 * Makes these stores' hooks read the given state where React asks for a server snapshot, until the returned
 * function is called. Zustand answers a server snapshot with the store's initial state: right for most stores,
 * but a first screen the server drew (decision 44) was drawn from the customer's choice and the server's clock,
 * and the browser's hydration of it must read the same, or it would draw a first visit and throw the page away.
 * Each state is one object, as React wants a snapshot that does not change while it draws.
 */
export function readStoresAs(states: readonly DrawnState[]): () => void {
  const initialStates = states.map(([store]) => store.getInitialState);
  for (const [store, state] of states) store.getInitialState = () => state;
  return () => {
    states.forEach(([store], index) => {
      store.getInitialState = initialStates[index] as StoreApi<unknown>['getInitialState'];
    });
  };
}
