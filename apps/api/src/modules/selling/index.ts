import type { ApiModule } from '../../core/api-module.ts';
import type { PositionPairsStore } from './position-pairs-store.ts';

export { PositionPairsStore } from './position-pairs-store.ts';

interface SellingDeps {
  pairs: PositionPairsStore;
}

/**
 * What is sold with an order (decision 56): 'often ordered with', computed in the background from the restaurant's
 * orders and kept in memory for the preflight's add-ons. Imports no other module.
 */
export const sellingModule: ApiModule<SellingDeps> = {
  name: 'selling',
  async register(_app, _deps) {},
};
