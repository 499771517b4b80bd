import type { StaffRating, StaffRatingsResponse } from '@storefront/domain/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** Every restaurant's low-rating flags of one signed-in person sit under this key (a 'rated' event re-reads them). */
export const lowRatingsKey = (staffId: number) => ['staff-low-ratings', staffId] as const;

/** A restaurant's 1–2-star ratings no manager has marked seen yet, newest first (decision 57). */
export const lowRatingsQuery = (staffId: number, restoId: number) =>
  queryOptions({
    queryKey: [...lowRatingsKey(staffId), restoId],
    queryFn: async () =>
      (
        await staffFetch<StaffRatingsResponse>(
          `/api/v1/staff/ratings?${new URLSearchParams({ restoId: String(restoId), unseen: 'true' })}`,
        )
      ).content,
    // The stream says when a rating arrives; nothing else changes them but 'seen'.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const markRatingSeen = (orderId: number) =>
  staffFetch<StaffRating>(`/api/v1/staff/ratings/${orderId}/seen`, { method: 'POST' });

/** Takes a seen rating's flag off at once, whichever restaurant's list holds it. */
export function dropLowRating(queryClient: QueryClient, staffId: number, orderId: number) {
  queryClient.setQueriesData<StaffRating[]>({ queryKey: lowRatingsKey(staffId) }, (list) =>
    list?.filter((rating) => rating.orderId !== orderId),
  );
}

/** An order was rated (or its rating changed): the flags are read again. */
export function rereadLowRatings(queryClient: QueryClient, staffId: number) {
  return queryClient.invalidateQueries({ queryKey: lowRatingsKey(staffId) });
}
