// npm run bench:reports — reports at a chain's size (docs/benchmarks.md, Reports): a year of a 100-restaurant chain
// (about 3.6 million orders, bench-database.ts, kept between runs), its roll-ups rebuilt, then buildReport timed
// for 30 days and for the whole year over every restaurant and for 30 days over 5, each against a baseline in the
// same run: the headline figures (orders, money, distinct customers) in one aggregate straight over the raw
// orders of the same period, which is what a report without roll-ups would at least have to read. Also one busy
// day of every restaurant marked behind and recomputed, as a round of the roll-up job does it.
// BENCH_REPORT_RUNS (7) timed runs per case after one warm-up; BENCH_REPORT_REBUILD=0 keeps the last run's
// roll-ups; BENCH_REPORT_REBUILD_BATCH (100) restaurant-days per rebuild statement.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import {
  buildReport,
  type ReportScope,
  rebuildReportDays,
  runReportRollup,
} from '../../apps/api/src/modules/reports/index.ts';
import { median } from '../shared/median.ts';
import { ROOT } from '../shared/processes.ts';
import { HISTORY, prepareBenchDatabase, WHITE_LABEL } from './bench-database.ts';

const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 7);
/**
 * Restaurant-days per statement of the full rebuild: one brand-local day of the chain. The roll-up's statement
 * grows faster than its batch (2 000 days did not finish one statement in minutes), so the bench keeps it small.
 */
