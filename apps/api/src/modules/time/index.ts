import type { ApiModule } from '../../core/api-module.ts';
import { timeRoutes } from './time.routes.ts';

export { serverClock } from './server-clock.ts';

/** GET /1/now: the server's clock. */
export const timeModule: ApiModule<{ now: () => number }> = {
  name: 'time',
  async register(app, { now }) {
    await app.register(timeRoutes, { now });
  },
};
