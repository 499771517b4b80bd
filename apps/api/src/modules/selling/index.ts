import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';
import { startPositionPairsJob } from './position-pairs-job.ts';
import type { PositionPairsStore } from './position-pairs-store.ts';

export {
  POSITION_PAIRS_TOP,
  type PositionPairsReport,
  recomputePositionPairs,
} from './position-pairs-job.ts';
export { PositionPairsStore } from './position-pairs-store.ts';

interface SellingDeps {
  config: AppConfig;
  db: Database;
  now: () => number;
  pairs: PositionPairsStore;
}

/**
 * What is sold with an order (decision 56): 'often ordered with', computed in the background from the restaurant's
 * orders (one instance a round) and kept in memory by every instance for the preflight's add-ons. Imports no other
 * module: it reads orders through the schema.
 */
export const sellingModule: ApiModule<SellingDeps> = {
  name: 'selling',
  async register(app, { config, db, now, pairs }) {
    pairs.startPolling(config.env.POSITION_PAIRS_RELOAD_MS);
    const stop = startPositionPairsJob(
      db,
      config.brand.whiteLabel,
      now,
      config.env.POSITION_PAIRS_RECOMPUTE_MS,
      app.log,
      () => pairs.load(),
    );
    app.addHook('onClose', async () => {
      stop();
      pairs.stopPolling();
    });
  },
};
