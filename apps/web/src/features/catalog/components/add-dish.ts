import type { CartModifier } from '@storefront/domain';
import type { Position } from '@storefront/domain/contracts';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { consentStore } from '../../../entities/consent/consent-store.ts';

/**
 * Puts one portion of a dish, with its chosen modifiers, in the cart. An 18+ dish asks the adulthood
 * question first (SPEC §2 item 9); answers whether the dish went in.
 */
export async function addDish(
  position: Position,
  modifiers: readonly CartModifier[] = [],
  hasModifiers = modifiers.length > 0,
): Promise<boolean> {
  if (position.isAdult && !(await consentStore.getState().requestAdulthood())) return false;
  cartStore
    .getState()
    .add({ id: position.id, menuId: position.menu.id, price: position.price, modifiers, hasModifiers });
  return true;
}
