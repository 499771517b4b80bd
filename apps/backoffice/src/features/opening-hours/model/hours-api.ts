import type {
  AdminHours,
  AdminHoursWeeks,
  AdminSpecialDay,
  AdminSpecialDayCreate,
} from '@storefront/domain/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ifMatch, jsonBody } from '../../../entities/menu-parts/menu-parts.ts';
import { staffFetch } from '../../../entities/staff-session/staff-session.ts';

/** A restaurant's hours and special days (apps/api/src/modules/admin/admin-hours.routes.ts). */

export const hoursKeys = {
  one: (restoId: number) => ['admin', 'hours', restoId] as const,
};

const base = (restoId: number) => `/api/v1/admin/restos/${restoId}`;

export function useHours(restoId: number | null) {
  return useQuery({
    queryKey: hoursKeys.one(restoId ?? 0),
    queryFn: () => staffFetch<AdminHours>(`${base(restoId ?? 0)}/hours`),
    enabled: restoId !== null,
  });
}

/** PUT every week at once under the restaurant's version. */
export function useSaveWeeks(restoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, weeks }: { version: number; weeks: AdminHoursWeeks }) =>
      staffFetch<AdminHours>(`${base(restoId)}/hours`, jsonBody('PUT', { weeks }, ifMatch(version))),
    onSuccess: (hours) => {
      queryClient.setQueryData(hoursKeys.one(restoId), hours);
      // The restaurant's version moved: its own screen reads it again.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'restos'] });
    },
  });
}

export type SpecialDayBody = AdminSpecialDayCreate;

/** POST a new special day, or PATCH one under If-Match. */
export function useSaveSpecialDay(restoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      version,
      body,
    }: {
      id: number | null;
      version: number | null;
      body: SpecialDayBody;
    }) =>
      id === null
        ? staffFetch<AdminSpecialDay>(`${base(restoId)}/special-days`, jsonBody('POST', body))
        : staffFetch<AdminSpecialDay>(
            `${base(restoId)}/special-days/${id}`,
            jsonBody('PATCH', body, ifMatch(version ?? 0)),
          ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: hoursKeys.one(restoId) }),
  });
}

/** DELETE under If-Match: revertible from the change log (the day comes back with its id). */
export function useDeleteSpecialDay(restoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: { id: number; version: number }) =>
      staffFetch<null>(`${base(restoId)}/special-days/${day.id}`, {
        method: 'DELETE',
        headers: ifMatch(day.version),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: hoursKeys.one(restoId) }),
  });
}
