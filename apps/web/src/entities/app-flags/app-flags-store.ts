import { createStore, useStore } from 'zustand';

/** docs/product.md §4 'Popup flags': whether the location popup and the navigation panel are open. */
export interface AppFlags {
  locationOpen: boolean;
  /** The first visit's popup cannot be closed until a location is saved, and has no scrim. */
  locationPersistent: boolean;
  navigationOpen: boolean;
  /** The menu search overlay (docs/product.md §2 item 11). */
  searchOpen: boolean;
  openLocation(options?: { persistent?: boolean }): void;
  closeLocation(): void;
  setNavigationOpen(open: boolean): void;
  setSearchOpen(open: boolean): void;
}

export const appFlagsStore = createStore<AppFlags>()((set) => ({
  locationOpen: false,
  locationPersistent: false,
  navigationOpen: false,
  searchOpen: false,
  openLocation: (options) => set({ locationOpen: true, locationPersistent: options?.persistent ?? false }),
  closeLocation: () => set({ locationOpen: false, locationPersistent: false }),
  setNavigationOpen: (navigationOpen) => set({ navigationOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));

export function useAppFlags<T>(select: (state: AppFlags) => T): T {
  return useStore(appFlagsStore, select);
}
