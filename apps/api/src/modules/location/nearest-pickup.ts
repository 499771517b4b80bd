import { distanceMeters, type LatLng } from '@storefront/domain';
import type { NearestPickupResponse } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { resolveWhiteLabel } from '../catalog/index.ts';
import { getCity } from '../cities/index.ts';

/**
 * GET /1/p/location/nearest-pickup (decision 56): of the city's published restaurants that take take-away, the one
 * nearest the point by a straight line (not by road: the customer walks or drives to it, and the city is small
 * enough that the line ranks them as the road would). Equal distances go to the catalog's order. 404
 * city.not-found for a city not of the brand, 404 location.no-pickup when the city has no take-away point.
 */
export function nearestPickup(
  snapshot: CatalogSnapshot,
  whiteLabel: { asked: string | undefined; served: string },
  cityId: number,
  point: LatLng,
): NearestPickupResponse {
  const brand = resolveWhiteLabel(snapshot, whiteLabel.asked, whiteLabel.served);
  if (getCity(snapshot, cityId).whiteLabelId !== brand) throw new ApiError(404, 'city.not-found', 'cityId');
  let best: NearestPickupResponse | null = null;
  let bestExact = Number.POSITIVE_INFINITY;
  for (const resto of snapshot.restos.values()) {
    if (resto.whiteLabelId !== brand || !resto.cityIds.includes(cityId) || !resto.isTakeAway) continue;
    const exact = distanceMeters(point, resto.location);
    if (exact < bestExact) {
      bestExact = exact;
      best = { restoId: resto.id, distanceMeters: Math.round(exact) };
    }
  }
  if (!best) throw new ApiError(404, 'location.no-pickup', 'cityId');
  return best;
}
