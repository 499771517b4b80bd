import { createStore, useStore } from 'zustand';

/** docs/product.md §4 'Popup flags': whether the location popup and the navigation panel are open. */
export interface AppFlags {
  locationOpen: boolean;
  /** The first visit's popup cannot be closed until a location is saved, and has no scrim. */
  locationPersistent: boolean;
  /**
   * docs/product.md §2 item 2 'delivery method selection only': the popup opens on the method step of the saved city
   * with the city step hidden (no way back to the cities). Asked where the city is not the question: changing
   * the delivery place of a cart or a checkout, or choosing another address or take-away when the
   * restaurant does not take orders now.
   */
  locationMethodOnly: boolean;
  navigationOpen: boolean;
  /** The menu search overlay (docs/product.md §2 item 11). */
  searchOpen: boolean;
  openLocation(options?: { persistent?: boolean; methodOnly?: boolean }): void;
  closeLocation(): void;
  setNavigationOpen(open: boolean): void;
  setSearchOpen(open: boolean): void;
}

export const appFlagsStore = createStore<AppFlags>()((set) => ({
  locationOpen: false,
  locationPersistent: false,
  locationMethodOnly: false,
  navigationOpen: false,
  searchOpen: false,
  openLocation: (options) =>
    set({
      locationOpen: true,
      locationPersistent: options?.persistent ?? false,
      locationMethodOnly: options?.methodOnly ?? false,
    }),
  closeLocation: () => set({ locationOpen: false, locationPersistent: false, locationMethodOnly: false }),
  setNavigationOpen: (navigationOpen) => set({ navigationOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));

export function useAppFlags<T>(select: (state: AppFlags) => T): T {
  return useStore(appFlagsStore, select);
}
