import type { ApiModule } from '../../core/api-module.ts';
import { type CatalogRoutesDeps, catalogRoutesOptions } from '../catalog/index.ts';
import { menusRoutes } from './menus.routes.ts';

/** GET calls of the catalog's menus, answered from the snapshot in memory. */
export const menusModule: ApiModule<CatalogRoutesDeps> = {
  name: 'menus',
  async register(app, deps) {
    await app.register(menusRoutes, catalogRoutesOptions(deps));
  },
};
