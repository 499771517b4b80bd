import type { ApiModule } from '../../core/api-module.ts';
import { type EventsRoutesOptions, eventsRoutes } from './events.routes.ts';

/** The outbox's events as server-sent streams: a customer's orders, a restaurant's board. */
export const eventsModule: ApiModule<EventsRoutesOptions> = {
  name: 'events',
  async register(app, deps) {
    await app.register(eventsRoutes, deps);
  },
};
