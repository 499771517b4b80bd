import type { Locale } from '@storefront/domain';
import type { Database } from '../../db/client.ts';
import type { CatalogSnapshot } from '../catalog/index.ts';
import type { PaymentsContext } from '../payments/index.ts';

/** What the board's calls work with: one per app. */
export interface BoardContext {
  db: Database;
  snapshot: () => CatalogSnapshot;
  now: () => number;
  lateMinutes: number;
  payments: PaymentsContext;
}

/** Who acts, as the order's history records it ('staff:<id>'). */
export const staffActor = (staffId: number) => `staff:${staffId}`;

export interface ReadOptions {
  locale: Locale;
}
