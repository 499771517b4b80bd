import {
  averageCheckOf,
  DECLINE_REASONS,
  dateOfDayNumber,
  dayNumberOf,
  type LocalizedText,
  minor,
  percentileOfHistogram,
  RATING_TAGS,
  REPORT_MINUTE_BUCKETS,
  REPORT_TOP,
} from '@storefront/domain';
import type { Report, ReportSummary } from '@storefront/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/executor.ts';
import { type ReportDayKey, reportDaysSql, reportItemsSql } from './report-figures.ts';
import type { ReportScope } from './report-scope.ts';

/**
 * A report (decision 57): the period's days summed from report_days and report_day_items, except the days still
 * marked behind, whose rows come from the same SQL the roll-up inserts from, read live from raw orders.
 */

type Rows<T> = { rows: T[] };

const num = (value: unknown) => Number(value ?? 0);

async function markedDays(db: Executor, scope: ReportScope): Promise<ReportDayKey[]> {
  if (scope.restoIds.length === 0) return [];
  const result = (await db.execute(sql`
    select distinct resto_id, local_date::text as local_date from report_dirty
    where white_label_id = ${scope.whiteLabel}
      and resto_id in (select unnest(${`{${scope.restoIds.join(',')}}`}::int[]))
      and local_date between ${scope.period.from}::date and ${scope.period.to}::date`)) as unknown as Rows<{
    resto_id: number;
    local_date: string;
  }>;
  return result.rows.map((r) => ({ restoId: Number(r.resto_id), localDate: r.local_date }));
}

/** The CTEs `all_days` and `all_items`: rolled-up rows of days not marked, live rows of the marked ones. */
function periodCtes(scope: ReportScope, marked: readonly ReportDayKey[]): SQL {
  const restos = `{${scope.restoIds.join(',')}}`;
  const notMarked = (table: string) => sql`not exists (
      select 1 from report_dirty m where m.white_label_id = ${sql.raw(table)}.white_label_id
        and m.resto_id = ${sql.raw(table)}.resto_id and m.local_date = ${sql.raw(table)}.local_date)`;
  const inScope = (table: string) => sql`${sql.raw(table)}.white_label_id = ${scope.whiteLabel}
      and ${sql.raw(table)}.resto_id in (select unnest(${restos}::int[]))
      and ${sql.raw(table)}.local_date between ${scope.period.from}::date and ${scope.period.to}::date`;
  const dayColumns = sql.raw(
    'resto_id, local_date, placed, orders, done, cancelled, declined, revenue, revenue_orders, refunds, gross, ' +
      'discounts, bonus_spent, delivery_fees, new_customers, hours, accept_minutes, done_minutes, stars',
  );
  const liveDays =
    marked.length > 0
      ? sql`union all select ${dayColumns} from (${reportDaysSql(scope.whiteLabel, scope.timezone, marked)}) live`
      : sql``;
  const liveItems =
    marked.length > 0
      ? sql`union all select kind, key, count, amount
          from (${reportItemsSql(scope.whiteLabel, scope.timezone, marked)}) live`
      : sql``;
  // The arrays are copied out of their stored form once per row (`|| '{}'`): a stored array over 2 kB is kept
  // compressed, and each subscript of the bucket sums would decompress it again (a year: 45 s instead of 0.3 s).
  const rolledColumns = sql.raw(
    'resto_id, local_date, placed, orders, done, cancelled, declined, revenue, revenue_orders, refunds, gross, ' +
      "discounts, bonus_spent, delivery_fees, new_customers, hours || '{}'::int[] as hours, " +
      "accept_minutes || '{}'::int[] as accept_minutes, done_minutes || '{}'::int[] as done_minutes, " +
      "stars || '{}'::int[] as stars",
  );
  // all_items is read once, by a grouping: not materialized, so its 2.5 million rows of a year are grouped as
  // they are scanned rather than written to a work file first.
  return sql`all_days as materialized (
      select ${rolledColumns} from report_days rd where ${inScope('rd')} and ${notMarked('rd')}
      ${liveDays}
    ),
    all_items as (
      select kind, key, count, amount from report_day_items ri where ${inScope('ri')} and ${notMarked('ri')}
      ${liveItems}
    )`;
}

