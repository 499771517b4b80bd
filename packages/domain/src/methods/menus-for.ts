import type { CustomerDeliveryMethod } from './methods.ts';

/** The part of a restaurant's menu the rule reads; a full `Resto['menus'][number]` fits. */
export interface MethodMenu {
  isDelivery: boolean;
  isTakeAway: boolean;
}

/**
 * docs/product.md §3: a menu is available for a method by its flag. The storefront shows these menus and the
 * server prices an order from them, so both sides apply the same rule.
 */
export function menusFor<M extends MethodMenu>(
  resto: { menus: readonly M[] } | null,
  method: CustomerDeliveryMethod | null,
): M[] {
  if (!resto || !method) return [];
  return resto.menus.filter((menu) => (method === 'DELIVERY' ? menu.isDelivery : menu.isTakeAway));
}
