import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { CatalogStore } from '../catalog/index.ts';
import { geocoderRoutes } from './geocoder.routes.ts';

/** The brand's own address search (a Nominatim-compatible answer) for the location popup. */
export const geocoderModule: ApiModule<{ config: AppConfig; catalog: CatalogStore }> = {
  name: 'geocoder',
  async register(app, { config, catalog }) {
    await app.register(geocoderRoutes, { catalog, brand: config.brand, brandDir: config.brandDir });
  },
};
