import {
  averageCheckOf,
  DECLINE_REASONS,
  dateOfDayNumber,
  dayNumberOf,
  type LocalizedText,
  minor,
  monthOf,
  percentileOfHistogram,
  RATING_TAGS,
  REPORT_MINUTE_BUCKETS,
  REPORT_TOP,
  wholeMonthsOf,
} from '@storefront/domain';
import type { Report, ReportSummary } from '@storefront/domain/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/executor.ts';
import { type ReportDayKey, reportDaysSql, reportItemsSql } from './report-figures.ts';
import { countPersons } from './report-persons.ts';
import type { ReportScope } from './report-scope.ts';

/**
 * A report (decision 57): the period summed from the month and day roll-ups, except the days still marked behind,
 * whose rows come from the same SQL the roll-up inserts from, read live from raw orders.
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

/**
 * What a report reads (decision 57): each restaurant's months the period covers whole and none of whose days is
 * marked behind from report_months; its other days not marked from report_days; the marked days live from the raw
 * orders. The marks are the ones read before the statements, and every statement excludes exactly those: a mark
 * the job clears meanwhile leaves its day read live, a mark added meanwhile leaves it read rolled up, and no day is
 * ever read twice or not at all.
 */
interface ReportPlan {
  scope: ReportScope;
  marked: readonly ReportDayKey[];
  /** Restaurant-months read whole from report_months. */
  months: { resto_id: number; month: string }[];
  /** Restaurant-months the period covers whole but with days marked: read day by day. */
  behind: { resto_id: number; month: string }[];
  /** The period's days outside its whole months: before the first, after the last (from…to, both included). */
  edges: { from: string; to: string }[];
}

function planOf(scope: ReportScope, marked: readonly ReportDayKey[]): ReportPlan {
  const { from, to } = scope.period;
  const markedMonths = new Set(marked.map((d) => `${d.restoId}|${monthOf(d.localDate)}`));
  const whole = wholeMonthsOf(from, to);
  const months: ReportPlan['months'] = [];
  const behind: ReportPlan['behind'] = [];
  for (const month of whole)
    for (const restoId of scope.restoIds)
      (markedMonths.has(`${restoId}|${month}`) ? behind : months).push({ resto_id: restoId, month });
  const first = whole[0];
  const last = whole[whole.length - 1];
  const shifted = (date: string, days: number) => dateOfDayNumber((dayNumberOf(date) ?? 0) + days);
  const edges =
    first === undefined || last === undefined
      ? [{ from, to }]
      : // Before the first whole month; from the first of the month after the last one (31 days on is in it).
        [
          { from, to: shifted(first, -1) },
          { from: monthOf(shifted(last, 31)), to },
        ];
  return { scope, marked, months, behind, edges: edges.filter((e) => e.from <= e.to) };
}

/**
 * The CTEs every read of a plan starts from: `month_units` (restaurant-months read whole), `behind_months`,
 * `marked_days`, `live`
 * (the marked days' report_days rows computed from the raw orders) and, with items, `live_items`.
 */
function planCtes({ scope, marked, months, behind }: ReportPlan, withItems: boolean): SQL {
  const markedJson = JSON.stringify(marked.map((d) => ({ resto_id: d.restoId, local_date: d.localDate })));
  const live =
    marked.length > 0
      ? sql`live as materialized (${reportDaysSql(scope.whiteLabel, scope.timezone, marked)})`
      : sql`live as (select * from report_days where false)`;
  const liveItems =
    marked.length > 0
      ? sql`live_items as (${reportItemsSql(scope.whiteLabel, scope.timezone, marked)})`
      : sql`live_items as (select * from report_day_items where false)`;
  return sql`month_units as (
      select * from jsonb_to_recordset(${JSON.stringify(months)}::jsonb) as w(resto_id int, month date)),
    behind_months as (
      select * from jsonb_to_recordset(${JSON.stringify(behind)}::jsonb) as w(resto_id int, month date)),
    marked_days as (
      select * from jsonb_to_recordset(${markedJson}::jsonb) as w(resto_id int, local_date date)),
    ${live}${withItems ? sql`, ${liveItems}` : sql``}`;
}

