import { REPORT_MINUTE_BUCKETS } from '@storefront/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/executor.ts';

/**
 * The one computation of a day's figures from raw orders (decision 57). The roll-up job inserts its rows into
 * report_days and report_day_items; a report reads the days still marked behind through the very same SQL, so a
 * rolled-up figure and a live one cannot differ.
 */

export interface ReportDayKey {
  restoId: number;
  /** Brand-local 'YYYY-MM-DD'. */
  localDate: string;
}

/** The brand's offset ('+03:00'): its first restaurant's, as brandDateSql and brandTimezone read it. */
export async function brandOffset(db: Executor, whiteLabel: string): Promise<string> {
  const result = (await db.execute(
    sql`select timezone from restos where white_label_id = ${whiteLabel} order by id limit 1`,
  )) as unknown as { rows: { timezone: string }[] };
  return result.rows[0]?.timezone ?? '+03:00';
}

function offsetMs(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const ms = (Number(match[2]) * 60 + Number(match[3])) * 60_000;
  return match[1] === '-' ? -ms : ms;
}

/** The UTC instants [start, end) that can hold orders of these brand-local dates: narrows the scan of orders. */
function instantBounds(dates: readonly string[], offset: string): { start: string; end: string } {
  const sorted = [...dates].sort();
  const first = Date.parse(`${sorted[0]}T00:00:00Z`) - offsetMs(offset);
  const last = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 86_400_000 - offsetMs(offset);
  return { start: new Date(first).toISOString(), end: new Date(last).toISOString() };
}

/**
 * CTEs `wanted` (the days asked) and `ro` (their orders, one row each, with what every figure needs). The local
 * date is the formula of brandDateSql (the outbox marks by it) with the offset read once.
 */
function reportOrdersCtes(whiteLabel: string, offset: string, days: readonly ReportDayKey[]): SQL {
  const bounds = instantBounds(
    days.map((d) => d.localDate),
    offset,
  );
  const wanted = JSON.stringify(days.map((d) => ({ resto_id: d.restoId, local_date: d.localDate })));
  const last = REPORT_MINUTE_BUCKETS - 1;
  return sql`
    wanted as (
      select distinct w.resto_id, w.local_date
      from jsonb_to_recordset(${wanted}::jsonb) as w(resto_id int, local_date date)
    ),
    placed as (
      select o.*, ((o.created_at at time zone 'UTC') + ${offset}::interval) as local_at
      from orders o
      where o.white_label_id = ${whiteLabel}
        and o.resto_id in (select resto_id from wanted)
        and o.created_at >= ${bounds.start}::timestamptz and o.created_at < ${bounds.end}::timestamptz
    ),
    ro as (
      select o.id, o.resto_id, o.local_at::date as local_date, extract(hour from o.local_at)::int as hour,
             o.status, o.person_id, o.promo_code, o.decline_reason,
             o.status not in ('declined', 'canceled') as counted,
             o.sum, o.discount, o.delivery_price,
             case when o.status in ('declined', 'canceled') then 0
                  else greatest(0, o.bonus_spent - coalesce((
                    select sum(b.amount) from bonus_ledger b where b.order_id = o.id and b.kind = 'refund-return'
                  ), 0)) end as bonus_spent,
             case when o.paid_payment_id is not null then coalesce(kp.amount - kp.refunded, 0)
                  when o.pay_type <> 'CARD_ONLINE' and o.status = 'done' then o.payable
                  else 0 end as revenue,
             coalesce(kp.refunded, 0) as refunds,
             case when o.accepted_at is not null then least(floor(greatest(0,
               extract(epoch from (o.accepted_at - o.created_at))) / 60), ${last})::int end as accept_bucket,
             case when o.status = 'done' and o.pre_order_at is null then (
               select least(floor(greatest(0, extract(epoch from (min(h.at) - o.created_at))) / 60), ${last})::int
               from order_history h where h.order_id = o.id and h.status = 'done') end as done_bucket,
             case when o.status = 'canceled' then (
               select case when h.by = 'customer' then 'customer' when h.by = 'system' then 'unpaid'
                           when h.by = 'pos' then 'pos' else 'staff' end
               from order_history h where h.order_id = o.id and h.status = 'canceled'
               order by h.id desc limit 1) end as cancel_by,
             o.status not in ('declined', 'canceled') and not exists (
               select 1 from orders p
               where p.white_label_id = o.white_label_id and p.person_id = o.person_id
                 and p.status not in ('declined', 'canceled')
                 and (p.created_at < o.created_at or (p.created_at = o.created_at and p.id < o.id))
             ) as is_new
      from placed o
      left join lateral (
        select p.amount, coalesce((
          select sum(r.amount) from payment_refunds r where r.payment_id = p.id and r.status = 'succeeded'
        ), 0) as refunded
        from payments p where p.id = o.paid_payment_id
      ) kp on true
      where (o.resto_id, o.local_at::date) in (select resto_id, local_date from wanted)
    )`;
}

/**
 * A dense histogram per day (or per `unit`) from (resto_id, local_date, k, c) rows: `size` buckets, zeros where none. Grouped over
 * every day at once and joined by the day: a lookup per day would scan the counts once per day, so a statement of
 * n days would take n² (the roll-up's batches grew faster than their size).
 */
