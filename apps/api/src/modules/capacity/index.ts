import type { ApiModule } from '../../core/api-module.ts';
import { type CapacityRoutesOptions, capacityRoutes } from './capacity.routes.ts';

export {
  type CapacityVerdict,
  extendedCookingMinutes,
  holdSlot,
  leadMinutesOf,
  type PreflightCapacity,
  type PromiseRules,
  preflightCapacity,
} from './capacity-promise.ts';
export { CapacityStore, type CapacityView } from './capacity-store.ts';
export { delayAnswer, readDelay } from './delays.ts';
export { giveSlotBack } from './slot-loads.ts';

/**
 * Cooking within capacity (decision 56): orders counted per 15-minute slot, the promised time of each order, the
 * pre-order picker's full slots, staff's delay and the automatic one. Imports only the catalog.
 */
export const capacityModule: ApiModule<CapacityRoutesOptions> = {
  name: 'capacity',
  async register(app, deps) {
    await app.register(capacityRoutes, deps);
  },
};