const REBUILD_BATCH = Number(process.env.BENCH_REPORT_REBUILD_BATCH ?? 100);
const TARGETS = { monthMs: 1000, yearMs: 3000 };
/** The bench's clock: the day after the generated year. */
const NOW_MS = Date.parse('2026-10-01T09:00:00Z');
const TIMEZONE = '+03:00';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const log = (message: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${message}`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a brand-local date begins at. */
const startOf = (date: string) => new Date(Date.parse(`${date}T00:00:00${TIMEZONE}`)).toISOString();

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  await work(); // warm-up, not counted
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

interface Case {
  label: string;
  from: string;
  to: string;
  restos: number;
  targetMs: number | null;
}

async function main() {
  const url = await prepareBenchDatabase(log);
  if (!url) return;
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [size] = (
      await client.query(
        `select (select count(*) from orders)::int orders, (select count(*) from order_lines)::int lines,
                (select count(*) from persons)::int persons, (select count(*) from restos)::int restos,
                pg_size_pretty(pg_database_size(current_database())) size`,
      )
    ).rows;
    log(`history: ${JSON.stringify(size)}`);

    // BENCH_REPORT_REBUILD=0 keeps the roll-ups of the previous run (they hold the same history) and skips the
    // minutes of rebuilding them.
    const kept = Number((await client.query('select count(*)::int n from report_days')).rows[0].n);
    let start = performance.now();
    let rebuildS: number | null = null;
    if (process.env.BENCH_REPORT_REBUILD === '0' && kept > 0) {
      log(`roll-ups kept: ${kept} restaurant-days`);
      // Days a stopped run or a migration left marked are recomputed first: the cases measure the roll-ups, not a
      // backlog read live.
      const backlog = await runReportRollup(handle.db, WHITE_LABEL, Date.now(), 100, 10_000);
      if (backlog.days > 0) log(`marked days recomputed first: ${backlog.days}`);
    } else {
      // On the real clock: the rebuild clears every mark made before it began (a migration's included).
      const rolled = await rebuildReportDays(handle.db, WHITE_LABEL, new Date(), REBUILD_BATCH);
      rebuildS = round((performance.now() - start) / 1000);
      log(`roll-ups rebuilt: ${rolled} restaurant-days in ${rebuildS} s`);
    }
    await client.query(
      'analyze report_days; analyze report_day_items; analyze report_months; analyze report_month_items',
    );

    const allRestos = (
      await client.query('select id from restos where white_label_id = $1 order by id', [WHITE_LABEL])
    ).rows.map((r: { id: number }) => r.id);
    const lastDay = addDays(HISTORY.firstDay, HISTORY.days - 1);
    const cases: Case[] = [
      {
        label: '30 days, all',
        from: addDays(lastDay, -29),
        to: lastDay,
        restos: allRestos.length,
        targetMs: TARGETS.monthMs,
      },
      {
        label: 'a year, all',
        from: HISTORY.firstDay,
        to: lastDay,
        restos: allRestos.length,
        targetMs: TARGETS.yearMs,
      },
      { label: '30 days, 5', from: addDays(lastDay, -29), to: lastDay, restos: 5, targetMs: TARGETS.monthMs },
      // Periods off the months' bounds: their edges are read day by day.
      {
        label: '30 days mid-month, all',
        from: addDays(lastDay, -44),
        to: addDays(lastDay, -15),
        restos: allRestos.length,
        targetMs: TARGETS.monthMs,
      },
      {
        label: '335 days mid-month, all',
        from: addDays(HISTORY.firstDay, 15),
        to: addDays(lastDay, -15),
        restos: allRestos.length,
        targetMs: TARGETS.yearMs,
      },
    ];
    const rows = [];
    for (const c of cases) {
      const restoIds = allRestos.slice(0, c.restos);
      const days = Math.round((Date.parse(c.to) - Date.parse(c.from)) / 86_400_000) + 1;
      const scope: ReportScope = {
        whiteLabel: WHITE_LABEL,
        period: { from: c.from, to: c.to, days },
        restoIds,
        timezone: TIMEZONE,
      };
      let report: Awaited<ReturnType<typeof buildReport>> | undefined;
      const reportTimes = await timed(RUNS, async () => {
        report = await buildReport(handle.db, scope, NOW_MS);
      });
      let raw: Record<string, unknown> | undefined;
      // The baseline: the same period's headline figures, one aggregate over raw orders.
      const baselineTimes = await timed(RUNS, async () => {
        raw = (
          await client.query(
            `select count(*) filter (where status not in ('declined', 'canceled'))::int orders,
                    coalesce(sum(payable) filter (where status = 'done'), 0)::bigint money,
                    count(distinct person_id) filter (where status not in ('declined', 'canceled'))::int persons
               from orders
              where white_label_id = $1 and resto_id = any($2::int[])
                and created_at >= $3::timestamptz and created_at < $4::timestamptz`,
            [WHITE_LABEL, restoIds, startOf(c.from), startOf(addDays(c.to, 1))],
          )
        ).rows[0];
      });
      const p50 = median(reportTimes);
      const baseP50 = median(baselineTimes);
      rows.push({
        case: c.label,
        period: `${c.from}…${c.to}`,
        restos: c.restos,
        orders: Number(raw?.orders),
        reportOrders: report?.orders ?? null,
        customers: Number(raw?.persons),
        reportP50Ms: round(p50),
        reportP90Ms: round(percentile(reportTimes, 90)),
        baselineP50Ms: round(baseP50),
        baselineP90Ms: round(percentile(baselineTimes, 90)),
        ratio: round(p50 / baseP50, 2),
        // The roll-ups answer what the raw orders do: a fast report of other figures would be no report.
        sameAsRaw: report?.orders === Number(raw?.orders) && report?.customers.total === Number(raw?.persons),
        target: c.targetMs === null ? 'reported' : p50 <= c.targetMs ? 'met' : 'missed',
      });
    }

    // A round of the job: the busiest day (a Saturday's) of every restaurant marked behind, then recomputed.
    const [busy] = (
      await client.query(
        `select local_date::text d from report_days where white_label_id = $1
          group by local_date order by sum(placed) desc, local_date limit 1`,
        [WHITE_LABEL],
      )
    ).rows as { d: string }[];
    const markAndRecompute: number[] = [];
    const marked: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const at = new Date(NOW_MS + (i + 1) * 60_000);
      start = performance.now();
      await client.query(
        `insert into report_dirty (white_label_id, resto_id, local_date, marked_at)
         select $1, id, $2::date, $3::timestamptz from restos where white_label_id = $1 on conflict do nothing`,
        [WHITE_LABEL, busy?.d, at.toISOString()],
      );
      const round1 = await runReportRollup(handle.db, WHITE_LABEL, at.getTime() + 1);
      if (i > 0) {
        markAndRecompute.push(performance.now() - start);
        marked.push(round1.days);
      }
    }
    const [{ placed } = { placed: 0 }] = (
      await client.query(
        'select sum(placed)::int placed from report_days where white_label_id = $1 and local_date = $2',
        [WHITE_LABEL, busy?.d],
      )
    ).rows as { placed: number }[];

    console.table(
      rows.map((r) => ({
        case: r.case,
        orders: r.orders,
        report: `p50 ${r.reportP50Ms} ms, p90 ${r.reportP90Ms} ms`,
        'raw orders (baseline)': `p50 ${r.baselineP50Ms} ms, p90 ${r.baselineP90Ms} ms`,
        ratio: r.ratio,
        'orders, customers = raw': r.sameAsRaw,
        target: r.target,
      })),
    );
    const job = {
      day: busy?.d,
      restaurantDays: marked[0] ?? 0,
      orders: placed,
      p50Ms: round(median(markAndRecompute)),
      p90Ms: round(percentile(markAndRecompute, 90)),
    };
    console.log(
      `job round: ${job.restaurantDays} restaurant-days of ${job.day} (${job.orders} orders) marked and recomputed: ` +
        `p50 ${job.p50Ms} ms, p90 ${job.p90Ms} ms; full rebuild of the year ${rebuildS === null ? 'skipped' : `${rebuildS} s`}; ${RUNS} runs per case`,
    );
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench', 'results', 'reports.json'),
      `${JSON.stringify({ size, rebuildS, cases: rows, job }, null, 2)}\n`,
    );
    if (rows.some((r) => r.target === 'missed' || !r.sameAsRaw)) process.exitCode = 1;
  } finally {
    await client.end();
    await handle.close();
  }
}

await main();