export function denseArrays(name: string, counts: string, size: number, unit = 'local_date'): SQL {
  const u = sql.raw(unit);
  return sql`${sql.raw(name)} as (
      select d.resto_id, d.${u}, array_agg(coalesce(c.c, 0)::int order by g.k) as a
      from d cross join generate_series(0, ${size - 1}) g(k)
      left join ${sql.raw(counts)} c on c.resto_id = d.resto_id and c.${u} = d.${u} and c.k = g.k
      group by d.resto_id, d.${u})`;
}

/**
 * The select of report_days' columns (white_label_id … persons, no computed_at) for the asked days that have orders,
 * preceded by its CTEs: use as `with ${daysSql} select …` or insert from it.
 */
export function reportDaysSql(whiteLabel: string, offset: string, days: readonly ReportDayKey[]): SQL {
  return sql`with ${reportOrdersCtes(whiteLabel, offset, days)},
    hour_counts as (select resto_id, local_date, hour as k, count(*) as c from ro where counted group by 1, 2, 3),
    accept_counts as (
      select resto_id, local_date, accept_bucket as k, count(*) as c from ro where accept_bucket is not null
      group by 1, 2, 3),
    done_counts as (
      select resto_id, local_date, done_bucket as k, count(*) as c from ro where done_bucket is not null
      group by 1, 2, 3),
    star_counts as (
      select ro.resto_id, ro.local_date, rt.stars - 1 as k, count(*) as c
      from ro join order_ratings rt on rt.order_id = ro.id group by 1, 2, 3),
    person_counts as (
      select resto_id, local_date, person_id, least(count(*), 2)::int as n from ro where counted group by 1, 2, 3),
    day_persons as (
      select pc.resto_id, pc.local_date, array_agg(pc.person_id order by pc.person_id) as a
      from person_counts pc cross join generate_series(1, pc.n) group by 1, 2),
    d as (
      select resto_id, local_date,
             count(*)::int as placed,
             (count(*) filter (where counted))::int as orders,
             (count(*) filter (where status = 'done'))::int as done,
             (count(*) filter (where status = 'canceled'))::int as cancelled,
             (count(*) filter (where status = 'declined'))::int as declined,
             coalesce(sum(revenue), 0)::bigint as revenue,
             (count(*) filter (where revenue > 0))::int as revenue_orders,
             coalesce(sum(refunds), 0)::bigint as refunds,
             coalesce(sum(sum) filter (where counted), 0)::bigint as gross,
             coalesce(sum(discount) filter (where counted), 0)::bigint as discounts,
             coalesce(sum(bonus_spent), 0)::bigint as bonus_spent,
             coalesce(sum(delivery_price) filter (where counted), 0)::bigint as delivery_fees,
             (count(*) filter (where is_new))::int as new_customers
      from ro group by resto_id, local_date
    ),
    ${denseArrays('day_hours', 'hour_counts', 24)},
    ${denseArrays('day_accept', 'accept_counts', REPORT_MINUTE_BUCKETS)},
    ${denseArrays('day_done', 'done_counts', REPORT_MINUTE_BUCKETS)},
    ${denseArrays('day_stars', 'star_counts', 5)}
    select ${whiteLabel}::text as white_label_id, d.resto_id, d.local_date, d.placed, d.orders, d.done,
           d.cancelled, d.declined, d.revenue, d.revenue_orders, d.refunds, d.gross, d.discounts, d.bonus_spent,
           d.delivery_fees, d.new_customers, h.a as hours, a.a as accept_minutes, dn.a as done_minutes,
           s.a as stars, coalesce(p.a, '{}') as persons
    from d
    join day_hours h using (resto_id, local_date)
    join day_accept a using (resto_id, local_date)
    join day_done dn using (resto_id, local_date)
    join day_stars s using (resto_id, local_date)
    left join day_persons p using (resto_id, local_date)`;
}

/** The select of report_day_items' columns for the asked days, preceded by its CTEs (as reportDaysSql). */
export function reportItemsSql(whiteLabel: string, offset: string, days: readonly ReportDayKey[]): SQL {
  return sql`with ${reportOrdersCtes(whiteLabel, offset, days)},
    items as (
      select ro.resto_id, ro.local_date, l.kind::text as kind, l.position_id::text as key,
             sum(l.count)::int as count, sum(l.payable_amount)::bigint as amount
      from ro join order_lines l on l.order_id = ro.id and l.kind in ('dish', 'gift')
      where ro.counted group by 1, 2, 3, 4
      union all
      select resto_id, local_date, 'promo', promo_code, count(*)::int, sum(discount)::bigint
      from ro where counted and promo_code is not null group by 1, 2, 3, 4
      union all
      select resto_id, local_date, 'cancel', coalesce(cancel_by, 'staff'), count(*)::int, 0::bigint
      from ro where status = 'canceled' group by 1, 2, 3, 4
      union all
      select resto_id, local_date, 'decline', coalesce(decline_reason, 'other'), count(*)::int, 0::bigint
      from ro where status = 'declined' group by 1, 2, 3, 4
      union all
      select ro.resto_id, ro.local_date, 'rating-tag', t.tag, count(*)::int, 0::bigint
      from ro join order_ratings rt on rt.order_id = ro.id cross join unnest(rt.tags) as t(tag)
      group by 1, 2, 3, 4
    )
    select ${whiteLabel}::text as white_label_id, resto_id, local_date, kind, key, count, amount from items`;
}
