import type { ApiModule } from '../../core/api-module.ts';
import { type StopListRoutesOptions, stopListRoutes } from './stop-list.routes.ts';

/**
 * The catalog module's public face. The catalog is what the chain sells and where: cities, restaurants,
 * menus, zones, promotions (a snapshot in memory, catalog-store.ts), and the state staff switch during a
 * shift that decides what can be ordered now: the stop-list and 'busy' (availability-store.ts, stop-list.ts).
 * Other modules import this file only.
 */
export {
  type Availability,
  AvailabilityStore,
  readAvailability,
  type StopChangedListener,
} from './availability-store.ts';
export { type CatalogGet, catalogGet } from './catalog-get.ts';
export {
  type CatalogRoutesDeps,
  type CatalogRoutesOptions,
  catalogRoutesOptions,
} from './catalog-routes-options.ts';
export type { CatalogSnapshot, OnlinePayFilter, Owned, SnapshotMenu } from './catalog-snapshot.ts';
export { CatalogStore, type Produced } from './catalog-store.ts';
export { restaurantDay } from './restaurant-day.ts';
export { busyUntilOf, stopListOf } from './stop-list.ts';
export { resolveWhiteLabel } from './white-label.ts';

/** The catalog's own calls: the stop-list and busy staff switch (the catalog's GET calls are its areas'). */
export const catalogModule: ApiModule<StopListRoutesOptions> = {
  name: 'catalog',
  async register(app, { db, catalog, now, availability }) {
    await app.register(stopListRoutes, { db, catalog, now, availability });
  },
};
