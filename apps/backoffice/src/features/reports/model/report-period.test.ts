import { describe, expect, it } from 'vitest';
import {
  apiQueryOf,
  brandToday,
  filterOfQuery,
  presetOf,
  presetPeriod,
  queryOfFilter,
} from './report-period.ts';

describe('the report period', () => {
  it('counts today on the brand’s clock, not the browser’s', () => {
    // 22:30 UTC on the 30th is already the 1st in Moscow.
    const at = Date.parse('2026-11-30T22:30:00Z');
    expect(brandToday(at, '+03:00')).toBe('2026-12-01');
    expect(brandToday(at, '-05:00')).toBe('2026-11-30');
  });

  it('spells each preset as its first and last day', () => {
    const today = '2026-03-01';
    expect(presetPeriod('today', today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetPeriod('yesterday', today)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetPeriod('7', today)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetPeriod('30', today)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetPeriod('month', today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetOf({ from: '2026-02-23', to: '2026-03-01' }, today)).toBe('7');
    expect(presetOf({ from: '2026-02-22', to: '2026-03-01' }, today)).toBeNull();
  });

  it('reads the URL’s query and writes it back; no dates means the last 7 days', () => {
    const today = '2026-11-27';
    expect(filterOfQuery(new URLSearchParams(''), today)).toEqual({
      from: '2026-11-21',
      to: '2026-11-27',
      restoIds: [],
    });
    const filter = filterOfQuery(new URLSearchParams('from=2026-11-01&to=2026-11-10&restos=3,1,x,3'), today);
    expect(filter).toEqual({ from: '2026-11-01', to: '2026-11-10', restoIds: [1, 3] });
    expect(queryOfFilter(filter)).toEqual({ from: '2026-11-01', to: '2026-11-10', restos: '1,3' });
    expect(queryOfFilter({ ...filter, restoIds: [] }).restos).toBeNull();
    expect(apiQueryOf(filter, { format: 'csv' })).toBe(
      'from=2026-11-01&to=2026-11-10&restoIds=1%2C3&format=csv',
    );
    // A malformed date is kept, so the API's answer says what is wrong with it.
    expect(filterOfQuery(new URLSearchParams('from=2026-13-01'), today).from).toBe('2026-13-01');
  });
});
