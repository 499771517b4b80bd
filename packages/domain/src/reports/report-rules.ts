/**
 * Reports for the chain (decision 57): the period a report may cover, how waiting times are bucketed so that
 * days can be summed, and the figures derived from sums. Pure: the API computes with these and tests recompute
 * with them from raw orders.
 */

/** The longest period one report covers, in days counted inclusively (two years and a leap day). */
export const REPORT_MAX_DAYS = 731;

/** Waiting times are counted per whole minute, 0…REPORT_MINUTE_BUCKETS-2; the last bucket holds everything longer. */
export const REPORT_MINUTE_BUCKETS = 241;

/** How many dishes, add-ons and promo codes a report lists, most sold first. */
export const REPORT_TOP = 20;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid 'YYYY-MM-DD', or null for anything else (including 2026-02-30). */
export function dayNumberOf(value: string): number | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / 86_400_000;
}

export function dateOfDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The first day of a date's month: '2026-02-17' → '2026-02-01'. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The months ('YYYY-MM-01') every day of which lies within from…to (both included, valid dates). */
export function wholeMonthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  if (from.slice(8) !== '01') month += 1;
  for (;;) {
    if (month > 12) {
      year += 1;
      month = 1;
    }
    const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
    const last = dateOfDayNumber(Date.UTC(year, month, 1) / 86_400_000 - 1);
    if (last > to) return months;
    months.push(first);
    month += 1;
  }
}

export type ReportPeriodProblem =
  | { code: 'report.date-malformed'; field: 'from' | 'to' }
  | { code: 'report.from-after-to'; field: 'from' }
  | { code: 'report.period-too-long'; field: 'to' };

export type ReportPeriod = { from: string; to: string; days: number };

/** Checks a period typed as two brand-local dates, both days included. */
export function checkReportPeriod(
  from: string,
  to: string,
): { period: ReportPeriod } | { problem: ReportPeriodProblem } {
  const first = dayNumberOf(from);
  if (first === null) return { problem: { code: 'report.date-malformed', field: 'from' } };
  const last = dayNumberOf(to);
  if (last === null) return { problem: { code: 'report.date-malformed', field: 'to' } };
  if (first > last) return { problem: { code: 'report.from-after-to', field: 'from' } };
  const days = last - first + 1;
  if (days > REPORT_MAX_DAYS) return { problem: { code: 'report.period-too-long', field: 'to' } };
  return { period: { from, to, days } };
}

/** Minutes of an offset '+03:00' / '-05:30' east of UTC. */
export function offsetMinutesOf(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`not an offset: ${offset}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The local date and hour of an instant at an offset. */
export function localDateAndHour(
  atMs: number,
  offset: string,
): { date: string; hour: number; weekday: number } {
  const local = new Date(atMs + offsetMinutesOf(offset) * 60_000);
  // Monday 0 … Sunday 6, as the heat map's rows.
  const weekday = (local.getUTCDay() + 6) % 7;
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours(), weekday };
}

/** The bucket of a waiting time: whole minutes, negatives as 0, the last bucket for anything longer. */
export function minuteBucketOf(waitMs: number): number {
  const minutes = Math.floor(Math.max(0, waitMs) / 60_000);
  return Math.min(minutes, REPORT_MINUTE_BUCKETS - 1);
}

/** Sums histograms bucket by bucket (days' waiting times into a period's). */
export function addHistograms(into: number[], more: readonly number[]): number[] {
  for (let i = 0; i < more.length; i++) into[i] = (into[i] ?? 0) + (more[i] ?? 0);
  return into;
}

/**
 * The nearest-rank percentile (p in 0…1) of a histogram of minutes: the smallest bucket whose running count
 * reaches ⌈p·n⌉. Null when nothing was counted.
 */
export function percentileOfHistogram(histogram: readonly number[], p: number): number | null {
  const n = histogram.reduce((sum, count) => sum + count, 0);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil(p * n));
  let running = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    running += histogram[bucket] ?? 0;
    if (running >= rank) return bucket;
  }
  return histogram.length - 1;
}

/** Average check in minor units: revenue over the orders that brought it, rounded half up; 0 with none. */
export function averageCheckOf(revenue: number, revenueOrders: number): number {
  return revenueOrders > 0 ? Math.floor((revenue * 2 + revenueOrders) / (revenueOrders * 2)) : 0;
}
