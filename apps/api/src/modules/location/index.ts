import type { ApiModule } from '../../core/api-module.ts';
import { type CatalogRoutesDeps, catalogRoutesOptions } from '../catalog/index.ts';
import { locationRoutes } from './location.routes.ts';

export { findDeliveryPoint } from './delivery-point.ts';

/** GET calls of the catalog's location, answered from the snapshot in memory. */
export const locationModule: ApiModule<CatalogRoutesDeps> = {
  name: 'location',
  async register(app, deps) {
    await app.register(locationRoutes, catalogRoutesOptions(deps));
  },
};
