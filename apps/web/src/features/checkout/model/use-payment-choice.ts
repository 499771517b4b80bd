import {
  allowedPaymentMethods,
  defaultPaymentMethod,
  type PaymentMethod,
  paymentOptionsFor,
} from '@storefront/domain';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentLocation } from '../../../entities/location/current-location.tsx';
import { selectionsStore, useSelections } from '../../../entities/location/selections-store.ts';

/**
 * Payment: only what the restaurant takes for this method (docs/product.md §4), CARD_ONLINE first when it
 * does. A saved choice the restaurant does not take falls back to its default, and says so (`reset`).
 */
export function usePaymentChoice() {
  const { resto, method } = useCurrentLocation();
  const savedPayment = useSelections((state) => state.paymentMethod);
  const allowed = useMemo(
    () => (resto && method ? allowedPaymentMethods(paymentOptionsFor(resto.payConfig, method)) : []),
    [resto, method],
  );
  const fallback = resto && method ? defaultPaymentMethod(paymentOptionsFor(resto.payConfig, method)) : null;
  const payType: PaymentMethod | null =
    savedPayment && allowed.includes(savedPayment) ? savedPayment : fallback;
  const [reset, setReset] = useState<{ was: PaymentMethod; now: PaymentMethod } | null>(null);
  useEffect(() => {
    if (savedPayment && fallback && !allowed.includes(savedPayment)) {
      setReset({ was: savedPayment, now: fallback });
      selectionsStore.setState({ paymentMethod: fallback });
    }
  }, [savedPayment, fallback, allowed]);
  const choose = (code: PaymentMethod) => {
    setReset(null);
    selectionsStore.setState({ paymentMethod: code });
  };
  return { allowed, payType, reset, choose };
}