interface DayRow {
  date: string;
  placed: number;
  orders: number;
  revenue: number;
  revenue_orders: number;
}

interface Totals {
  placed: number;
  orders: number;
  done: number;
  cancelled: number;
  declined: number;
  revenue: number;
  revenue_orders: number;
  refunds: number;
  gross: number;
  discounts: number;
  bonus_spent: number;
  delivery_fees: number;
  new_customers: number;
}

const TOTAL_COLUMNS = [
  'placed',
  'orders',
  'done',
  'cancelled',
  'declined',
  'revenue',
  'revenue_orders',
  'refunds',
  'gross',
  'discounts',
  'bonus_spent',
  'delivery_fees',
  'new_customers',
] as const;

const totalsSelect = sql.raw(TOTAL_COLUMNS.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', '));

function totalsOf(row: Record<string, unknown> | undefined): Totals {
  const totals = {} as Totals;
  for (const column of TOTAL_COLUMNS) totals[column] = num(row?.[column]);
  return totals;
}

async function currencyOf(db: Executor, whiteLabel: string): Promise<string> {
  const result = (await db.execute(
    sql`select currency from restos where white_label_id = ${whiteLabel} order by id limit 1`,
  )) as unknown as Rows<{ currency: string }>;
  return result.rows[0]?.currency ?? 'RUB';
}

/** The headline only: orders, revenue, average check (one statement over the days). */
export async function buildSummary(db: Executor, scope: ReportScope, _nowMs: number): Promise<ReportSummary> {
  const marked = await markedDays(db, scope);
  const result = (await db.execute(sql`with ${periodCtes(scope, marked)}
    select ${totalsSelect} from all_days`)) as unknown as Rows<Record<string, unknown>>;
  const totals = totalsOf(result.rows[0]);
  return {
    from: scope.period.from,
    to: scope.period.to,
    timezone: scope.timezone,
    restoIds: scope.restoIds,
    currency: await currencyOf(db, scope.whiteLabel),
    orders: totals.orders,
    revenue: minor(totals.revenue),
    averageCheck: minor(averageCheckOf(totals.revenue, totals.revenue_orders)),
  };
}

/**
 * Bucket-wise sums of an int[] column over all_days as one JSON array: a sum per subscript reads each row once,
 * about three times faster than unnesting the arrays and grouping by position.
 */
const sumsOf = (column: string, size: number) =>
  sql.raw(
    `to_json(array[${Array.from({ length: size }, (_, i) => `coalesce(sum(${column}[${i + 1}]), 0)`).join(', ')}])`,
  );

function timingOf(histogram: number[]) {
  return {
    count: histogram.reduce((sum, n) => sum + n, 0),
    median: percentileOfHistogram(histogram, 0.5),
    p90: percentileOfHistogram(histogram, 0.9),
  };
}

const byCountThen =
  <T extends { count: number }>(tie: (a: T, b: T) => number) =>
  (a: T, b: T) =>
    b.count - a.count || tie(a, b);

/**
 * One of a report's two big statements in a transaction of its own, with JIT off and room for the period's
 * persons: compiling the bucket sums' few hundred aggregates took 4 s of a year's report, more than the whole
 * statement runs without it, and a year's 400 000 persons spill a 4 MB hash to disk.
 */
async function reportStatement<T>(db: Executor, query: SQL): Promise<Rows<T>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    return (await tx.execute(query)) as unknown as Rows<T>;
  });
}

/**
 * Two independent reads at once on the pool's connections (a year: the roll-ups' sums beside the raw orders'
 * persons); in a caller's transaction, one after the other, since they share its one connection.
 */
async function bothOf<A, B>(db: Executor, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (db instanceof PgTransaction) return [await a(), await b()];
  return Promise.all([a(), b()]);
}

