import type { ApiModule } from '../../core/api-module.ts';
import { type CatalogRoutesDeps, catalogRoutesOptions } from '../catalog/index.ts';
import { restosRoutes } from './restos.routes.ts';

export { getResto } from './restos.service.ts';

/** GET calls of the catalog's restos, answered from the snapshot in memory. */
export const restosModule: ApiModule<CatalogRoutesDeps> = {
  name: 'restos',
  async register(app, deps) {
    await app.register(restosRoutes, catalogRoutesOptions(deps));
  },
};
