import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../integrations/media-store/media-store.ts';
import type { PosAdapter } from '../../integrations/pos/pos-adapter.ts';
import type { AvailabilityStore, CatalogStore } from '../catalog/index.ts';
import type { PaymentsContext } from '../payments/index.ts';

/** What every part of the POS module works with: one per app (decision 54). */
export interface PosContext {
  db: Database;
  /** The brand this instance serves: its worker touches this brand's links and orders only. */
  whiteLabel: string;
  /** Null when the brand has no POS account (IIKO_API_LOGINS): then nothing here runs. */
  adapter: PosAdapter | null;
  log: FastifyBaseLogger;
  now: () => number;
  /** Where the POS sends webhooks: PUBLIC_API_BASE or PUBLIC_URL, without a trailing slash. */
  publicBase: string;
  syncIntervalMs: number;
  /**
   * How long the worker holds a transfer it works on: longer than its POS calls (a read, a send, a check), so a
   * dead instance's row comes back after it. Rows are leased one at a time: a kill holds up one order.
   */
  leaseMs: number;
  pollMs: number;
  catalog: CatalogStore;
  availability: AvailabilityStore;
  payments: PaymentsContext;
  /** Where the POS's dish pictures go, through our image pipeline. */
  mediaStore: MediaStore;
}