/**
 * The select of `columns` from a day table (report_days, report_day_items) over the plan's days read day by day:
 * the edges before and after its whole months, and its months behind, each one range of the (brand, date) key;
 * the days the read marks name excluded (they are read live).
 */
function readDayByDay(table: string, columns: SQL, plan: ReportPlan): SQL {
  const t = sql.raw(table);
  const { scope } = plan;
  const common = sql`${t}.white_label_id = ${scope.whiteLabel}
      and ${t}.resto_id in (select unnest(${`{${scope.restoIds.join(',')}}`}::int[]))
      and not exists (select 1 from marked_days m where m.resto_id = ${t}.resto_id and m.local_date = ${t}.local_date)`;
  const parts = plan.edges.map(
    (edge) => sql`select ${columns} from ${t} where ${common}
      and ${t}.local_date between ${edge.from}::date and ${edge.to}::date`,
  );
  const behindMonths = plan.behind.map((b) => b.month).sort();
  const firstBehind = behindMonths[0];
  const lastBehind = behindMonths[behindMonths.length - 1];
  if (firstBehind !== undefined && lastBehind !== undefined)
    parts.push(sql`select ${columns} from ${t} where ${common}
      and ${t}.local_date >= ${firstBehind}::date and ${t}.local_date < (${lastBehind}::date + interval '1 month')::date
      and (${t}.resto_id, date_trunc('month', ${t}.local_date)::date) in (select resto_id, month from behind_months)`);
  if (parts.length === 0) return sql`select ${columns} from ${t} where false`;
  return sql.join(parts, sql` union all `);
}

/** The period's every day not read live (the days' series reads days whether or not their month is read whole). */
function allDayRows(table: string, columns: SQL, { scope }: ReportPlan): SQL {
  const t = sql.raw(table);
  return sql`select ${columns} from ${t} where ${t}.white_label_id = ${scope.whiteLabel}
      and ${t}.resto_id in (select unnest(${`{${scope.restoIds.join(',')}}`}::int[]))
      and ${t}.local_date between ${scope.period.from}::date and ${scope.period.to}::date
      and not exists (select 1 from marked_days m where m.resto_id = ${t}.resto_id and m.local_date = ${t}.local_date)`;
}

const monthRows = (table: string, { scope }: ReportPlan) =>
  sql`${sql.raw(table)}.white_label_id = ${scope.whiteLabel}
      and (${sql.raw(table)}.resto_id, ${sql.raw(table)}.month) in (select resto_id, month from month_units)`;

const SUMMED = sql.raw(
  'placed, orders, done, cancelled, declined, revenue, revenue_orders, refunds, gross, discounts, bonus_spent, ' +
    'delivery_fees, new_customers',
);

/** A day's hours placed in its weekday's row of the 7 × 24 heat map (Monday first), as a month's `heat`. */
const DAY_HEAT = sql.raw(
  'array_fill(0, array[(extract(isodow from local_date)::int - 1) * 24]) || hours || ' +
    'array_fill(0, array[(7 - extract(isodow from local_date)::int) * 24]) as heat',
);

/**
 * The CTE `units`: the summed figures and arrays of the plan's months, days and live days. The arrays are copied
 * out of their stored form once per row (`|| '{}'`): a stored array over 2 kB is kept compressed, and each
 * subscript of the bucket sums would decompress it again (a year of days: 45 s instead of 0.3 s).
 */
