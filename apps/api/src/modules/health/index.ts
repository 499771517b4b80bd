import type { ApiModule } from '../../core/api-module.ts';
import { type HealthOptions, healthRoutes } from './health.routes.ts';

/** Liveness and readiness for load balancers. */
export const healthModule: ApiModule<HealthOptions> = {
  name: 'health',
  async register(app, { db, catalog }) {
    await app.register(healthRoutes, { db, catalog });
  },
};
