import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';

interface RatingsDeps {
  config: AppConfig;
  db: Database;
  now: () => number;
}

/**
 * The customer's rating of a done order (decision 57): on the order page (signed in) and from a signed link
 * (no sign-in, one order, 7 days); staff see ratings on the order card and the board flags 1–2 stars.
 */
export const ratingsModule: ApiModule<RatingsDeps> = {
  name: 'ratings',
  async register(_app, _deps) {},
};
