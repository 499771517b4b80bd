import type { Database } from '../../db/client.ts';
import type { CatalogStore } from '../catalog/index.ts';

/** What the back office's routes use: the database, the API's clock, and this instance's catalog to reload. */
export interface AdminRoutesOptions {
  db: Database;
  now: () => number;
  catalog: CatalogStore;
}
