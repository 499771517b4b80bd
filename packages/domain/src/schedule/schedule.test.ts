import { describe, expect, it } from 'vitest';
import {
  type DayOfWeek,
  displayClosingTime,
  hoursOnDayAt,
  isRoundTheClock,
  type OpeningHoursDay,
  parseTimezoneOffset,
  scheduleStateAt,
  wallClockAt,
} from './schedule.ts';

const week = (open: string, close: string, off: DayOfWeek[] = []): OpeningHoursDay[] =>
  ([1, 2, 3, 4, 5, 6, 7] as DayOfWeek[]).map((dayOfWeek) => ({
    dayOfWeek,
    active: !off.includes(dayOfWeek),
    open,
    close,
  }));

// 2026-11-23 is a Monday.
const at = (local: string, offset = '+03:00') => Date.parse(`${local}${offset}`);

describe('schedule states (docs/product.md §4)', () => {
  it('reads the wall clock in the restaurant time zone', () => {
    expect(parseTimezoneOffset('+03:00')).toBe(180);
    expect(parseTimezoneOffset('-05:30')).toBe(-330);
    // 22:30 UTC on Sunday is already Monday 01:30 in Kazan.
    expect(wallClockAt(Date.parse('2026-11-22T22:30:00Z'), '+03:00')).toEqual({
      dayOfWeek: 1,
      minuteOfDay: 90,
    });
  });

  it('is open inside the hours and closed outside, with the next opening', () => {
    const hours = week('10:00', '23:00');
    expect(scheduleStateAt(hours, at('2026-11-23T12:00:00'))).toEqual({ kind: 'open', closesAt: '23:00' });
    expect(scheduleStateAt(hours, at('2026-11-23T09:59:00'))).toEqual({
      kind: 'closed',
      opensAt: { dayOfWeek: 1, time: '10:00', daysAhead: 0 },
    });
    expect(scheduleStateAt(hours, at('2026-11-23T23:00:00'))).toEqual({
      kind: 'closed',
      opensAt: { dayOfWeek: 2, time: '10:00', daysAhead: 1 },
    });
  });

  it('judges by the restaurant clock, not the visitor clock', () => {
    const hours = week('10:00', '23:00');
    // 09:30 in Moscow is 10:30 in Samara (+04:00).
    const instant = at('2026-11-23T09:30:00');
    expect(scheduleStateAt(hours, instant, '+03:00').kind).toBe('closed');
    expect(scheduleStateAt(hours, instant, '+04:00').kind).toBe('open');
  });

  it('knows a day off and when the restaurant opens again', () => {
    const hours = week('10:00', '23:00', [1]);
    const state = scheduleStateAt(hours, at('2026-11-23T12:00:00'));
    expect(state).toEqual({ kind: 'day-off', opensAt: { dayOfWeek: 2, time: '10:00', daysAhead: 1 } });
  });

  it("is 'round the clock' for 00:00–00:00 and 00:00–23:59", () => {
    for (const close of ['00:00', '23:59']) {
      const hours = week('00:00', close);
      expect(isRoundTheClock(hours[0] as OpeningHoursDay)).toBe(true);
      const state = scheduleStateAt(hours, at('2026-11-23T03:00:00'));
      expect(state).toEqual({ kind: 'round-the-clock' });
    }
    expect(isRoundTheClock({ dayOfWeek: 1, active: false, open: '00:00', close: '00:00' })).toBe(false);
  });

  it('shows an end time of 00:00 or 23:59 as 24:00', () => {
    expect(displayClosingTime('00:00')).toBe('24:00');
    expect(displayClosingTime('23:59')).toBe('24:00');
    expect(displayClosingTime('22:00')).toBe('22:00');
    expect(scheduleStateAt(week('10:00', '23:59'), at('2026-11-23T23:30:00'))).toEqual({
      kind: 'open',
      closesAt: '24:00',
    });
  });

  it('keeps a Friday night open past midnight into Saturday', () => {
    const hours = week('11:00', '23:00').map((d) => (d.dayOfWeek === 5 ? { ...d, close: '02:00' } : d));
    // Saturday 2026-11-28 01:00 is still Friday's shift.
    expect(scheduleStateAt(hours, at('2026-11-28T01:00:00'))).toEqual({ kind: 'open', closesAt: '02:00' });
    expect(scheduleStateAt(hours, at('2026-11-28T02:30:00')).kind).toBe('closed');
    expect(scheduleStateAt(hours, at('2026-11-27T23:30:00'))).toEqual({ kind: 'open', closesAt: '02:00' });
  });

  it('counts an opening on the same weekday after closing time as a week away, not today', () => {
    const mondaysOnly = week('10:00', '20:00', [2, 3, 4, 5, 6, 7]);
    expect(scheduleStateAt(mondaysOnly, at('2026-11-23T21:00:00'))).toEqual({
      kind: 'closed',
      opensAt: { dayOfWeek: 1, time: '10:00', daysAhead: 7 },
    });
  });

  it('never opens with no active day', () => {
    const hours = week('10:00', '20:00', [1, 2, 3, 4, 5, 6, 7]);
    expect(scheduleStateAt(hours, at('2026-11-23T12:00:00'))).toEqual({ kind: 'day-off', opensAt: null });
  });
});

describe("today's hours for a pickup point's info window", () => {
  it('reads the day on the restaurant wall clock and shows a closing 00:00 as 24:00', () => {
    const hours = week('10:00', '00:00').map((d) => (d.dayOfWeek === 1 ? { ...d, open: '11:00' } : d));
    // Sunday 22:30 UTC is Monday in Kazan: Monday's hours, not Sunday's.
    expect(hoursOnDayAt(hours, Date.parse('2026-11-22T22:30:00Z'), '+03:00')).toEqual({
      kind: 'hours',
      open: '11:00',
      close: '24:00',
    });
  });

  it('tells a day off (inactive or missing) and round the clock apart', () => {
    expect(hoursOnDayAt(week('10:00', '20:00', [1]), at('2026-11-23T12:00:00'))).toEqual({ kind: 'day-off' });
    expect(hoursOnDayAt([], at('2026-11-23T12:00:00'))).toEqual({ kind: 'day-off' });
    expect(hoursOnDayAt(week('00:00', '23:59'), at('2026-11-23T12:00:00'))).toEqual({
      kind: 'round-the-clock',
    });
  });
});
