import type { AppConfig } from '../../config.ts';
import type { ApiModule } from '../../core/api-module.ts';
import type { Database } from '../../db/client.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { createSmsSender } from '../../integrations/sms/sms-senders.ts';
import { type RatingInvitesDeps, startRatingInvitesJob } from './rating-invites-job.ts';
import { readRatingLinkKey } from './rating-token.ts';
import { ratingsRoutes } from './ratings.routes.ts';
import { staffRatingsRoutes } from './staff-ratings.routes.ts';

export {
  RATING_INVITE_AFTER_MINUTES,
  type RatingInvitesReport,
  ratingInviteText,
  sendRatingInvites,
} from './rating-invites-job.ts';
export { type RatingLinkKey, readRatingLinkKey, signRatingToken, verifyRatingToken } from './rating-token.ts';

interface RatingsDeps {
  config: AppConfig;
  db: Database;
  now: () => number;
}

/** The storefront's public origin, where the link's page `/rate/{token}` is (as the payments module's return page). */
export function publicOriginOf(config: AppConfig): string {
  return (config.env.PUBLIC_URL ?? `http://${config.env.HOST}:${config.env.PORT}`).replace(/\/+$/, '');
}

/** What a round of rating invites needs; tests build it with a sender of their own. */
export function ratingInvitesDeps(
  config: AppConfig,
  db: Database,
  sms: SmsSender,
  log: RatingInvitesDeps['log'],
): RatingInvitesDeps {
  return {
    db,
    whiteLabel: config.brand.whiteLabel,
    brandName: config.brand.name,
    locale: config.brand.locales[0] === 'en' ? 'en' : 'ru',
    publicOrigin: publicOriginOf(config),
    linkKey: readRatingLinkKey(config),
    sms,
    log,
  };
}

/**
 * The customer's rating of a done order (decision 57): on the order page (signed in) and from a signed link
 * (no sign-in, one order, 7 days) sent by SMS a while after the order is done; staff see ratings on the order card,
 * the board flags 1–2 stars, and the reports screen lists them with their comments.
 */
export const ratingsModule: ApiModule<RatingsDeps> = {
  name: 'ratings',
  async register(app, { config, db, now }) {
    const linkKey = readRatingLinkKey(config);
    await app.register(ratingsRoutes, { db, config, now, linkKey });
    await app.register(staffRatingsRoutes, { db, now });
    // Tests run rounds by hand on their pinned clock.
    const everyMs = config.env.NODE_ENV === 'test' ? 0 : config.env.RATING_INVITE_SWEEP_MS;
    const sms = createSmsSender(app.authentication.settings.sms, app.log);
    const stop = startRatingInvitesJob(ratingInvitesDeps(config, db, sms, app.log), now, everyMs);
    app.addHook('onClose', async () => stop());
  },
};
