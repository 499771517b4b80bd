import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hoursFor, specialDaysFor } from './method-hours.ts';
import {
  type DayOfWeek,
  hoursOnDayAt,
  isCalendarDate,
  localDateAt,
  type OpeningHoursDay,
  type SpecialDayRule,
  scheduleStateAt,
} from './schedule.ts';

const week = (open: string, close: string, extra: Partial<OpeningHoursDay> = {}): OpeningHoursDay[] =>
  ([1, 2, 3, 4, 5, 6, 7] as DayOfWeek[]).map((dayOfWeek) => ({
    dayOfWeek,
    active: true,
    open,
    close,
    ...extra,
  }));

// Wednesday 2026-11-25.
const at = (local: string, offset = '+03:00') => Date.parse(`${local}${offset}`);

describe('lunch breaks (decision 51)', () => {
  const hours = week('10:00', '22:00', { breakFrom: '15:00', breakTo: '16:00' });

  it('is open at 14:59 until the break, closed at 15:00 until its end, open again at 16:00', () => {
    expect(scheduleStateAt(hours, at('2026-11-25T14:59:00'))).toEqual({ kind: 'open', closesAt: '15:00' });
    expect(scheduleStateAt(hours, at('2026-11-25T15:00:00'))).toEqual({
      kind: 'closed',
      opensAt: { dayOfWeek: 3, time: '16:00', daysAhead: 0 },
      breakUntil: '16:00',
    });
    expect(scheduleStateAt(hours, at('2026-11-25T15:59:00')).kind).toBe('closed');
    expect(scheduleStateAt(hours, at('2026-11-25T16:00:00'))).toEqual({ kind: 'open', closesAt: '22:00' });
  });

  it('keeps a break after midnight in the night shift, and turns round the clock into hours', () => {
    const night = week('18:00', '04:00', { breakFrom: '01:00', breakTo: '02:00' });
    expect(scheduleStateAt(night, at('2026-11-25T00:30:00'))).toEqual({ kind: 'open', closesAt: '01:00' });
    expect(scheduleStateAt(night, at('2026-11-25T01:30:00'))).toMatchObject({
      kind: 'closed',
      breakUntil: '02:00',
    });
    expect(scheduleStateAt(night, at('2026-11-25T02:00:00'))).toEqual({ kind: 'open', closesAt: '04:00' });
    const allDay = week('00:00', '00:00', { breakFrom: '03:00', breakTo: '04:00' });
    expect(scheduleStateAt(allDay, at('2026-11-25T12:00:00'))).toEqual({ kind: 'open', closesAt: '24:00' });
    expect(scheduleStateAt(allDay, at('2026-11-25T03:30:00'))).toMatchObject({ kind: 'closed' });
    expect(hoursOnDayAt(hours, at('2026-11-25T12:00:00'))).toEqual({
      kind: 'hours',
      open: '10:00',
      close: '22:00',
      breakFrom: '15:00',
      breakTo: '16:00',
    });
  });

  it('is never open inside a break, whatever the minute (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (minute) => {
        const hh = String(Math.floor(minute / 60)).padStart(2, '0');
        const mm = String(minute % 60).padStart(2, '0');
        const state = scheduleStateAt(hours, at(`2026-11-25T${hh}:${mm}:00`));
        const open = state.kind === 'open';
        const expected = (minute >= 600 && minute < 900) || (minute >= 960 && minute < 1320);
        expect(open).toBe(expected);
      }),
    );
  });
});

