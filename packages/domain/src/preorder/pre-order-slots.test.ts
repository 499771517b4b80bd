import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpeningHoursDay } from '../schedule/schedule.ts';
import {
  firstPreOrderSlot,
  isOnSlotGrid,
  isPreOrderSlot,
  type PreOrderRules,
  preOrderDays,
} from './pre-order-slots.ts';

const week = (open: string, close: string, offDays: number[] = []): OpeningHoursDay[] =>
  ([1, 2, 3, 4, 5, 6, 7] as const).map((dayOfWeek) => ({
    dayOfWeek,
    active: !offDays.includes(dayOfWeek),
    open,
    close,
  }));

// Wednesday 2026-11-25.
const at = (iso: string) => Date.parse(iso);
const kazan = (overrides: Partial<PreOrderRules> = {}): PreOrderRules => ({
  nowMs: at('2026-11-25T12:00:00+03:00'),
  timezone: '+03:00',
  openingHours: week('11:00', '23:00'),
  preOrder: { minTimeMinutes: 60, dayInAdvance: 2, hours: [] },
  ...overrides,
});
const label = (ms: number, offset = '+03:00') => {
  const sign = offset.startsWith('-') ? -1 : 1;
  const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return new Date(ms + shift * 60_000).toISOString().slice(0, 16).replace('T', ' ');
};

