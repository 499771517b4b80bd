import type { PreflightResponse } from '@storefront/domain/contracts';
import { useEffect, useRef } from 'react';
import { track } from '../../../shared/analytics/track.ts';

/** Checkout started: once per visit of the form, with the total of its first quote. */
export function useCheckoutStarted(answer: PreflightResponse | undefined, currency: string) {
  const tracked = useRef(false);
  useEffect(() => {
    if (!answer || tracked.current) return;
    tracked.current = true;
    track({ type: 'checkout-started', total: answer.payable, currency });
  }, [answer, currency]);
}
