import { localDateAt, shiftDate } from '@storefront/domain';
import type { PreOrderHours, Resto, RestoListItem } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { getCity } from '../cities/index.ts';

export function listRestos(snapshot: CatalogSnapshot, whiteLabel: string, cityId?: number): RestoListItem[] {
  if (cityId !== undefined && getCity(snapshot, cityId).whiteLabelId !== whiteLabel) {
    throw new ApiError(404, 'city.not-found', 'cityId');
  }
  return [...snapshot.restos.values()]
    .filter((r) => r.whiteLabelId === whiteLabel && (cityId === undefined || r.cityIds.includes(cityId)))
    .map(({ id, name, cityIds }) => ({ id, name, cityIds }));
}

export function getResto(
  snapshot: CatalogSnapshot,
  restoId: number,
  field = 'id',
): Resto & { whiteLabelId: string } {
  const resto = snapshot.restos.get(restoId);
  if (!resto) throw new ApiError(404, 'resto.not-found', field);
  return resto;
}

/** How far ahead the public answer lists special days (decision 51). */
export const SPECIAL_DAYS_AHEAD = 60;

/**
 * The restaurant as the public call shows it: its special days from yesterday (whose hours may run past midnight
 * into today) to 60 days ahead, on its own wall clock at `nowMs`.
 */
export function publicResto(snapshot: CatalogSnapshot, restoId: number, nowMs: number): Resto {
  const resto = getResto(snapshot, restoId);
  const today = localDateAt(nowMs, resto.timezone);
  const from = shiftDate(today, -1);
  const to = shiftDate(today, SPECIAL_DAYS_AHEAD);
  return {
    ...resto,
    specialDays: (resto.specialDays ?? []).filter((day) => day.date >= from && day.date <= to),
  };
}

export function workingHours(snapshot: CatalogSnapshot, restoId: number): PreOrderHours[] {
  getResto(snapshot, restoId, 'restoId');
  return snapshot.preOrderByResto.get(restoId) ?? [];
}
