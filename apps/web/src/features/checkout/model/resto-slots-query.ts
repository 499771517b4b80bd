import type { CustomerDeliveryMethod } from '@storefront/domain';
import type { RestoSlotsResponse } from '@storefront/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api-client.ts';

/**
 * GET /api/v1/restos/{restoId}/slots?deliveryType=: the 15-minute slots already full for the method (decision 56).
 * Never cached for long: another customer fills a slot at any moment, so the picker asks again when it opens
 * and after placement refused a slot.
 */
export const restoSlotsQuery = (restoId: number, method: CustomerDeliveryMethod) =>
  queryOptions({
    queryKey: ['resto-slots', restoId, method],
    queryFn: () =>
      apiFetch<RestoSlotsResponse>(
        `/api/v1/restos/${restoId}/slots?deliveryType=${encodeURIComponent(method)}`,
      ),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
