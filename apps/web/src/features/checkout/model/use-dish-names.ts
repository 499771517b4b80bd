import type { Locale } from '@storefront/domain';
import { useQueries } from '@tanstack/react-query';
import { shownDish } from '../../../entities/cart/cart-line-label.ts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { menuPositionsQuery } from '../../../entities/catalog/catalog-queries.ts';

/**
 * Names of the cart's dishes (for the price-change list): from their menus, else as their cart line remembers
 * them (a dish gone from the menu is the very one the list says is no longer available); `fallback` while
 * nothing is known.
 */
export function useDishNames(locale: Locale, fallback: (id: number) => string) {
  const lines = cartStore.getState().positions;
  const menuIds = [...new Set(lines.map((line) => line.menu.id))];
  const menus = useQueries({ queries: menuIds.map((menuId) => menuPositionsQuery(menuId)) });
  return (id: number, menuId: number) => {
    const position = menus
      .flatMap((menu) => menu.data ?? [])
      .find((p) => p.id === id && p.menu.id === menuId);
    const remembered = cartStore
      .getState()
      .positions.find((line) => line.id === id && line.menu.id === menuId && line.label)?.label;
    return shownDish(position, remembered, locale).name ?? fallback(id);
  };
}
