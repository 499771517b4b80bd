import type {
  Position,
  PositionGroup,
  PositionModifiers,
  PreOrderHours,
  Promotion,
  TimeSlot,
} from '@storefront/domain/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../shared/api-client.ts';

const FIVE_MINUTES = 5 * 60_000;

/** docs/product.md §8 'Menu fetch failure': 404 has its own words; otherwise the server's message or a generic one. */
async function menuFetch<T>(path: string, notFound: string, failed: string): Promise<T> {
  try {
    return await apiFetch<T>(path);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 404) throw new ApiError(notFound, 404, error.statusText, error.code, error.data);
      if (!error.message) throw new ApiError(failed, error.status, error.statusText, error.code, error.data);
    }
    throw error;
  }
}

export const menuGroupsQuery = (menuId: number) =>
  queryOptions({
    queryKey: ['menu-groups', menuId],
    queryFn: () =>
      menuFetch<PositionGroup[]>(
        `/1/p/menus/${menuId}/position-groups`,
        'Menu groups not found',
        'Failed to fetch menu groups',
      ),
    staleTime: FIVE_MINUTES,
  });

export const menuPositionsQuery = (menuId: number) =>
  queryOptions({
    queryKey: ['menu-positions', menuId],
    queryFn: () =>
      menuFetch<Position[]>(
        `/1/p/menus/${menuId}/positions`,
        'Menu positions not found',
        'Failed to fetch menu positions',
      ),
    staleTime: FIVE_MINUTES,
  });

export const restoModifiersQuery = (restoId: number) =>
  queryOptions({
    queryKey: ['resto-modifiers', restoId],
    queryFn: () => apiFetch<PositionModifiers[]>(`/1/restos/${restoId}/positions/modifiers`),
    staleTime: FIVE_MINUTES,
  });

export const restoTimeSlotsQuery = (restoId: number) =>
  queryOptions({
    queryKey: ['resto-time-slots', restoId],
    queryFn: () => apiFetch<TimeSlot[]>(`/1/restos/${restoId}/position-time-slots`),
    staleTime: FIVE_MINUTES,
  });

export const restoPromotionsQuery = (restoId: number) =>
  queryOptions({
    queryKey: ['resto-promotions', restoId],
    queryFn: () => apiFetch<Promotion[]>(`/1/restos/${restoId}/promotions`),
    staleTime: FIVE_MINUTES,
  });

export const restoWorkingHoursQuery = (restoId: number) =>
  queryOptions({
    queryKey: ['resto-working-hours', restoId],
    queryFn: () => apiFetch<PreOrderHours[]>(`/1/restos/${restoId}/working-hours`),
    staleTime: FIVE_MINUTES,
  });
