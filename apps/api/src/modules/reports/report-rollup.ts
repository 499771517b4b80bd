import { monthOf, REPORT_MINUTE_BUCKETS } from '@storefront/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../core/executor.ts';
import type { Database } from '../../db/client.ts';
import {
  brandOffset,
  denseArrays,
  type ReportDayKey,
  reportDaysSql,
  reportItemsSql,
} from './report-figures.ts';

/**
 * Daily roll-ups kept in step with orders (decision 57): recomputing a day replaces its report_days row and its
 * report_day_items from the raw orders, then its month's report_months row and items from the days; the job takes
 * the days the outbox marked behind.
 */

/** How many marked days one statement recomputes. */
export const REPORT_ROLLUP_BATCH = 100;

const daysJson = (days: readonly ReportDayKey[]) =>
  JSON.stringify(days.map((d) => ({ resto_id: d.restoId, local_date: d.localDate })));

/**
 * Recomputes these days of the brand from raw orders and replaces their roll-ups (a day without orders any more
 * loses its row), and their months unless told not to (a rebuild sums each month once, after all its days). Run it in a transaction so readers see a day's old figures or its new ones, never half.
 */
export async function recomputeReportDays(
  db: Executor,
  whiteLabel: string,
  days: readonly ReportDayKey[],
  at: Date,
  { months = true }: { months?: boolean } = {},
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
      accept_minutes, done_minutes, stars, persons, computed_at)
    select f.*, ${at.toISOString()}::timestamptz from (${reportDaysSql(whiteLabel, offset, days)}) f`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  await db.execute(sql`
    insert into report_day_items (white_label_id, resto_id, local_date, kind, key, count, amount)
    select * from (${reportItemsSql(whiteLabel, offset, days)}) f`);
  if (months) await recomputeReportMonths(db, whiteLabel, days, at);
  return inserted.rowCount ?? inserted.affectedRows ?? 0;
}

/**
 * Replaces the report_months rows and items of these days' months by the sums of their report_days rows (run after
 * the days, in their transaction). A month is read by a report only while none of its days is marked behind, so
 * a month summed while some of its days are still to be recomputed is recomputed again with the last of them.
 */
export async function recomputeReportMonths(
  db: Executor,
  whiteLabel: string,
  days: readonly ReportDayKey[],
  at: Date,
): Promise<void> {
  if (days.length === 0) return;
  const months = [...new Set(days.map((d) => `${d.restoId}|${monthOf(d.localDate)}`))].map((key) => {
    const [restoId, month] = key.split('|') as [string, string];
    return { resto_id: Number(restoId), month };
  });
  const asked = sql`(select w.resto_id, w.month
    from jsonb_to_recordset(${JSON.stringify(months)}::jsonb) as w(resto_id int, month date))`;
  // The asked months' days: one range scan from the first month to the last, then kept by (restaurant, month).
  // Joined month by month instead, each month's range of the (brand, date, restaurant) key was read once per
  // restaurant: a chain's month, a hundred times over.
  const sorted = months.map((m) => m.month).sort();
  const firstMonth = sorted[0] as string;
  const lastMonth = sorted[sorted.length - 1] as string;
  const monthsDays = (table: string) => {
    const t = sql.raw(table);
    return sql`${t}.white_label_id = ${whiteLabel}
      and ${t}.local_date >= ${firstMonth}::date and ${t}.local_date < (${lastMonth}::date + interval '1 month')::date
      and (${t}.resto_id, date_trunc('month', ${t}.local_date)::date) in ${asked}`;
  };
  await db.execute(sql`delete from report_month_items
    where white_label_id = ${whiteLabel} and (resto_id, month) in ${asked}`);
  await db.execute(sql`delete from report_months
    where white_label_id = ${whiteLabel} and (resto_id, month) in ${asked}`);
  await db.execute(sql`
    with asked as ${asked},
    dd as (
      select date_trunc('month', r.local_date)::date as month, r.*
      from report_days r where ${monthsDays('r')}
    ),
    d as (
      select resto_id, month, sum(placed)::int as placed, sum(orders)::int as orders, sum(done)::int as done,
             sum(cancelled)::int as cancelled, sum(declined)::int as declined, sum(revenue)::bigint as revenue,
             sum(revenue_orders)::int as revenue_orders, sum(refunds)::bigint as refunds,
             sum(gross)::bigint as gross, sum(discounts)::bigint as discounts,
             sum(bonus_spent)::bigint as bonus_spent, sum(delivery_fees)::bigint as delivery_fees,
             sum(new_customers)::int as new_customers
      from dd group by resto_id, month
    ),
    heat_counts as (
      select dd.resto_id, dd.month, (extract(isodow from dd.local_date)::int - 1) * 24 + h.i::int - 1 as k,
             sum(h.v) as c
      from dd cross join unnest(dd.hours) with ordinality h(v, i) group by 1, 2, 3),
    accept_counts as (
      select dd.resto_id, dd.month, h.i::int - 1 as k, sum(h.v) as c
      from dd cross join unnest(dd.accept_minutes) with ordinality h(v, i) group by 1, 2, 3),
    done_counts as (
      select dd.resto_id, dd.month, h.i::int - 1 as k, sum(h.v) as c
      from dd cross join unnest(dd.done_minutes) with ordinality h(v, i) group by 1, 2, 3),
    star_counts as (
      select dd.resto_id, dd.month, h.i::int - 1 as k, sum(h.v) as c
      from dd cross join unnest(dd.stars) with ordinality h(v, i) group by 1, 2, 3),
    person_counts as (
      select dd.resto_id, dd.month, p.id, least(count(*), 2)::int as n
      from dd cross join unnest(dd.persons) p(id) group by 1, 2, 3),
    month_persons as (
      select pc.resto_id, pc.month, array_agg(pc.id order by pc.id) as a
      from person_counts pc cross join generate_series(1, pc.n) group by 1, 2),
    ${denseArrays('month_heat', 'heat_counts', 7 * 24, 'month')},
    ${denseArrays('month_accept', 'accept_counts', REPORT_MINUTE_BUCKETS, 'month')},
    ${denseArrays('month_done', 'done_counts', REPORT_MINUTE_BUCKETS, 'month')},
    ${denseArrays('month_stars', 'star_counts', 5, 'month')}
    insert into report_months (white_label_id, resto_id, month, placed, orders, done, cancelled, declined, revenue,
      revenue_orders, refunds, gross, discounts, bonus_spent, delivery_fees, new_customers, heat, accept_minutes,
      done_minutes, stars, persons, computed_at)
    select ${whiteLabel}, d.resto_id, d.month, d.placed, d.orders, d.done, d.cancelled, d.declined, d.revenue,
           d.revenue_orders, d.refunds, d.gross, d.discounts, d.bonus_spent, d.delivery_fees, d.new_customers,
           h.a, a.a, dn.a, s.a, coalesce(p.a, '{}'), ${at.toISOString()}::timestamptz
    from d
    join month_heat h using (resto_id, month)
    join month_accept a using (resto_id, month)
    join month_done dn using (resto_id, month)
    join month_stars s using (resto_id, month)
    left join month_persons p using (resto_id, month)`);
  await db.execute(sql`
    insert into report_month_items (white_label_id, resto_id, month, kind, key, count, amount)
    select ${whiteLabel}, i.resto_id, date_trunc('month', i.local_date)::date, i.kind, i.key, sum(i.count)::int,
           sum(i.amount)::bigint
    from report_day_items i where ${monthsDays('i')}
    group by 1, 2, 3, 4, 5`);
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
    done += await db.transaction((tx) => recomputeReportDays(tx, whiteLabel, part, at, { months: false }));
  }
  // The months once all their days are in, a month of the chain's restaurants at a time.
  const byMonth = new Map<string, ReportDayKey[]>();
  for (const day of days) {
    const key = monthOf(day.localDate);
    byMonth.set(key, [...(byMonth.get(key) ?? []), day]);
  }
  for (const monthDays of byMonth.values())
    await db.transaction((tx) => recomputeReportMonths(tx, whiteLabel, monthDays, at));
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