function unitsCte(plan: ReportPlan): SQL {
  const arrays = sql.raw(
    "accept_minutes || '{}'::int[] as accept_minutes, done_minutes || '{}'::int[] as done_minutes, stars",
  );
  return sql`units as materialized (
      select ${SUMMED}, heat || '{}'::int[] as heat, ${arrays} from report_months rm where ${monthRows('rm', plan)}
      union all
      ${readDayByDay('report_days', sql`${SUMMED}, ${DAY_HEAT}, ${arrays}`, plan)}
      union all
      select ${SUMMED}, ${DAY_HEAT}, ${arrays} from live
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

/** The headline only: orders, revenue, average check (one statement over the units). */
export async function buildSummary(db: Executor, scope: ReportScope, _nowMs: number): Promise<ReportSummary> {
  const plan = planOf(scope, await markedDays(db, scope));
  const result = await reportStatement<Record<string, unknown>>(
    db,
    sql`with ${planCtes(plan, false)}, ${unitsCte(plan)} select ${totalsSelect} from units`,
  );
  return buildSummaryFrom(db, scope, totalsOf(result.rows[0]));
}

/**
 * Bucket-wise sums of an int[] column over the units as one JSON array: a sum per subscript reads each row once,
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
 * One of a report's statements in a transaction of its own, with JIT off and room to group: compiling the bucket
 * sums' few hundred aggregates took 4 s of a year's report, more than the whole statement runs without it.
 */
async function reportStatement<T>(db: Executor, query: SQL): Promise<Rows<T>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    return (await tx.execute(query)) as unknown as Rows<T>;
  });
}

/**
 * Two independent reads at once on the pool's connections (the roll-ups' sums beside the person lists);
 * in a caller's transaction, one after the other, since they share its one connection.
 */
async function bothOf<A, B>(db: Executor, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (db instanceof PgTransaction) return [await a(), await b()];
  return Promise.all([a(), b()]);
}

/** The whole report of a scope. */
export async function buildReport(db: Executor, scope: ReportScope, _nowMs: number): Promise<Report> {
  const plan = planOf(scope, await markedDays(db, scope));
  // The days' series reads every day of the period, months read whole included: one row a restaurant-day, four
  // integers each, without the arrays.
  const reportSql = sql`with ${planCtes(plan, true)}, ${unitsCte(plan)},
    series as (
      ${allDayRows('report_days', sql.raw('local_date, placed, orders, revenue, revenue_orders'), plan)}
      union all
      select local_date, placed, orders, revenue, revenue_orders from live),
    all_items as (
      select kind, key, count, amount from report_month_items mi where ${monthRows('mi', plan)}
      union all
      ${readDayByDay('report_day_items', sql.raw('kind, key, count, amount'), plan)}
      union all
      select kind, key, count, amount from live_items)
    select
      (select row_to_json(t) from (select ${totalsSelect} from units) t) as totals,
      (select coalesce(json_agg(t), '[]') from (
        select local_date::text as date, sum(placed)::bigint as placed, sum(orders)::bigint as orders,
               sum(revenue)::bigint as revenue, sum(revenue_orders)::bigint as revenue_orders
        from series group by local_date) t) as days,
      (select json_build_object('heat', ${sumsOf('heat', 7 * 24)},
        'accept', ${sumsOf('accept_minutes', REPORT_MINUTE_BUCKETS)},
        'done', ${sumsOf('done_minutes', REPORT_MINUTE_BUCKETS)}, 'stars', ${sumsOf('stars', 5)})
        from units) as hist,
      (select coalesce(json_agg(t), '[]') from (
        select kind, key, sum(count)::bigint as count, sum(amount)::bigint as amount
        from all_items group by kind, key) t) as items`;
  // The persons of the same units, as one text of ids: counted here rather than grouped by the database (a year of a
  // chain: 3.7 million ids into 400 000 persons, 2.4 s as a hash aggregate).
  const personsSql = sql`with ${planCtes(plan, false)},
    lists as (
      select persons from report_months rm where ${monthRows('rm', plan)}
      union all
      ${readDayByDay('report_days', sql.raw('persons'), plan)}
      union all
      select persons from live)
    select coalesce(string_agg(array_to_string(persons, ','), ','), '') as ids from lists`;
  const [result, customers] = await bothOf(
    db,
    () =>
      reportStatement<{
        totals: Record<string, unknown> | string;
        days: DayRow[] | string;
        hist: Record<'heat' | 'accept' | 'done' | 'stars', (number | null)[]> | string;
        items: { kind: string; key: string; count: number; amount: number }[] | string;
      }>(db, reportSql),
    () => reportStatement<{ ids: string }>(db, personsSql),
  );
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  const row = result.rows[0];
  if (!row) throw new Error('report query answered no row');
  const totals = totalsOf(parse(row.totals));

  const hist = parse(row.hist);
  const heat = hist.heat.map(num);
  const heatMap = Array.from({ length: 7 }, (_, weekday) => heat.slice(weekday * 24, weekday * 24 + 24));
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

  const persons = countPersons(customers.rows[0]?.ids ?? '');

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
      total: persons.total,
      new: totals.new_customers,
      returning: Math.max(0, persons.total - totals.new_customers),
      repeat: persons.repeat,
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
