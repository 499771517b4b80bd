import type { ApiModule } from '../../core/api-module.ts';
import { type CatalogRoutesDeps, catalogRoutesOptions } from '../catalog/index.ts';
import { citiesRoutes } from './cities.routes.ts';

export { getCity } from './cities.service.ts';

/** GET calls of the catalog's cities, answered from the snapshot in memory. */
export const citiesModule: ApiModule<CatalogRoutesDeps> = {
  name: 'cities',
  async register(app, deps) {
    await app.register(citiesRoutes, catalogRoutesOptions(deps));
  },
};