/** The whole report of a scope. */
export async function buildReport(db: Executor, scope: ReportScope, _nowMs: number): Promise<Report> {
  const marked = await markedDays(db, scope);
  const ctes = periodCtes(scope, marked);
  const customersSql = sql`
    select count(*)::int as total, (count(*) filter (where n >= 2))::int as repeat from (
      select o.person_id, count(*) as n from orders o
      where o.white_label_id = ${scope.whiteLabel}
        and o.resto_id in (select unnest(${`{${scope.restoIds.join(',')}}`}::int[]))
        and o.created_at >= ${instantOf(scope.period.from, scope.timezone)}::timestamptz
        and o.created_at < ${instantOf(dateOfDayNumber((dayNumberOf(scope.period.to) ?? 0) + 1), scope.timezone)}::timestamptz
        and o.status not in ('declined', 'canceled')
      group by o.person_id) p`;
  const reportSql = sql`with ${ctes}
    select
      (select row_to_json(t) from (select ${totalsSelect} from all_days) t) as totals,
      (select coalesce(json_agg(t), '[]') from (
        select local_date::text as date, sum(placed)::bigint as placed, sum(orders)::bigint as orders,
               sum(revenue)::bigint as revenue, sum(revenue_orders)::bigint as revenue_orders
        from all_days group by local_date) t) as days,
      (select coalesce(json_agg(t), '[]') from (
        select (extract(isodow from local_date)::int - 1) as weekday, ${sumsOf('hours', 24)} as hours
        from all_days group by 1) t) as heat,
      (select json_build_object('accept', ${sumsOf('accept_minutes', REPORT_MINUTE_BUCKETS)},
        'done', ${sumsOf('done_minutes', REPORT_MINUTE_BUCKETS)}, 'stars', ${sumsOf('stars', 5)})
        from all_days) as hist,
      (select coalesce(json_agg(t), '[]') from (
        select kind, key, sum(count)::bigint as count, sum(amount)::bigint as amount
        from all_items group by kind, key) t) as items`;
  const [result, customers] = await bothOf(
    db,
    () =>
      reportStatement<{
        totals: Record<string, unknown> | string;
        days: DayRow[] | string;
        heat: { weekday: number; hours: (number | null)[] }[] | string;
        hist: Record<'accept' | 'done' | 'stars', (number | null)[]> | string;
        items: { kind: string; key: string; count: number; amount: number }[] | string;
      }>(db, reportSql),
    () => reportStatement<{ total: number; repeat: number }>(db, customersSql),
  );
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  const row = result.rows[0];
  if (!row) throw new Error('report query answered no row');
  const totals = totalsOf(parse(row.totals));

  const heatMap = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const line of parse(row.heat)) heatMap[num(line.weekday)] = line.hours.map(num);
  const hist = parse(row.hist);
  const accept = hist.accept.map(num);
  const done = hist.done.map(num);
  const stars = hist.stars.map(num);

  const items = parse(row.items).map((i) => ({
    kind: i.kind,
    key: i.key,
    count: num(i.count),
    amount: num(i.amount),
  }));
  const ofKind = (kind: string) => items.filter((i) => i.kind === kind);
  const positionIds = [
    ...new Set(items.filter((i) => i.kind === 'dish' || i.kind === 'gift').map((i) => Number(i.key))),
  ];
  const names = new Map<number, LocalizedText>();
  if (positionIds.length > 0) {
    const found = (await db.execute(sql`select id, name from positions
      where id in (select unnest(${`{${positionIds.join(',')}}`}::int[]))`)) as unknown as Rows<{
      id: number;
      name: LocalizedText | string;
    }>;
    for (const p of found.rows) names.set(Number(p.id), parse(p.name));
  }
  const addOnRows = (await db.execute(sql`select distinct unnest(add_on_position_ids) as id from menus
    where white_label_id = ${scope.whiteLabel}`)) as unknown as Rows<{ id: number }>;
  const addOns = new Set(addOnRows.rows.map((r) => Number(r.id)));
  const positionLines = (kind: 'dish' | 'gift') =>
    ofKind(kind)
      .map((i) => ({
        positionId: Number(i.key),
        name: names.get(Number(i.key)) ?? { ru: `#${i.key}` },
        count: i.count,
        amount: minor(i.amount),
      }))
      .sort(byCountThen((a, b) => b.amount - a.amount || a.positionId - b.positionId));
  const dishes = positionLines('dish');

  const customerTotal = num(customers.rows[0]?.total);

  const dayRows = new Map(parse(row.days).map((d) => [d.date, d]));
  const first = dayNumberOf(scope.period.from) ?? 0;
  const days = Array.from({ length: scope.period.days }, (_, i) => {
    const date = dateOfDayNumber(first + i);
    const d = dayRows.get(date);
    return {
      date,
      placed: num(d?.placed),
      orders: num(d?.orders),
      revenue: minor(num(d?.revenue)),
      averageCheck: minor(averageCheckOf(num(d?.revenue), num(d?.revenue_orders))),
    };
  });

  const rated = stars.reduce((sum, n) => sum + n, 0);
  const starSum = stars.reduce((sum, n, i) => sum + n * (i + 1), 0);
  const summary = await buildSummaryFrom(db, scope, totals);
  return {
    ...summary,
    placed: totals.placed,
    done: totals.done,
    cancelled: totals.cancelled,
    declined: totals.declined,
    revenueOrders: totals.revenue_orders,
    refunds: minor(totals.refunds),
    gross: minor(totals.gross),
    discounts: minor(totals.discounts),
    bonusSpent: minor(totals.bonus_spent),
    deliveryFees: minor(totals.delivery_fees),
    cancels: ofKind('cancel')
      .map((i) => ({ reason: i.key, count: i.count }))
      .sort(byCountThen((a, b) => a.reason.localeCompare(b.reason))),
    declines: ofKind('decline')
      .filter((i): i is typeof i & { key: (typeof DECLINE_REASONS)[number] } =>
        (DECLINE_REASONS as readonly string[]).includes(i.key),
      )
      .map((i) => ({ reason: i.key, count: i.count }))
      .sort(byCountThen((a, b) => a.reason.localeCompare(b.reason))),
    customers: {
      total: customerTotal,
      new: totals.new_customers,
      returning: Math.max(0, customerTotal - totals.new_customers),
      repeat: num(customers.rows[0]?.repeat),
    },
    topDishes: dishes.slice(0, REPORT_TOP),
    topAddOns: dishes.filter((d) => addOns.has(d.positionId)).slice(0, REPORT_TOP),
    gifts: positionLines('gift').slice(0, REPORT_TOP),
    promoCodes: ofKind('promo')
      .map((i) => ({ code: i.key, count: i.count, amount: minor(i.amount) }))
      .sort(byCountThen((a, b) => b.amount - a.amount || a.code.localeCompare(b.code)))
      .slice(0, REPORT_TOP),
    heatMap,
    timings: { toAcceptance: timingOf(accept), toDone: timingOf(done) },
    ratings: {
      count: rated,
      averageX100: rated > 0 ? Math.floor((starSum * 200 + rated) / (rated * 2)) : null,
      stars,
      tags: ofKind('rating-tag')
        .filter((i): i is typeof i & { key: (typeof RATING_TAGS)[number] } =>
          (RATING_TAGS as readonly string[]).includes(i.key),
        )
        .map((i) => ({ tag: i.key, count: i.count }))
        .sort(byCountThen((a, b) => a.tag.localeCompare(b.tag))),
    },
    days,
  };
}

async function buildSummaryFrom(db: Executor, scope: ReportScope, totals: Totals): Promise<ReportSummary> {
  return {
    from: scope.period.from,
    to: scope.period.to,
    timezone: scope.timezone,
    restoIds: scope.restoIds,
    currency: await currencyOf(db, scope.whiteLabel),
    orders: totals.orders,
    revenue: minor(totals.revenue),
    averageCheck: minor(averageCheckOf(totals.revenue, totals.revenue_orders)),
  };
}

/** The UTC instant of a brand-local midnight. */
function instantOf(date: string, offset: string): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const minutes = match ? (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1) : 0;
  return new Date(Date.parse(`${date}T00:00:00Z`) - minutes * 60_000).toISOString();
}