describe('special days (decision 51)', () => {
  const newYearsEve: SpecialDayRule[] = [
    { date: '2026-12-31', closed: false, open: '10:00', close: '18:00' },
  ];

  it("replaces the date's weekday hours: New Year's Eve closes at 18:00, 23:59 is refused", () => {
    const hours = week('10:00', '23:59');
    expect(scheduleStateAt(hours, at('2026-12-31T17:59:00'), '+03:00', newYearsEve)).toEqual({
      kind: 'open',
      closesAt: '18:00',
    });
    expect(scheduleStateAt(hours, at('2026-12-31T23:59:00'), '+03:00', newYearsEve)).toEqual({
      kind: 'closed',
      opensAt: { dayOfWeek: 5, time: '10:00', daysAhead: 1 },
    });
    expect(scheduleStateAt(hours, at('2026-12-30T23:59:00'), '+03:00', newYearsEve).kind).toBe('open');
  });

  it('makes a round-the-clock restaurant keep the special hours that day only', () => {
    const hours = week('00:00', '00:00');
    expect(scheduleStateAt(hours, at('2026-12-31T23:59:00'), '+03:00', newYearsEve).kind).toBe('closed');
    expect(scheduleStateAt(hours, at('2026-12-31T09:00:00'), '+03:00', newYearsEve).kind).toBe('closed');
    expect(scheduleStateAt(hours, at('2026-12-31T12:00:00'), '+03:00', newYearsEve)).toEqual({
      kind: 'open',
      closesAt: '18:00',
    });
    expect(scheduleStateAt(hours, at('2027-01-01T00:00:00'), '+03:00', newYearsEve)).toEqual({
      kind: 'round-the-clock',
    });
  });

  it('closes a closed special day all day, and says when it opens next', () => {
    const sanitary: SpecialDayRule[] = [{ date: '2026-11-25', closed: true }];
    const hours = week('10:00', '22:00');
    expect(scheduleStateAt(hours, at('2026-11-25T12:00:00'), '+03:00', sanitary)).toEqual({
      kind: 'day-off',
      opensAt: { dayOfWeek: 4, time: '10:00', daysAhead: 1 },
    });
    expect(hoursOnDayAt(hours, at('2026-11-25T12:00:00'), '+03:00', sanitary)).toEqual({ kind: 'day-off' });
    // The day before it names it as the next closed day: the next opening skips it.
    expect(scheduleStateAt(hours, at('2026-11-24T23:00:00'), '+03:00', sanitary)).toEqual({
      kind: 'closed',
      opensAt: { dayOfWeek: 4, time: '10:00', daysAhead: 2 },
    });
  });

  it("still counts the hours spilling past midnight from the day before as today's morning", () => {
    const hours = week('18:00', '03:00');
    const sanitary: SpecialDayRule[] = [{ date: '2026-11-25', closed: true }];
    expect(scheduleStateAt(hours, at('2026-11-25T02:00:00'), '+03:00', sanitary)).toEqual({
      kind: 'open',
      closesAt: '03:00',
    });
    expect(scheduleStateAt(hours, at('2026-11-25T19:00:00'), '+03:00', sanitary).kind).toBe('day-off');
    // A special day's own night hours spill into the next date.
    const party: SpecialDayRule[] = [{ date: '2026-12-31', closed: false, open: '20:00', close: '05:00' }];
    expect(scheduleStateAt(week('10:00', '22:00'), at('2027-01-01T04:00:00'), '+03:00', party)).toEqual({
      kind: 'open',
      closesAt: '05:00',
    });
  });

  it('reads the date on the restaurant clock: +05:00 and +04:00 see a different date than Moscow', () => {
    const hours = week('00:00', '00:00');
    const sanitary: SpecialDayRule[] = [{ date: '2026-11-26', closed: true }];
    // 20:30 UTC on the 25th is already the 26th in +04:00 (00:30) and in +05:00 (01:30), not yet in Moscow (23:30).
    const instant = Date.parse('2026-11-25T20:30:00Z');
    expect(localDateAt(instant, '+04:00')).toBe('2026-11-26');
    expect(scheduleStateAt(hours, instant, '+04:00', sanitary).kind).toBe('day-off');
    expect(scheduleStateAt(hours, instant, '+05:00', sanitary).kind).toBe('day-off');
    expect(scheduleStateAt(hours, instant, '+03:00', sanitary).kind).toBe('round-the-clock');
  });

  it('knows the dates that exist', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
  });
});

describe('hours per method (decision 51)', () => {
  const all = week('10:00', '22:00');
  const takeAway = week('08:00', '20:00');

  it("follows a method's own week when it has one, else the restaurant's", () => {
    const schedule = { openingHours: all, methodHours: { TAKE_AWAY: takeAway } };
    expect(hoursFor(schedule, 'TAKE_AWAY')).toBe(takeAway);
    expect(hoursFor(schedule, 'DELIVERY')).toBe(all);
    expect(hoursFor(schedule, null)).toBe(all);
    expect(hoursFor({ openingHours: all, methodHours: { DELIVERY: [] } }, 'DELIVERY')).toBe(all);
  });

  it("keeps a method's own special day over the restaurant's, and leaves the other method alone", () => {
    const days = [
      { date: '2026-11-25', method: 'ALL' as const, closed: false, open: '12:00', close: '14:00' },
      { date: '2026-11-25', method: 'TAKE_AWAY' as const, closed: true },
      { date: '2026-11-26', method: 'DELIVERY' as const, closed: true },
    ];
    expect(specialDaysFor(days, 'TAKE_AWAY').map((d) => [d.date, d.method])).toEqual([
      ['2026-11-25', 'TAKE_AWAY'],
    ]);
    expect(specialDaysFor(days, 'DELIVERY').map((d) => [d.date, d.method])).toEqual([
      ['2026-11-25', 'ALL'],
      ['2026-11-26', 'DELIVERY'],
    ]);
    const noon = at('2026-11-25T12:30:00');
    expect(scheduleStateAt(all, noon, '+03:00', specialDaysFor(days, 'TAKE_AWAY')).kind).toBe('day-off');
    expect(scheduleStateAt(all, noon, '+03:00', specialDaysFor(days, 'DELIVERY')).kind).toBe('open');
    expect(
      scheduleStateAt(all, at('2026-11-26T12:30:00'), '+03:00', specialDaysFor(days, 'TAKE_AWAY')).kind,
    ).toBe('open');
  });
});
