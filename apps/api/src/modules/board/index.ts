import type { ApiModule } from '../../core/api-module.ts';
import { type BoardRoutesOptions, boardRoutes } from './board.routes.ts';

export { visibleOrderRow } from './board-read.ts';

/** The order board under /api/v1/staff: the restaurants' orders and the staff's moves on them. */
export const boardModule: ApiModule<BoardRoutesOptions> = {
  name: 'board',
  async register(app, deps) {
    await app.register(boardRoutes, deps);
  },
};