describe('pre-order slots', () => {
  it('start after the lead time, on the 15-minute grid, and end before closing', () => {
    const days = preOrderDays(kazan());
    expect(days.map((day) => day.daysAhead)).toEqual([0, 1, 2]);
    const today = days[0]?.slots ?? [];
    expect(label(today[0] ?? 0)).toBe('2026-11-25 13:00');
    expect(label(today.at(-1) ?? 0)).toBe('2026-11-25 22:45');
    const tomorrow = days[1]?.slots ?? [];
    expect(label(tomorrow[0] ?? 0)).toBe('2026-11-26 11:00');
    expect(tomorrow).toHaveLength((23 - 11) * 4);
  });

  it('round a lead that ends between slots up to the next slot, and add the extended-cooking lead', () => {
    const rules = kazan({ nowMs: at('2026-11-25T12:07:00+03:00') });
    expect(label(firstPreOrderSlot(rules) ?? 0)).toBe('2026-11-25 13:15');
    expect(label(firstPreOrderSlot({ ...rules, extraLeadMinutes: 90 }) ?? 0)).toBe('2026-11-25 14:45');
  });

  it('at night offer the morning, and on a day off skip the day', () => {
    const night = kazan({ nowMs: at('2026-11-25T03:00:00+03:00') });
    expect(label(firstPreOrderSlot(night) ?? 0)).toBe('2026-11-25 11:00');
    // Thursday off: Wednesday's evening, then Friday.
    const thursdayOff = kazan({ openingHours: week('11:00', '23:00', [4]) });
    expect(preOrderDays(thursdayOff).map((day) => day.daysAhead)).toEqual([0, 2]);
  });

  it('hours past midnight belong to the evening before (Samara, +04:00, 11:00–02:00)', () => {
    const samara = kazan({
      nowMs: at('2026-11-25T22:30:00+04:00'),
      timezone: '+04:00',
      openingHours: week('11:00', '02:00'),
      preOrder: { minTimeMinutes: 30, dayInAdvance: 1, hours: [] },
    });
    const today = preOrderDays(samara)[0]?.slots ?? [];
    expect(today.map((ms) => label(ms, '+04:00'))).toEqual([
      '2026-11-25 23:00',
      '2026-11-25 23:15',
      '2026-11-25 23:30',
      '2026-11-25 23:45',
    ]);
    const tomorrow = preOrderDays(samara)[1]?.slots ?? [];
    // 00:00–01:45 are Wednesday's hours running on; then Thursday's from 11:00.
    expect(label(tomorrow[0] ?? 0, '+04:00')).toBe('2026-11-26 00:00');
    expect(label(tomorrow[7] ?? 0, '+04:00')).toBe('2026-11-26 01:45');
    expect(label(tomorrow[8] ?? 0, '+04:00')).toBe('2026-11-26 11:00');
  });

  it('use the pre-order hours when the restaurant sets them', () => {
    const rules = kazan({ preOrder: { minTimeMinutes: 0, dayInAdvance: 0, hours: week('12:00', '14:00') } });
    const slots = preOrderDays(rules)[0]?.slots ?? [];
    expect(slots.map((ms) => label(ms))).toEqual([
      '2026-11-25 12:00',
      '2026-11-25 12:15',
      '2026-11-25 12:30',
      '2026-11-25 12:45',
      '2026-11-25 13:00',
      '2026-11-25 13:15',
      '2026-11-25 13:30',
      '2026-11-25 13:45',
    ]);
  });

  it('check a chosen time on both sides of every limit', () => {
    const rules = kazan();
    expect(isPreOrderSlot(at('2026-11-25T12:45:00+03:00'), rules)).toBe(false); // inside the lead
    expect(isPreOrderSlot(at('2026-11-25T13:00:00+03:00'), rules)).toBe(true);
    expect(isPreOrderSlot(at('2026-11-25T13:05:00+03:00'), rules)).toBe(false); // off the grid
    expect(isPreOrderSlot(at('2026-11-25T22:45:00+03:00'), rules)).toBe(true);
    expect(isPreOrderSlot(at('2026-11-25T23:00:00+03:00'), rules)).toBe(false); // closed
    expect(isPreOrderSlot(at('2026-11-27T22:45:00+03:00'), rules)).toBe(true); // the last day
    expect(isPreOrderSlot(at('2026-11-28T11:00:00+03:00'), rules)).toBe(false); // beyond dayInAdvance
    expect(isOnSlotGrid(at('2026-11-25T13:00:30+03:00'), '+03:00')).toBe(false);
  });

  it('offers exactly the slots it accepts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 * 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 180 }),
        fc.constantFrom('+03:00', '+04:00', '-01:00'),
        (minute, lead, timezone) => {
          const rules = kazan({
            nowMs: at('2026-11-23T00:00:00Z') + minute * 60_000,
            timezone,
            openingHours: week('10:00', '01:00', [1]),
            preOrder: { minTimeMinutes: lead, dayInAdvance: 1, hours: [] },
          });
          const offered = new Set(preOrderDays(rules).flatMap((day) => day.slots));
          const start = rules.nowMs - (rules.nowMs % (15 * 60_000));
          for (let t = start; t < rules.nowMs + 3 * 86_400_000; t += 15 * 60_000) {
            if (offered.has(t) !== isPreOrderSlot(t, rules)) return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('pre-order slots with breaks and special days (decision 51)', () => {
  it("refuse 23:59 on New Year's Eve when the special day closes at 18:00, round the clock or not", () => {
    const specialDays = [{ date: '2026-12-31', closed: false, open: '10:00', close: '18:00' }];
    for (const openingHours of [week('00:00', '00:00'), week('10:00', '23:59')]) {
      const rules = kazan({
        nowMs: at('2026-12-30T12:00:00+03:00'),
        openingHours,
        specialDays,
        preOrder: { minTimeMinutes: 0, dayInAdvance: 2, hours: [] },
        slotMinutes: 1,
      });
      expect(isPreOrderSlot(at('2026-12-31T23:59:00+03:00'), rules)).toBe(false);
      expect(isPreOrderSlot(at('2026-12-31T17:59:00+03:00'), rules)).toBe(true);
      const eve = preOrderDays(rules).find((day) => day.daysAhead === 1)?.slots ?? [];
      expect(label(eve.at(-1) ?? 0)).toBe('2026-12-31 17:59');
    }
  });

  it('offer no slot in a lunch break and none on a closed special day', () => {
    const rules = kazan({
      openingHours: week('11:00', '23:00').map((d) => ({ ...d, breakFrom: '15:00', breakTo: '16:00' })),
      specialDays: [{ date: '2026-11-26', closed: true }],
    });
    expect(isPreOrderSlot(at('2026-11-25T15:00:00+03:00'), rules)).toBe(false);
    expect(isPreOrderSlot(at('2026-11-25T14:45:00+03:00'), rules)).toBe(true);
    expect(isPreOrderSlot(at('2026-11-25T16:00:00+03:00'), rules)).toBe(true);
    expect(preOrderDays(rules).map((day) => day.daysAhead)).toEqual([0, 2]);
  });

  it('judge a restaurant at +05:00 by its own date (property: every slot is on an open minute of its own clock)', () => {
    const rules = kazan({
      timezone: '+05:00',
      nowMs: at('2026-11-25T20:00:00+03:00'),
      specialDays: [{ date: '2026-11-26', closed: true }],
    });
    // 20:00 in Moscow is 22:00 there: nothing left today with the hour's lead; the 26th is closed.
    const days = preOrderDays(rules);
    expect(days.map((day) => day.daysAhead)).toEqual([2]);
    fc.assert(
      fc.property(fc.constantFrom(...(days[0]?.slots ?? [])), (slot) => {
        expect(isPreOrderSlot(slot, rules)).toBe(true);
        expect(label(slot, '+05:00').startsWith('2026-11-27')).toBe(true);
      }),
    );
  });
});
