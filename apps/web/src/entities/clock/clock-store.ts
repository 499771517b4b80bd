import { createStore, useStore } from 'zustand';

/** docs/product.md §4 'Clock': the client clock corrected by the server's, with a flag once it has synced. */
export interface Clock {
  offsetMs: number;
  synced: boolean;
  sync(serverUtc: string, sentAt: number, receivedAt: number): void;
}

export const clockStore = createStore<Clock>()((set) => ({
  offsetMs: 0,
  synced: false,
  sync: (serverUtc, sentAt, receivedAt) => {
    // The server read its clock about half-way through the round trip.
    const serverMs = Date.parse(serverUtc);
    if (Number.isNaN(serverMs)) return;
    set({ offsetMs: serverMs - (sentAt + receivedAt) / 2, synced: true });
  },
}));

/** Now, by the server's clock. */
export function serverNow(): number {
  return Date.now() + clockStore.getState().offsetMs;
}

export function useClockSynced(): boolean {
  return useStore(clockStore, (state) => state.synced);
}
