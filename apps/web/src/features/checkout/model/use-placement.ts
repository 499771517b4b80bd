import type { Locale } from '@storefront/domain';
import type {
  Order,
  PlaceOrderRequest,
  PreflightRequest,
  PreflightResponse,
} from '@storefront/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { cartStore } from '../../../entities/cart/cart-store.ts';
import { preflightKey } from '../../../entities/cart/preflight-request.ts';
import { orderDraftStore } from '../../../entities/order-draft/order-draft-store.ts';
import { failureText, orderQuery, refusedPreflight } from '../../../entities/orders/order-client.ts';
import { usePerson } from '../../../entities/session/person-store.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { externalNavigation } from '../../../shared/navigation/external-navigation.ts';
import { useNavigate } from '../../../shared/navigation/router.tsx';
import { API_FIELDS, type CheckoutValues } from './checkout-values.ts';
import { afterPlacement, bodyFingerprint, placeOrder } from './place-order.ts';

/** Placement found the slot taken meanwhile (409 order.slot-full): its words and the next slot with room. */
export interface SlotTaken {
  message: string;
  /** ISO 8601 UTC; null when no slot is left. */
  nextFreeSlotAt: string | null;
  /** The slot asked (the body's preOrderAt); null for as soon as possible. */
  refusedAt: string | null;
}

export interface PriceChange {
  before: PreflightResponse;
  after: PreflightResponse;
  body: PlaceOrderRequest;
}

/**
 * Placing the order exactly once (ORDERING.md): the attempt's key from the draft, the placement's retries,
 * then the order's page; or what went wrong, where the customer can act on it (a new price to confirm, the
 * cart's problems, a wrong field, or the failure in words).
 */
export function usePlacement({
  request,
  answer,
  locale,
  form,
}: {
  request: PreflightRequest | null | undefined;
  answer: PreflightResponse | undefined;
  locale: Locale;
  form: UseFormReturn<CheckoutValues>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const personId = usePerson((state) => state.profile?.id ?? null);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [slotTaken, setSlotTaken] = useState<SlotTaken | null>(null);

  const send = async (body: PlaceOrderRequest) => {
    if (personId === null) return;
    const key = orderDraftStore.getState().attemptKey(bodyFingerprint({ ...body, quote: undefined }));
    setPlacing(true);
    setFailure(null);
    setSlotTaken(null);
    try {
      const order: Order = await placeOrder(personId, body, key);
      // The order exists: only now does the cart empty and the attempt end (ORDERING.md).
      queryClient.setQueryData(orderQuery(personId, order.id).queryKey, order);
      const next = afterPlacement(order);
      // Leaving for the provider's page goes through our return page: the empty cart never flashes while
      // the browser leaves, and Back from the provider's page lands where the payment is checked.
      navigate(next.leave ? `/orders/${order.id}/payment` : next.path);
      orderDraftStore.getState().placed();
      cartStore.getState().clear();
      if (next.leave) externalNavigation.assign(next.url);
    } catch (error) {
      handleFailure(error, body);
    } finally {
      setPlacing(false);
    }
  };

  const handleFailure = (error: unknown, body: PlaceOrderRequest) => {
    if (!(error instanceof ApiError)) {
      setFailure([failureText(error, locale)]);
      return;
    }
    if (error.status === 409 && error.code === 'order.slot-full') {
      const next = (error.data as { nextFreeSlotAt?: unknown } | null)?.nextFreeSlotAt;
      setSlotTaken({
        message: failureText(error, locale),
        nextFreeSlotAt: typeof next === 'string' ? next : null,
        refusedAt: body.preOrderAt ?? null,
      });
      return;
    }
    const preflight = refusedPreflight(error);
    if (error.status === 409 && error.code === 'order.price-changed' && preflight && answer) {
      setPriceChange({ before: answer, after: preflight, body });
      return;
    }
    if (preflight && request && personId !== null) {
      // A refused cart: the cart shows the problems where its handling table puts them.
      queryClient.setQueryData(preflightKey(request, personId), preflight);
      const problems = preflight.problems.map((problem) => problem.message);
      setFailure(problems.length > 0 ? problems : [failureText(error, locale)]);
      return;
    }
    // 400: a field's input; 422: a field's choice the restaurant does not take (an online method).
    if ((error.status === 400 || error.status === 422) && error.fieldErrors.length > 0) {
      let placed = false;
      for (const { field, code, message } of error.fieldErrors) {
        const name = API_FIELDS[field];
        if (!name) continue;
        form.setError(name, { type: code, message });
        placed = true;
      }
      if (placed) return;
    }
    setFailure([failureText(error, locale)]);
  };

  const confirmNewPrice = () => {
    if (!priceChange || !request || personId === null) return;
    const { after, body } = priceChange;
    setPriceChange(null);
    // The customer saw the new price: the cart shows it too, and the new body is a new attempt.
    queryClient.setQueryData(preflightKey(request, personId), after);
    orderDraftStore.setState({ attempt: null });
    void send({ ...body, quote: after.quote });
  };

  const declineNewPrice = () => {
    if (priceChange && request && personId !== null) {
      queryClient.setQueryData(preflightKey(request, personId), priceChange.after);
    }
    setPriceChange(null);
  };

  /** The one tap on the next free slot: the order is wanted then (the preflight prices it anew). */
  const takeNextSlot = () => {
    if (!slotTaken?.nextFreeSlotAt) return;
    orderDraftStore.getState().setPreOrderAt(new Date(Date.parse(slotTaken.nextFreeSlotAt)).toISOString());
    setSlotTaken(null);
  };

  return {
    personId,
    placing,
    failure,
    priceChange,
    slotTaken,
    send,
    confirmNewPrice,
    declineNewPrice,
    takeNextSlot,
  };
}
