import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';

export {
  adjustBonus,
  type BonusFacts,
  bonusFactsForPricing,
  grantWelcomeBonus,
  holdOrderBonus,
  readBonusProgram,
  settleOrderBonus,
  settleRefundBonus,
} from './bonus-ledger.ts';

interface BonusDeps {
  config: AppConfig;
  db: Database;
  now: () => number;
}

/**
 * Bonus points (decision 55): the ledger other modules write through (placement holds, status moves release and
 * earn, refunds give back), the person's balance and history, and the sweeper that expires points and settles
 * what a crash left. Imports no other module: it reads orders and refunds through the schema.
 */
export const bonusModule: ApiModule<BonusDeps> = {
  name: 'bonus',
  async register(_app, _deps) {},
};
