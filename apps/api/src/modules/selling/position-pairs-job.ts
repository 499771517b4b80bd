import { CO_OCCURRENCE_DAYS, CO_OCCURRENCE_MIN_ORDERS } from '@storefront/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { positionPairs, restos } from '../../db/schema.ts';

/**
 * The 'often ordered with' job (decision 56): per restaurant, for each dish the dishes most often in the same
 * order — orders of the last CO_OCCURRENCE_DAYS days that were not declined or cancelled, only the dishes the
 * customer chose (`order_lines.kind = 'dish'`, never free condiments or gifts), pairs of at least
 * CO_OCCURRENCE_MIN_ORDERS orders, the top `top` per dish. One statement per restaurant (a self-join of
 * order_lines) replaces its position_pairs rows; the round is one transaction, so readers see the old pairs or
 * the new, never half.
 *
 * It runs in the background, never per request. One instance works a round: the round's transaction takes a
 * try-advisory lock of the brand's job and an instance that does not get it skips the round; a round also skips
 * when the table was computed less than `freshMs` ago (another instance, or this one before a restart, did it).
 */

export const POSITION_PAIRS_TOP = 10;

export interface PositionPairsOptions {
  days?: number;
  minOrders?: number;
  top?: number;
  /** Skip the round when the brand's pairs were computed less than this long ago (0 = always run). */
  freshMs?: number;
}

export interface PositionPairsReport {
  /** False when another instance held the round or the pairs were fresh. */
  ran: boolean;
  restos: number;
  rows: number;
}

export async function recomputePositionPairs(
  db: Database,
  whiteLabel: string,
  nowMs: number,
  options: PositionPairsOptions = {},
): Promise<PositionPairsReport> {
  const days = options.days ?? CO_OCCURRENCE_DAYS;
  const minOrders = options.minOrders ?? CO_OCCURRENCE_MIN_ORDERS;
  const top = options.top ?? POSITION_PAIRS_TOP;
  const freshMs = options.freshMs ?? 0;
  const now = new Date(nowMs);
  const since = new Date(nowMs - days * 86_400_000);
  return db.transaction(async (tx) => {
    const report: PositionPairsReport = { ran: false, restos: 0, rows: 0 };
    const lease = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext(${`position-pairs:${whiteLabel}`})) as got`,
    )) as unknown as { rows: { got: boolean }[] };
    if (lease.rows[0]?.got !== true) return report;
    const brandRestos = await tx
      .select({ id: restos.id })
      .from(restos)
      .where(eq(restos.whiteLabelId, whiteLabel));
    if (freshMs > 0 && brandRestos.length > 0) {
      const last = (await tx.execute(
        sql`select max(computed_at) as at from position_pairs
            where resto_id in (select id from restos where white_label_id = ${whiteLabel})`,
      )) as unknown as { rows: { at: string | Date | null }[] };
      const at = last.rows[0]?.at;
      if (at != null && nowMs - new Date(at).getTime() < freshMs) return report;
    }
    report.ran = true;
    for (const { id: restoId } of brandRestos) {
      await tx.delete(positionPairs).where(eq(positionPairs.restoId, restoId));
      const inserted = (await tx.execute(sql`
        insert into position_pairs (resto_id, position_id, with_position_id, orders, computed_at)
        select ${restoId}, position_id, with_position_id, orders, ${now.toISOString()}::timestamptz
        from (
          select a.position_id, b.position_id as with_position_id, count(distinct o.id)::int as orders,
                 row_number() over (
                   partition by a.position_id
                   order by count(distinct o.id) desc, b.position_id
                 ) as place
          from orders o
          join order_lines a on a.order_id = o.id and a.kind = 'dish'
          join order_lines b on b.order_id = o.id and b.kind = 'dish' and b.position_id <> a.position_id
          where o.resto_id = ${restoId}
            and o.created_at >= ${since.toISOString()}::timestamptz
            and o.created_at <= ${now.toISOString()}::timestamptz
            and o.status not in ('declined', 'canceled')
          group by a.position_id, b.position_id
          having count(distinct o.id) >= ${minOrders}
        ) ranked
        where place <= ${top}
      `)) as unknown as { affectedRows?: number; rowCount?: number | null };
      report.restos += 1;
      report.rows += inserted.rowCount ?? inserted.affectedRows ?? 0;
    }
    return report;
  });
}

/**
 * The timers the app starts: the job every `everyMs` (0 = off; the first round soon after start, skipped when
 * the pairs are fresher than `everyMs`), unref'd; the returned function stops it.
 */
export function startPositionPairsJob(
  db: Database,
  whiteLabel: string,
  now: () => number,
  everyMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  after?: () => Promise<void>,
): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    recomputePositionPairs(db, whiteLabel, now(), { freshMs: everyMs })
      .then(async (report) => {
        if (report.ran) await after?.();
      })
      .catch((error) => log.warn({ err: error }, "'often ordered with' round failed; next round"))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(round, Math.min(everyMs, 60_000));
  first.unref();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
