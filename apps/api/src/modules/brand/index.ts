import type { ApiModule } from '../../core/api-module.ts';
import { registerBrandRoutes } from './brand.routes.ts';
import type { BrandStore } from './brand-store.ts';

/**
 * The brand's public part (decision 50): its settings as /config.json and its static pages, both from the
 * database through the brand store, which the app starts beside the catalog (modules/index.ts).
 */
export const brandModule: ApiModule<{ brand: BrandStore }> = {
  name: 'brand',
  async register(app, { brand }) {
    registerBrandRoutes(app, brand);
  },
};

export { ensureBrandContent, readFolderPages, titleOfMarkdown } from './brand-content.ts';
export { type BrandState, BrandStore, openBrandStore, type PublishedPage } from './brand-store.ts';
