import type { LocationResponse } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { getCity } from '../cities/index.ts';

/** Everything the location popup needs for one city: its restaurants in order and all their zones. */
export function cityLocation(
  snapshot: CatalogSnapshot,
  whiteLabel: string,
  cityId: number,
): LocationResponse {
  if (getCity(snapshot, cityId).whiteLabelId !== whiteLabel)
    throw new ApiError(404, 'city.not-found', 'cityId');
  const restos = [...snapshot.restos.values()]
    .filter((r) => r.whiteLabelId === whiteLabel && r.cityIds.includes(cityId))
    .map(({ whiteLabelId: _wl, ...resto }) => resto);
  return {
    cityId,
    restos,
    deliveryZones: restos.flatMap((r) => snapshot.zonesByResto.get(r.id) ?? []),
  };
}
