import { dateOfDayNumber, dayNumberOf, offsetMinutesOf } from '@storefront/domain';

/**
 * The report's period and restaurants as the URL's query holds them (?from=2026-11-01&to=2026-11-27&restos=1,2),
 * so a report can be shared by its link. Days are the brand's, as the API counts them.
 */

export const REPORT_PRESETS = ['today', 'yesterday', '7', '30', 'month', 'lastMonth'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export interface ReportFilter {
  from: string;
  to: string;
  /** The restaurants ticked; none means every restaurant of the person's. */
  restoIds: number[];
}

/** Today's date on the brand's clock (an offset such as '+03:00'). */
export function brandToday(nowMs: number, offset: string): string {
  let minutes = 0;
  try {
    minutes = offsetMinutesOf(offset);
  } catch {
    // An unreadable offset counts as UTC rather than breaking the screen.
  }
  return new Date(nowMs + minutes * 60_000).toISOString().slice(0, 10);
}

const shift = (date: string, days: number) => dateOfDayNumber((dayNumberOf(date) ?? 0) + days);

/** The first and last day a preset means on the brand's today. */
export function presetPeriod(preset: ReportPreset, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = shift(today, -1);
      return { from: day, to: day };
    }
    case '7':
      return { from: shift(today, -6), to: today };
    case '30':
      return { from: shift(today, -29), to: today };
    case 'month':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const last = shift(monthStart, -1);
      return { from: `${last.slice(0, 8)}01`, to: last };
    }
  }
}

/** The preset a period is, if any (its button shows as pressed). */
export function presetOf(filter: { from: string; to: string }, today: string): ReportPreset | null {
  return (
    REPORT_PRESETS.find((preset) => {
      const period = presetPeriod(preset, today);
      return period.from === filter.from && period.to === filter.to;
    }) ?? null
  );
}

/**
 * The filter a URL's query says; missing dates are the last 7 days. A typed date is kept as typed, even when
 * malformed: the API's coded answer says what is wrong beside the field.
 */
export function filterOfQuery(params: URLSearchParams, today: string): ReportFilter {
  const fallback = presetPeriod('7', today);
  const restos = (params.get('restos') ?? '')
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number);
  return {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    restoIds: [...new Set(restos)].sort((a, b) => a - b),
  };
}

/** The query parameters of a filter, as the URL keeps them. */
export function queryOfFilter(filter: ReportFilter): Record<string, string | null> {
  return {
    from: filter.from,
    to: filter.to,
    restos: filter.restoIds.length > 0 ? filter.restoIds.join(',') : null,
  };
}

/** The API's query of a filter: from, to and restoIds (absent: every restaurant of the person's). */
export function apiQueryOf(filter: ReportFilter, more: Record<string, string> = {}): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.restoIds.length > 0) query.set('restoIds', filter.restoIds.join(','));
  for (const [key, value] of Object.entries(more)) query.set(key, value);
  return query.toString();
}
