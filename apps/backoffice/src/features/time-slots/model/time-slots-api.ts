import type { AdminTimeSlot } from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';
import type { timeSlotBody } from './time-slot-form.ts';

/** The selling slots' calls (apps/api/src/modules/admin/admin-time-slots.routes.ts). */

export const timeSlotKeys = {
  list: ['admin', 'time-slots', 'list'] as const,
  one: (id: number) => ['admin', 'time-slots', 'one', id] as const,
};

export function useTimeSlots() {
  return useQuery({
    queryKey: timeSlotKeys.list,
    queryFn: async () => (await staffFetch<{ slots: AdminTimeSlot[] }>('/api/v1/admin/time-slots')).slots,
  });
}

export function useTimeSlot(id: number | null) {
  return useQuery({
    queryKey: timeSlotKeys.one(id ?? 0),
    queryFn: () => staffFetch<AdminTimeSlot>(`/api/v1/admin/time-slots/${id}`),
    enabled: id !== null,
  });
}

type Body = ReturnType<typeof timeSlotBody>;

/** POST (no version) or PATCH under If-Match. */
export function useSaveTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number | null; version: number | null; body: Body }) =>
      id === null
        ? staffFetch<AdminTimeSlot>('/api/v1/admin/time-slots', jsonBody('POST', body))
        : staffFetch<AdminTimeSlot>(
            `/api/v1/admin/time-slots/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSuccess: (slot) => {
      queryClient.setQueryData(timeSlotKeys.one(slot.id), slot);
      void queryClient.invalidateQueries({ queryKey: timeSlotKeys.list });
    },
  });
}

/** DELETE under If-Match: revertible from the change log (the slot comes back with its id). */
export function useDeleteTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { id: number; version: number }) =>
      staffFetch<null>(`/api/v1/admin/time-slots/${slot.id}`, {
        method: 'DELETE',
        headers: ifMatch(slot.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'time-slots'] }),
  });
}
