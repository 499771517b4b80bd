import type { AppConfig } from '../../config.ts';
import type { CatalogStore } from './catalog-store.ts';

/** What every catalog area's routes receive. */
export interface CatalogRoutesOptions {
  catalog: CatalogStore;
  /** The brand this deployment serves when a call names none. */
  whiteLabel: string;
  now: () => number;
}

/** What a catalog area's module needs of the app to build its routes' options. */
export interface CatalogRoutesDeps {
  config: AppConfig;
  catalog: CatalogStore;
  now: () => number;
}

export const catalogRoutesOptions = ({ config, catalog, now }: CatalogRoutesDeps): CatalogRoutesOptions => ({
  catalog,
  whiteLabel: config.brand.whiteLabel,
  now,
});
