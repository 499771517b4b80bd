import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';
import { bonusRoutes } from './bonus.routes.ts';
import { keepBonusProgramFor } from './bonus-ledger.ts';
import { startBonusSweeper } from './bonus-sweeper.ts';

export { bonusHistory, personBonus } from './bonus-history.ts';
export {
  adjustBonus,
  type BonusFacts,
  balanceOf,
  bonusFactsForPricing,
  bonusState,
  forgetBonusProgram,
  grantWelcomeBonus,
  holdOrderBonus,
  ledgerEntries,
  lockBonusPerson,
  readBonusProgram,
  readBonusProgramRow,
  settleOrderBonus,
  settleRefundBonus,
  writeDueExpiries,
} from './bonus-ledger.ts';
export { type BonusSweepReport, runBonusSweep } from './bonus-sweeper.ts';

interface BonusDeps {
  config: AppConfig;
  db: Database;
  now: () => number;
}

/**
 * Bonus points (decision 55): the ledger other modules write through (placement holds, status moves release and
 * earn, refunds give back), the person's balance and history, and the sweeper that expires points and settles
 * what a missed path left. Imports no other module: it reads orders and refunds through the schema.
 */
export const bonusModule: ApiModule<BonusDeps> = {
  name: 'bonus',
  async register(app, { config, db, now }) {
    const whiteLabel = config.brand.whiteLabel;
    keepBonusProgramFor(config.env.BONUS_PROGRAM_CACHE_MS);
    await app.register(bonusRoutes, { db, whiteLabel, now });
    const stop = startBonusSweeper(db, whiteLabel, now, config.env.BONUS_SWEEP_MS, app.log);
    app.addHook('onClose', async () => stop());
  },
};
