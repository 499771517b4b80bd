import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakProblem, specialDayProblem, weekProblem } from './hours-rules.ts';

const day = (open: string, close: string, breakFrom?: string, breakTo?: string) => ({
  dayOfWeek: 1,
  active: true,
  open,
  close,
  breakFrom,
  breakTo,
});

describe('the rules of hours and special days (decision 51)', () => {
  it('wants a break strictly inside the hours, past midnight for a night shift', () => {
    expect(breakProblem(day('10:00', '22:00', '15:00', '16:00'))).toBeNull();
    expect(breakProblem(day('10:00', '22:00', '09:00', '11:00'))).toMatchObject({ field: 'breakFrom' });
    expect(breakProblem(day('10:00', '22:00', '21:00', '22:00'))).toMatchObject({ field: 'breakTo' });
    expect(breakProblem(day('10:00', '22:00', '15:00'))).toMatchObject({
      code: 'admin.hours-break-incomplete',
      field: 'breakTo',
    });
    expect(breakProblem(day('18:00', '04:00', '01:00', '02:00'))).toBeNull();
    expect(breakProblem(day('00:00', '00:00', '03:00', '04:00'))).toBeNull();
  });

  it('names the day of a week that repeats a weekday', () => {
    expect(weekProblem([day('10:00', '22:00'), day('11:00', '23:00')], 'weeks.ALL.')).toEqual({
      code: 'admin.hours-day-repeated',
      field: 'weeks.ALL.1.dayOfWeek',
    });
  });

  it('keeps a special day within two years, with hours unless closed', () => {
    expect(specialDayProblem({ date: '2026-12-31', closed: true }, '2026-11-25')).toBeNull();
    expect(specialDayProblem({ date: '2028-11-26', closed: true }, '2026-11-25')).toMatchObject({
      field: 'date',
    });
    expect(
      specialDayProblem({ date: '2026-12-31', closed: false, open: '10:00' }, '2026-11-25'),
    ).toMatchObject({
      code: 'admin.special-day-hours-required',
      field: 'close',
    });
  });

  it('accepts every break that lies inside a daytime shift (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 601, max: 1318 }), fc.integer({ min: 1, max: 60 }), (from, length) => {
        const to = Math.min(from + length, 1319);
        const hhmm = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        expect(breakProblem(day('10:00', '22:00', hhmm(from), hhmm(to)))).toBeNull();
      }),
    );
  });
});
