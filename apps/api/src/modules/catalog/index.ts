/**
 * The catalog module's public face. The catalog is what the chain sells and where: cities, restaurants,
 * menus, zones, promotions (a snapshot in memory, catalog-store.ts), and the state staff switch during a
 * shift that decides what can be ordered now: the stop-list and 'busy' (availability-store.ts, stop-list.ts).
 * Other modules import this file only.
 */
export { type Availability, AvailabilityStore, readAvailability } from './availability-store.ts';
export { type CatalogGet, catalogGet } from './catalog-get.ts';
export type { CatalogRoutesOptions } from './catalog-routes-options.ts';
export type { CatalogSnapshot, OnlinePayFilter, Owned, SnapshotMenu } from './catalog-snapshot.ts';
export { CatalogStore, type Produced } from './catalog-store.ts';
export { restaurantDay } from './restaurant-day.ts';
export { stopListRoutes } from './stop-list.routes.ts';
export { busyUntilOf, stopListOf } from './stop-list.ts';
export { resolveWhiteLabel } from './white-label.ts';
