import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePerson } from '../session/person-store.ts';
import { cartStore } from './cart-store.ts';
import { useCartPreflight } from './preflight-query.ts';
import { useRememberedDishes } from './use-remembered-dishes.ts';

/**
 * docs/product.md §4 'Preflight': the cart's preflight runs wherever the customer is, not only on the cart page:
 * at boot when the cart is not empty, and again when the delivery method, the number of dishes or the
 * person changes (the request and its key follow them), or when the profile is loaded again for the same
 * person. The answer is the cart page's and the checkout's own query (one key), so they open on it. While
 * there is a cart, its lines also remember their dishes as the loaded menus show them.
 */
export function CartPreflightWatcher() {
  useCartPreflight();
  useRememberedDishes();
  const queryClient = useQueryClient();
  const profile = usePerson((state) => state.profile);
  const seen = useRef(profile);

  useEffect(() => {
    const before = seen.current;
    seen.current = profile;
    // Signed out, the points chosen were the last person's: the next one starts without them (decision 55).
    if (before && !profile) cartStore.getState().setBonusToSpend(0);
    // Another person (signing in or out) is another key, already asked; the same person's new profile is not.
    if (before === profile || !before || !profile || before.id !== profile.id) return;
    void queryClient.invalidateQueries({ queryKey: ['preflight', profile.id] });
  }, [profile, queryClient]);

  return null;
}
