import type { CatalogStore } from './catalog-store.ts';

/** What every catalog area's routes receive from app.ts. */
export interface CatalogRoutesOptions {
  catalog: CatalogStore;
  /** The brand this deployment serves when a call names none. */
  whiteLabel: string;
  now: () => number;
}
