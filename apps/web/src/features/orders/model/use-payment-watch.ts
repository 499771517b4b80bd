import type { Order } from '@storefront/domain/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { checkPayment, orderQuery } from '../../../entities/orders/order-client.ts';
import { ApiError } from '../../../shared/api-client.ts';
import { awaitingPayment } from './payment-view.ts';

/** How often and how long the return page asks while a payment is pending (decision 22). */
export const PAYMENT_POLL_EVERY_MS = 2_000;
export const PAYMENT_POLL_FOR_MS = 30_000;

export interface PaymentWatch {
  /** A check is on its way. */
  checking: boolean;
  /** The last check's failure, or null once one succeeded after it. */
  error: unknown;
  /** Checks go on (one on its way or the next one scheduled). */
  polling: boolean;
  /** The payment is still pending after PAYMENT_POLL_FOR_MS: the page stops and offers to check again. */
  gaveUp: boolean;
  /** Starts another round of checks (the button, a new attempt without a page yet, a 409). */
  checkAgain: () => void;
}

/**
 * The return page's watch: asks the server to read the provider now (payment-check) on arrival, then every
 * PAYMENT_POLL_EVERY_MS while the payment is pending, for PAYMENT_POLL_FOR_MS. Each answer goes into the
 * order's query, which the page (and the order page after it) reads. A notification may make the order
 * paid at any moment, so asking again is always safe: the server reads, it never guesses.
 */
export function usePaymentWatch(personId: number, orderId: number): PaymentWatch {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const [polling, setPolling] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the watch on purpose.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    setGaveUp(false);
    setPolling(true);
    const check = async () => {
      setChecking(true);
      let again = true;
      try {
        const order: Order = await checkPayment(personId, orderId);
        if (stopped) return;
        queryClient.setQueryData(orderQuery(personId, orderId).queryKey, order);
        setError(null);
        again = awaitingPayment(order);
      } catch (failure) {
        if (stopped) return;
        setError(failure);
        // A network failure or a 5xx may pass; a 4xx (not found, not online, no access) will not.
        again = failure instanceof ApiError && (failure.network || failure.status >= 500);
      } finally {
        if (!stopped) setChecking(false);
      }
      if (stopped) return;
      if (!again) {
        setPolling(false);
        return;
      }
      if (Date.now() + PAYMENT_POLL_EVERY_MS - startedAt > PAYMENT_POLL_FOR_MS) {
        setGaveUp(true);
        setPolling(false);
        return;
      }
      timer = setTimeout(() => void check(), PAYMENT_POLL_EVERY_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [personId, orderId, queryClient, round]);

  const checkAgain = useCallback(() => setRound((value) => value + 1), []);
  return { checking, error, polling, gaveUp, checkAgain };
}
