import { type Locale, pickText } from '@storefront/domain';
import { useQueries } from '@tanstack/react-query';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { menuPositionsQuery } from '../../../entities/catalog/catalog-queries.ts';

/** Names of the cart's dishes (for the price-change list), from their menus; `fallback` while unknown. */
export function useDishNames(locale: Locale, fallback: (id: number) => string) {
  const lines = cartStore.getState().positions;
  const menuIds = [...new Set(lines.map((line) => line.menu.id))];
  const menus = useQueries({ queries: menuIds.map((menuId) => menuPositionsQuery(menuId)) });
  return (id: number, menuId: number) => {
    const position = menus
      .flatMap((menu) => menu.data ?? [])
      .find((p) => p.id === id && p.menu.id === menuId);
    return position ? pickText(position.name, locale) : fallback(id);
  };
}
