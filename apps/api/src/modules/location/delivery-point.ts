import { deliveryZoneForPoint, type LatLng, type LocationResto } from '@storefront/domain';
import type { DeliveryPointResponse, DeliveryZone } from '@storefront/domain/contracts';
import { ApiError } from '../../core/api-error.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { resolveWhiteLabel } from '../catalog/index.ts';
import { getCity } from '../cities/index.ts';

/** The part of the catalog snapshot the check reads; a CatalogSnapshot fits as it is. */
export interface DeliveryPointCatalog {
  /** In catalog order (order, then id): the first zone holding the point wins, as in the storefront. */
  restos: ReadonlyMap<number, LocationResto & { cityIds: readonly number[] }>;
  /** Active zones of each restaurant. */
  zonesByResto: ReadonlyMap<number, readonly DeliveryZone[]>;
}

/**
 * docs/product.md §5 'Point-in-area' as the server checks it wherever an address is accepted: the first zone of the
 * city's restaurants, among those of restaurants that deliver, whose polygon (closed by repeating its
 * first point) holds the point, and so the restaurant serving it. The same domain rules as the
 * storefront's location popup (`deliveryZoneForPoint`), over the same zone order as GET /1/p/location.
 * Null when the point is outside every such zone. The caller has checked that the city exists.
 */
export function findDeliveryPoint(
  catalog: DeliveryPointCatalog,
  cityId: number,
  point: LatLng,
): DeliveryPointResponse | null {
  const restos = [...catalog.restos.values()].filter((resto) => resto.cityIds.includes(cityId));
  const zones = restos.flatMap((resto) => catalog.zonesByResto.get(resto.id) ?? []);
  const zone = deliveryZoneForPoint(point, zones, restos);
  return zone ? { cityId, zoneId: zone.id, restoId: zone.restoId, deliveryZone: zone } : null;
}

/**
 * findDeliveryPoint for a call that accepts an address: a point outside every zone is a 422
 * 'delivery.address-outside-zone' ('Адрес не входит в зону доставки'), naming `field` when given.
 */
export function requireDeliveryPoint(
  catalog: DeliveryPointCatalog,
  cityId: number,
  point: LatLng,
  field?: string,
): DeliveryPointResponse {
  const found = findDeliveryPoint(catalog, cityId, point);
  if (!found) throw new ApiError(422, 'delivery.address-outside-zone', field);
  return found;
}

/**
 * GET /1/p/location/delivery-point: the brand (asked, else served) and its city must exist (404), then
 * the point must lie in a delivery zone (422).
 */
export function cityDeliveryPoint(
  snapshot: CatalogSnapshot,
  whiteLabel: { asked: string | undefined; served: string },
  cityId: number,
  point: LatLng,
): DeliveryPointResponse {
  const brand = resolveWhiteLabel(snapshot, whiteLabel.asked, whiteLabel.served);
  if (getCity(snapshot, cityId).whiteLabelId !== brand) throw new ApiError(404, 'city.not-found', 'cityId');
  return requireDeliveryPoint(snapshot, cityId, point);
}
