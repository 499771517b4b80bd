import { describe, expect, it } from 'vitest';
import type { TimeSlot } from '../contracts/menus.ts';
import type { DayOfWeek } from '../schedule/schedule.ts';
import { isPositionAvailableAt, nextAvailability, type TimeSlotDetail } from './time-slots.ts';

function detail(dayOfWeek: DayOfWeek, startAt: string, endAt: string, isActive = true): TimeSlotDetail {
  return { dayOfWeek, startAt, endAt, isActive };
}

const weekdays = ([1, 2, 3, 4, 5] as const).map((day) => detail(day, '11:00', '16:00'));
const weekend = ([6, 7] as const).map((day) => detail(day, '12:00', '23:59'));

/** Business lunches on weekdays; brunch at weekends until the end of the day. */
const lunch: TimeSlot = { id: 1, positionIds: [10, 11], details: weekdays };
const brunch: TimeSlot = { id: 2, positionIds: [11], details: weekend };
const slots = [lunch, brunch];

/** A UTC instant for a wall-clock time in the week of Monday 2024-01-01, at an offset of whole hours. */
function at(day: DayOfWeek, time: string, offsetHours = 3): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return Date.UTC(2024, 0, day, hours - offsetHours, minutes);
}

describe('isPositionAvailableAt', () => {
  it('always allows a position no slot lists', () => {
    expect(isPositionAvailableAt(99, slots, at(1, '03:00'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(10, [], at(1, '03:00'), '+03:00')).toBe(true);
  });

  it('tells weekdays from the weekend', () => {
    expect(isPositionAvailableAt(10, slots, at(3, '12:30'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(10, slots, at(6, '12:30'), '+03:00')).toBe(false);
    // 11 is in both slots.
    expect(isPositionAvailableAt(11, slots, at(3, '12:30'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(11, slots, at(6, '22:00'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(11, slots, at(3, '22:00'), '+03:00')).toBe(false);
  });

  it('includes startAt and excludes endAt', () => {
    expect(isPositionAvailableAt(10, slots, at(2, '10:59'), '+03:00')).toBe(false);
    expect(isPositionAvailableAt(10, slots, at(2, '11:00'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(10, slots, at(2, '15:59'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(10, slots, at(2, '16:00'), '+03:00')).toBe(false);
  });

  it('treats 23:59 and 00:00 as the end of the day', () => {
    expect(isPositionAvailableAt(11, slots, at(7, '23:59'), '+03:00')).toBe(true);
    const late: TimeSlot = { id: 3, positionIds: [12], details: [detail(5, '18:00', '00:00')] };
    expect(isPositionAvailableAt(12, [late], at(5, '23:59'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(12, [late], at(6, '00:00'), '+03:00')).toBe(false);
  });

  it('judges by the restaurant wall clock', () => {
    // Monday 11:30 in Samara (+04:00) is 10:30 in Moscow.
    const instant = at(1, '11:30', 4);
    expect(isPositionAvailableAt(10, slots, instant, '+04:00')).toBe(true);
    expect(isPositionAvailableAt(10, slots, instant, '+03:00')).toBe(false);
    // Sunday 23:30 UTC is already Monday 03:30 at +04:00.
    expect(isPositionAvailableAt(11, slots, at(7, '23:30', 0), '+00:00')).toBe(true);
    expect(isPositionAvailableAt(11, slots, at(7, '23:30', 0), '+04:00')).toBe(false);
  });

  it('carries hours that end before they start past midnight', () => {
    const night: TimeSlot = { id: 4, positionIds: [13], details: [detail(5, '22:00', '02:00')] };
    expect(isPositionAvailableAt(13, [night], at(5, '23:00'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(13, [night], at(6, '01:59'), '+03:00')).toBe(true);
    expect(isPositionAvailableAt(13, [night], at(6, '02:00'), '+03:00')).toBe(false);
  });

  it('ignores inactive details', () => {
    const off: TimeSlot = { id: 5, positionIds: [14], details: [detail(1, '00:00', '23:59', false)] };
    expect(isPositionAvailableAt(14, [off], at(1, '12:00'), '+03:00')).toBe(false);
  });
});

describe('nextAvailability', () => {
  it('is null while the position is available or unrestricted', () => {
    expect(nextAvailability(10, slots, at(1, '12:00'), '+03:00')).toBeNull();
    expect(nextAvailability(99, slots, at(1, '03:00'), '+03:00')).toBeNull();
  });

  it('gives a later start on the same day', () => {
    expect(nextAvailability(10, slots, at(2, '09:00'), '+03:00')).toEqual({ dayOfWeek: 2, time: '11:00' });
  });

  it('gives the next active day once today is over', () => {
    expect(nextAvailability(10, slots, at(2, '16:00'), '+03:00')).toEqual({ dayOfWeek: 3, time: '11:00' });
    expect(nextAvailability(10, slots, at(5, '18:00'), '+03:00')).toEqual({ dayOfWeek: 1, time: '11:00' });
    expect(nextAvailability(10, slots, at(6, '12:00'), '+03:00')).toEqual({ dayOfWeek: 1, time: '11:00' });
    expect(nextAvailability(11, slots, at(5, '18:00'), '+03:00')).toEqual({ dayOfWeek: 6, time: '12:00' });
  });

  it('wraps round to the same day next week', () => {
    const monday: TimeSlot = { id: 6, positionIds: [15], details: [detail(1, '11:00', '12:00')] };
    expect(nextAvailability(15, [monday], at(1, '13:00'), '+03:00')).toEqual({ dayOfWeek: 1, time: '11:00' });
  });

  it('uses the restaurant wall clock', () => {
    // Tuesday 10:30 at +04:00 is still before 11:00 locally.
    expect(nextAvailability(10, slots, at(2, '10:30', 4), '+04:00')).toEqual({ dayOfWeek: 2, time: '11:00' });
  });

  it('is null when no detail is active', () => {
    const off: TimeSlot = { id: 5, positionIds: [14], details: [detail(1, '11:00', '12:00', false)] };
    expect(nextAvailability(14, [off], at(1, '10:00'), '+03:00')).toBeNull();
  });
});
