import { DEFAULT_ZONES_PAGE_SIZE, type DeliveryZone } from '@storefront/domain/contracts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import { getResto } from '../restos/index.ts';

function restoZones(snapshot: CatalogSnapshot, restoId: number): DeliveryZone[] {
  getResto(snapshot, restoId, 'restoId');
  return snapshot.zonesByResto.get(restoId) ?? [];
}

/** docs/product.md §7: `{content: [...]}` pages of zones, 100 by default. */
export function restoZonesPage(snapshot: CatalogSnapshot, restoId: number, size = DEFAULT_ZONES_PAGE_SIZE) {
  const zones = restoZones(snapshot, restoId);
  return { content: zones.slice(0, size), size, totalElements: zones.length };
}
