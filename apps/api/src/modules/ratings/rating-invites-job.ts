import { pickText, ratingLinkExpiresAtMs } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { type RatingLinkKey, signRatingToken } from './rating-token.ts';

/**
 * The rating invites (decision 57): a while after an order is done (RATING_INVITE_AFTER_MINUTES), while its link
 * still works, the customer gets one SMS with the link to rate it. An order already rated gets none.
 *
 * A round claims its orders by inserting rating_invites rows (the order id is the key) in a transaction under a
 * try-advisory lock of the brand's job, and sends after the commit: an order is claimed by one instance once, so
 * two instances never send it twice, and a crash between the claim and the sending loses that one message rather
 * than repeating it (the row stays 'sending').
 */

export const RATING_INVITE_AFTER_MINUTES = 60;
/** Orders one round invites at most; the rest wait for the next. */
export const RATING_INVITE_BATCH = 50;

export interface RatingInvitesDeps {
  db: Database;
  whiteLabel: string;
  /** The brand's name and its first locale: the SMS speaks the brand's language. */
  brandName: { ru: string; en?: string };
  locale: 'ru' | 'en';
  /** The storefront's public origin, without a trailing slash: the link is `${origin}/rate/${token}`. */
  publicOrigin: string;
  linkKey: RatingLinkKey;
  sms: SmsSender;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface RatingInvitesReport {
  /** False when another instance held the round. */
  ran: boolean;
  sent: number;
  failed: number;
}

interface Claimed {
  orderId: number;
  number: string;
  phone: string;
  doneAt: Date;
}

export function ratingInviteText(
  deps: Pick<RatingInvitesDeps, 'brandName' | 'locale'>,
  number: string,
  link: string,
) {
  const brand = pickText(deps.brandName, deps.locale);
  return deps.locale === 'en'
    ? `${brand}: how was order ${number}? Rate it: ${link}`
    : `${brand}: как вам заказ ${number}? Оцените: ${link}`;
}

export async function sendRatingInvites(
  deps: RatingInvitesDeps,
  nowMs: number,
): Promise<RatingInvitesReport> {
  const report: RatingInvitesReport = { ran: false, sent: 0, failed: 0 };
  const now = new Date(nowMs).toISOString();
  const doneBefore = new Date(nowMs - RATING_INVITE_AFTER_MINUTES * 60_000).toISOString();
  // The link must still work when it arrives: done within its life.
  const doneAfter = new Date(nowMs - ratingLinkExpiresAtMs(0)).toISOString();
  const claimed = await deps.db.transaction(async (tx) => {
    const lease = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`rating-invites:${deps.whiteLabel}`})) as got`,
    )) as unknown as { rows: { got: boolean }[] };
    if (lease.rows[0]?.got !== true) return null;
    const result = (await tx.execute(sql`
      with due as (
        select o.id as order_id, o.number, o.person_phone as phone, d.done_at
        from orders o
        join lateral (
          select max(h.at) as done_at from order_history h where h.order_id = o.id and h.status = 'done'
        ) d on true
        where o.white_label_id = ${deps.whiteLabel}
          and o.status = 'done'
          and d.done_at <= ${doneBefore}::timestamptz
          and d.done_at > ${doneAfter}::timestamptz
          and not exists (select 1 from rating_invites i where i.order_id = o.id)
          and not exists (select 1 from order_ratings r where r.order_id = o.id)
        order by d.done_at, o.id
        limit ${RATING_INVITE_BATCH}
      ), claimed as (
        insert into rating_invites (order_id, white_label_id, status, created_at)
        select order_id, ${deps.whiteLabel}, 'sending', ${now}::timestamptz from due
        on conflict (order_id) do nothing
        returning order_id
      )
      select due.order_id, due.number, due.phone, due.done_at from due join claimed using (order_id)
      order by due.done_at, due.order_id
    `)) as unknown as {
      rows: { order_id: number; number: string; phone: string; done_at: string | Date }[];
    };
    return result.rows.map(
      (row): Claimed => ({
        orderId: Number(row.order_id),
        number: row.number,
        phone: row.phone,
        doneAt: new Date(row.done_at),
      }),
    );
  });
  if (claimed === null) return report;
  report.ran = true;
  for (const invite of claimed) {
    const token = signRatingToken(
      deps.linkKey,
      invite.orderId,
      ratingLinkExpiresAtMs(invite.doneAt.getTime()),
    );
    const text = ratingInviteText(deps, invite.number, `${deps.publicOrigin}/rate/${token}`);
    let status: 'sent' | 'failed' = 'sent';
    try {
      await deps.sms.send(invite.phone, text);
      report.sent += 1;
    } catch (error) {
      status = 'failed';
      report.failed += 1;
      deps.log.warn({ err: error, orderId: invite.orderId }, 'rating invite not sent');
    }
    await deps.db.execute(sql`
      update rating_invites set status = ${status}, sent_at = ${status === 'sent' ? now : null}::timestamptz
      where order_id = ${invite.orderId}`);
  }
  return report;
}

/** The job's timer: a round every `everyMs` (0 = off), unref'd; the returned function stops it. */
export function startRatingInvitesJob(
  deps: RatingInvitesDeps,
  now: () => number,
  everyMs: number,
): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    sendRatingInvites(deps, now())
      .then((report) => {
        if (report.sent + report.failed > 0) deps.log.info(report, 'rating invites sent');
      })
      .catch((error) => deps.log.warn({ err: error }, 'rating invites round failed; next round'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(round, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
