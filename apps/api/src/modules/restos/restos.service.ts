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

export function workingHours(snapshot: CatalogSnapshot, restoId: number): PreOrderHours[] {
  getResto(snapshot, restoId, 'restoId');
  return snapshot.preOrderByResto.get(restoId) ?? [];
}
