import type { ApiModule } from '../../core/api-module.ts';
import { type CatalogRoutesDeps, catalogRoutesOptions } from '../catalog/index.ts';
import { deliveriesRoutes } from './deliveries.routes.ts';

/** GET calls of the catalog's deliveries, answered from the snapshot in memory. */
export const deliveriesModule: ApiModule<CatalogRoutesDeps> = {
  name: 'deliveries',
  async register(app, deps) {
    await app.register(deliveriesRoutes, catalogRoutesOptions(deps));
  },
};
