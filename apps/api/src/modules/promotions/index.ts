import type { ApiModule } from '../../core/api-module.ts';
import { type CatalogRoutesDeps, catalogRoutesOptions } from '../catalog/index.ts';
import { promotionsRoutes } from './promotions.routes.ts';

export { givePromoUseBack } from './promo-uses.ts';
export { restoPromotions } from './promotions.service.ts';

/** GET calls of the catalog's promotions, answered from the snapshot in memory. */
export const promotionsModule: ApiModule<CatalogRoutesDeps> = {
  name: 'promotions',
  async register(app, deps) {
    await app.register(promotionsRoutes, catalogRoutesOptions(deps));
  },
};
