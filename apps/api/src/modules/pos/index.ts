import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import { mediaStoreOf } from '../../integrations/media-store/media-stores.ts';
import { buildPosAdapter } from '../../integrations/pos/pos-adapters.ts';
import type { AvailabilityStore, CatalogStore } from '../catalog/index.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { startMenuSync } from './menu-sync.ts';
import { startOrderTransfers } from './order-transfer.ts';
import type { PosContext } from './pos-context.ts';
import { posWebhookRoutes } from './pos-webhook.routes.ts';
import { posStopListHook } from './stop-list-push.ts';
import { ensureWebhooks } from './webhook-registration.ts';

export { type MenuSyncResult, runMenuSyncOnce, syncMenu, syncMenuResult } from './menu-sync.ts';
export type { PosContext } from './pos-context.ts';
export { syncStopLists } from './stop-list-sync.ts';
export { registerWebhook, type WebhookRegistration, webhookUriOf } from './webhook-registration.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The POS module's context: tests run its worker's steps by hand. */
    pos: PosContext;
  }
}

interface PosDeps {
  config: AppConfig;
  db: PosContext['db'];
  now: () => number;
  catalog: CatalogStore;
  availability: AvailabilityStore;
  payments: PaymentsContext;
}

/**
 * The chain's point-of-sale system (decision 54): its webhook, and the background work that keeps the menu,
 * the stop-lists and the orders in step with it. Nothing runs for a brand without a POS account.
 */
export const posModule: ApiModule<PosDeps> = {
  name: 'pos',
  async register(app, { config, db, now, catalog, availability, payments }) {
    const env = config.env;
    const pos: PosContext = {
      db,
      whiteLabel: config.brand.whiteLabel,
      adapter: buildPosAdapter(config, app.log),
      log: app.log,
      now,
      publicBase: (env.PUBLIC_API_BASE ?? env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(
        /\/+$/,
        '',
      ),
      syncIntervalMs: env.POS_SYNC_INTERVAL_MS,
      leaseMs: Math.max(30_000, 4 * env.IIKO_TIMEOUT_MS),
      pollMs: env.POS_POLL_MS,
      catalog,
      availability,
      payments,
      mediaStore: mediaStoreOf(config),
    };
    app.decorate('pos', pos);
    await app.register(posWebhookRoutes, { pos });
    if (!pos.adapter) return;
    // Staff's stops and restores on our board reach the linked POS (the catalog calls back through the store).
    availability.onStopChanged(posStopListHook(pos));
    const stops = [startMenuSync(pos), startOrderTransfers(pos)];
    app.addHook('onReady', async () => {
      // A POS that does not answer at start must not stop the storefront: the worker retries later.
      await ensureWebhooks(pos).catch((error: unknown) =>
        app.log.warn({ err: error }, 'pos: webhook registration failed'),
      );
    });
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
    });
  },
};
