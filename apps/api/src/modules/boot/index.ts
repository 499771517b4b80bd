import type { BrandConfig } from '@storefront/domain/contracts';
import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import { bootRoutes } from './boot.routes.ts';

/** GET /1/p/boot: a returning customer's whole boot in one call (decision 33). */
export const bootModule: ApiModule<{ config: AppConfig; brand: { readonly settings: BrandConfig } }> = {
  name: 'boot',
  async register(app, { config, brand }) {
    await app.register(bootRoutes, {
      whiteLabel: config.brand.whiteLabel,
      preOrder: () => brand.settings.features.preOrder,
    });
  },
};
