import type { Position } from '@storefront/domain/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { menuPositionsQuery } from '../catalog/catalog-queries.ts';
import { cartStore } from './cart-store.ts';

/**
 * Keeps each cart line's remembered dish (name, photo, weight) up to date with the catalog: when a line is
 * added (the dish is on a loaded menu then, wherever it was added from) and whenever a menu of the cart is
 * loaded again. Only menus already loaded are read, never fetched for this: the boot loads the restaurant's.
 */
export function useRememberedDishes(): void {
  const lines = useStore(cartStore, (state) => state.positions);
  const menuIds = [...new Set(lines.map((line) => line.menu.id))];
  const catalog = useQueries({
    queries: menuIds.map((menuId) => ({ ...menuPositionsQuery(menuId), enabled: false })),
    combine: dishesOfMenus,
  });

  // Remembering what is already remembered changes nothing (the same state), so running again is harmless.
  useEffect(() => {
    if (lines.length > 0 && catalog.length > 0) cartStore.getState().rememberDishes(catalog);
  }, [lines, catalog]);
}

/** The loaded menus' dishes as one list; a stable function, so the list is rebuilt only when a menu changes. */
function dishesOfMenus(menus: readonly { data?: readonly Position[] | undefined }[]): Position[] {
  return menus.flatMap((menu) => menu.data ?? []);
}
