import type { City, CityListItem } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';

export function listCities(
  snapshot: CatalogSnapshot,
  whiteLabel: string,
  cityIds?: number[],
): CityListItem[] {
  const wanted = cityIds ? new Set(cityIds) : null;
  return [...snapshot.cities.values()]
    .filter((city) => city.whiteLabelId === whiteLabel && (!wanted || wanted.has(city.id)))
    .map(({ id, name, order }) => ({ id, name, order }));
}

export function getCity(snapshot: CatalogSnapshot, cityId: number): City & { whiteLabelId: string } {
  const city = snapshot.cities.get(cityId);
  if (!city) throw new ApiError(404, 'city.not-found', 'cityId');
  return city;
}
