import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import { brandOffset, type ReportDayKey, reportDaysSql, reportItemsSql } from './report-figures.ts';

/**
 * Daily roll-ups kept in step with orders (decision 57): recomputing a day replaces its report_days row and its
 * report_day_items from the raw orders; the job takes the days the outbox marked behind.
 */

/** How many marked days one statement recomputes. */
export const REPORT_ROLLUP_BATCH = 100;

const daysJson = (days: readonly ReportDayKey[]) =>
  JSON.stringify(days.map((d) => ({ resto_id: d.restoId, local_date: d.localDate })));

/**
 * Recomputes these days of the brand from raw orders and replaces their roll-ups (a day without orders any more
 * loses its row). Run it in a transaction so readers see a day's old figures or its new ones, never half.
 */
export async function recomputeReportDays(
  db: Executor,
  whiteLabel: string,
  days: readonly ReportDayKey[],
  at: Date,
): Promise<number> {
  if (days.length === 0) return 0;
  const offset = await brandOffset(db, whiteLabel);
  const asked = sql`(select w.resto_id, w.local_date
    from jsonb_to_recordset(${daysJson(days)}::jsonb) as w(resto_id int, local_date date))`;
  await db.execute(sql`delete from report_day_items
    where white_label_id = ${whiteLabel} and (resto_id, local_date) in ${asked}`);
  await db.execute(sql`delete from report_days
    where white_label_id = ${whiteLabel} and (resto_id, local_date) in ${asked}`);
  const inserted = (await db.execute(sql`
    insert into report_days (white_label_id, resto_id, local_date, placed, orders, done, cancelled, declined,
      revenue, revenue_orders, refunds, gross, discounts, bonus_spent, delivery_fees, new_customers, hours,
      accept_minutes, done_minutes, stars, computed_at)
    select f.*, ${at.toISOString()}::timestamptz from (${reportDaysSql(whiteLabel, offset, days)}) f`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  await db.execute(sql`
    insert into report_day_items (white_label_id, resto_id, local_date, kind, key, count, amount)
    select * from (${reportItemsSql(whiteLabel, offset, days)}) f`);
  return inserted.rowCount ?? inserted.affectedRows ?? 0;
}

/** Recomputes every day of the brand that has orders (the bench and a repair script), in batches. */
export async function rebuildReportDays(
  db: Database,
  whiteLabel: string,
  at: Date = new Date(),
  batch = REPORT_ROLLUP_BATCH,
): Promise<number> {
  const offset = await brandOffset(db, whiteLabel);
  const result = (await db.execute(sql`
    select distinct resto_id, ((created_at at time zone 'UTC') + ${offset}::interval)::date::text as local_date
    from orders where white_label_id = ${whiteLabel} order by 2, 1`)) as unknown as {
    rows: { resto_id: number; local_date: string }[];
  };
  const days = result.rows.map((r) => ({ restoId: Number(r.resto_id), localDate: r.local_date }));
  let done = 0;
  for (let i = 0; i < days.length; i += batch) {
    const part = days.slice(i, i + batch);
    done += await db.transaction((tx) => recomputeReportDays(tx, whiteLabel, part, at));
  }
  await db.execute(
    sql`delete from report_dirty where white_label_id = ${whiteLabel} and marked_at <= ${at.toISOString()}::timestamptz`,
  );
  return done;
}

export interface ReportRollupRound {
  /** False when another instance held the round. */
  ran: boolean;
  days: number;
}

/**
 * One round of the roll-up job: under a try-advisory lock (one instance a round), the oldest marked days, a batch at
 * a time, unmarked and recomputed in one transaction. Only marks made before the round began are taken, so a
 * change that lands meanwhile keeps its day marked for the next round.
 */
export async function runReportRollup(
  db: Database,
  whiteLabel: string,
  nowMs: number,
  batch = REPORT_ROLLUP_BATCH,
  maxBatches = 20,
): Promise<ReportRollupRound> {
  const round: ReportRollupRound = { ran: false, days: 0 };
  const start = new Date(nowMs);
  for (let i = 0; i < maxBatches; i++) {
    const taken = await db.transaction(async (tx) => {
      const lease = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${`report-rollup:${whiteLabel}`})) as got`,
      )) as unknown as { rows: { got: boolean }[] };
      if (lease.rows[0]?.got !== true) return null;
      // Unmark first, then recompute: a mark an uncommitted change is still writing is invisible here, so it stays
      // for the next round; every mark deleted belongs to a committed change, which the recompute's later
      // statements see. A batch is of marks (several may name one day), so a full batch means more may wait.
      const marked = (await tx.execute(sql`
        with taken as (
          delete from report_dirty
          where id in (
            select id from report_dirty
            where white_label_id = ${whiteLabel} and marked_at <= ${start.toISOString()}::timestamptz
            order by id limit ${batch}
            for update skip locked)
          returning resto_id, local_date)
        select resto_id, local_date::text as local_date, count(*)::int as marks from taken group by 1, 2`)) as unknown as {
        rows: { resto_id: number; local_date: string; marks: number }[];
      };
      const days = marked.rows.map((r) => ({ restoId: Number(r.resto_id), localDate: r.local_date }));
      await recomputeReportDays(tx, whiteLabel, days, start);
      return { days: days.length, marks: marked.rows.reduce((sum, r) => sum + Number(r.marks), 0) };
    });
    if (taken === null) return round;
    round.ran = true;
    round.days += taken.days;
    if (taken.marks < batch) break;
  }
  return round;
}

/** The job's timer: a round every `everyMs` (0 = off), unref'd; the returned function stops it. */
export function startReportRollupJob(
  db: Database,
  whiteLabel: string,
  now: () => number,
  everyMs: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): () => void {
  if (everyMs <= 0) return () => {};
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    runReportRollup(db, whiteLabel, now())
      .catch((error) => log.warn({ err: error }, 'report roll-up round failed; next round'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(round, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
