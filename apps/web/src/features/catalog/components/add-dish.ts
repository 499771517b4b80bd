import { type CartModifier, pickText } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';
import { type TrackedDish, track } from '../../../shared/analytics/track.ts';

/** A dish as analytics reports it: named in Russian whatever the interface language, so reports agree. */
export function trackedDish(position: Position, price: number = position.price): TrackedDish {
  return { id: position.id, name: pickText(position.name, 'ru'), price, category: String(position.menu.id) };
}

/**
 * Puts one portion of a dish, with its chosen modifiers, in the cart. An 18+ dish asks the adulthood
 * question first (docs/product.md §2 item 9); answers whether the dish went in.
 */
export async function addDish(
  position: Position,
  modifiers: readonly CartModifier[] = [],
  hasModifiers = modifiers.length > 0,
  currency = 'RUB',
): Promise<boolean> {
  if (position.isAdult && !(await consentStore.getState().requestAdulthood())) return false;
  cartStore
    .getState()
    .add({ id: position.id, menuId: position.menu.id, price: position.price, modifiers, hasModifiers });
  track({ type: 'added-to-cart', dish: trackedDish(position), currency });
  return true;
}
