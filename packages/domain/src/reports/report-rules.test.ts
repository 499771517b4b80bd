import { describe, expect, it } from 'vitest';
import {
  averageCheckOf,
  checkReportPeriod,
  localDateAndHour,
  minuteBucketOf,
  monthOf,
  percentileOfHistogram,
  REPORT_MAX_DAYS,
  REPORT_MINUTE_BUCKETS,
  wholeMonthsOf,
} from './report-rules.ts';

describe('report periods', () => {
  it('refuses malformed, reversed and over-long periods with the field at fault', () => {
    expect(checkReportPeriod('2026-02-30', '2026-03-01')).toEqual({
      problem: { code: 'report.date-malformed', field: 'from' },
    });
    expect(checkReportPeriod('2026-03-01', '26-03-02')).toEqual({
      problem: { code: 'report.date-malformed', field: 'to' },
    });
    expect(checkReportPeriod('2026-03-02', '2026-03-01')).toEqual({
      problem: { code: 'report.from-after-to', field: 'from' },
    });
    expect(checkReportPeriod('2024-01-01', '2026-01-01')).toEqual({
      problem: { code: 'report.period-too-long', field: 'to' },
    });
    expect(checkReportPeriod('2024-01-01', '2025-12-31')).toEqual({
      period: { from: '2024-01-01', to: '2025-12-31', days: REPORT_MAX_DAYS },
    });
  });

  it('finds the months a period covers whole', () => {
    expect(monthOf('2026-02-17')).toBe('2026-02-01');
    expect(wholeMonthsOf('2026-01-01', '2026-01-31')).toEqual(['2026-01-01']);
    expect(wholeMonthsOf('2026-01-01', '2026-01-30')).toEqual([]);
    expect(wholeMonthsOf('2026-01-02', '2026-02-28')).toEqual(['2026-02-01']);
    expect(wholeMonthsOf('2025-10-01', '2026-09-30')).toHaveLength(12);
    expect(wholeMonthsOf('2025-11-15', '2026-03-01')).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    // A leap February ends on the 29th.
    expect(wholeMonthsOf('2028-02-01', '2028-02-28')).toEqual([]);
    expect(wholeMonthsOf('2028-02-01', '2028-02-29')).toEqual(['2028-02-01']);
    expect(wholeMonthsOf('2026-03-05', '2026-03-05')).toEqual([]);
  });
});

describe('report figures', () => {
  it('places an instant on its brand-local day, hour and Monday-first weekday', () => {
    // 2026-01-11 is a Sunday; 21:00 UTC is 00:00 of Monday the 12th at +03:00.
    expect(localDateAndHour(Date.parse('2026-01-11T21:00:00Z'), '+03:00')).toEqual({
      date: '2026-01-12',
      hour: 0,
      weekday: 0,
    });
    expect(localDateAndHour(Date.parse('2026-01-11T20:59:59Z'), '+03:00')).toEqual({
      date: '2026-01-11',
      hour: 23,
      weekday: 6,
    });
  });

  it('buckets waits by whole minutes, the last bucket for anything longer', () => {
    expect(minuteBucketOf(-5)).toBe(0);
    expect(minuteBucketOf(59_999)).toBe(0);
    expect(minuteBucketOf(60_000)).toBe(1);
    expect(minuteBucketOf(10 * 3_600_000)).toBe(REPORT_MINUTE_BUCKETS - 1);
  });

  it('takes the nearest-rank percentile of a histogram', () => {
    expect(percentileOfHistogram([0, 0], 0.5)).toBeNull();
    expect(percentileOfHistogram([1, 1, 1, 1], 0.5)).toBe(1);
    expect(percentileOfHistogram([1, 1, 1, 1], 0.9)).toBe(3);
    expect(percentileOfHistogram([0, 5, 0, 1], 0.9)).toBe(3);
  });

  it('rounds the average check half up and is 0 without paying orders', () => {
    expect(averageCheckOf(0, 0)).toBe(0);
    expect(averageCheckOf(300, 2)).toBe(150);
    expect(averageCheckOf(301, 2)).toBe(151);
    expect(averageCheckOf(302, 3)).toBe(101);
  });
});
