import type { ApiModule } from '../../core/api-module.ts';
import { adminAuditRoutes } from './admin-audit.routes.ts';
import { adminDishesRoutes } from './admin-dishes.routes.ts';
import type { AdminRoutesOptions } from './admin-routes-options.ts';

/**
 * The back office's API under /api/v1/admin (decision 45): staff tokens, checked for brand and role on every call
 * (admin-access.ts), versioned rows under If-Match, and an audit log written in each change's transaction, with
 * revert. Dishes are the first entity; the next ones copy admin-dishes.ts.
 */
export const adminModule: ApiModule<AdminRoutesOptions> = {
  name: 'admin',
  async register(app, { db, now, catalog }) {
    await app.register(adminDishesRoutes, { db, now, catalog });
    await app.register(adminAuditRoutes, { db, now, catalog });
  },
};
