import { describe, expect, it } from 'vitest';
import { everyDay } from '../testing/pricing-fixtures.ts';
import { judgeOrderTime, localDayStartMs, nextOpeningAtMs, type OrderTimeSettings } from './order-time.ts';

const HOUR = 3_600_000;

function settings(overrides: Partial<OrderTimeSettings> = {}): OrderTimeSettings {
  return {
    nowMs: Date.parse('2026-11-25T13:00:00+03:00'),
    preOrderAt: null,
    preOrderEnabled: true,
    preOrder: { minTimeMinutes: 60, dayInAdvance: 2, hours: [] },
    openingHours: everyDay('10:00', '22:00'),
    timezone: '+03:00',
    ...overrides,
  };
}

describe('localDayStartMs', () => {
  it('is the restaurant-local midnight, on either side of UTC midnight', () => {
    expect(localDayStartMs(Date.parse('2026-11-25T01:30:00+04:00'), '+04:00')).toBe(
      Date.parse('2026-11-25T00:00:00+04:00'),
    );
    // 23:30 UTC on the 24th is already the 25th in Samara.
    expect(localDayStartMs(Date.parse('2026-11-24T23:30:00Z'), '+04:00')).toBe(
      Date.parse('2026-11-25T00:00:00+04:00'),
    );
    expect(localDayStartMs(Date.parse('2026-11-25T02:00:00Z'), '-05:00')).toBe(
      Date.parse('2026-11-24T00:00:00-05:00'),
    );
  });
});

describe('nextOpeningAtMs', () => {
  it('puts the opening on the restaurant clock, Samara +04:00', () => {
    const from = Date.parse('2026-11-25T08:00:00+04:00');
    expect(nextOpeningAtMs({ dayOfWeek: 3, time: '10:00', daysAhead: 0 }, from, '+04:00')).toBe(
      Date.parse('2026-11-25T10:00:00+04:00'),
    );
    expect(nextOpeningAtMs({ dayOfWeek: 5, time: '11:30', daysAhead: 2 }, from, '+04:00')).toBe(
      Date.parse('2026-11-27T11:30:00+04:00'),
    );
  });

  it('counts days from the local day, not the UTC one, at a night hour', () => {
    // 02:30 in Samara is 22:30 UTC of the day before.
    const from = Date.parse('2026-11-25T02:30:00+04:00');
    expect(nextOpeningAtMs({ dayOfWeek: 3, time: '11:00', daysAhead: 0 }, from, '+04:00')).toBe(
      Date.parse('2026-11-25T11:00:00+04:00'),
    );
  });
});

describe('judgeOrderTime', () => {
  it('judges as soon as possible at now, open', () => {
    const time = judgeOrderTime(settings());
    expect(time).toEqual({ orderAtMs: settings().nowMs, preOrderAtMs: null, problems: [] });
  });

  it('reports closed with the next opening, in Samara', () => {
    const nowMs = Date.parse('2026-11-25T08:15:00+04:00');
    const time = judgeOrderTime(settings({ nowMs, timezone: '+04:00' }));
    expect(time.problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-25T10:00:00+04:00') },
    ]);
  });

  it('after closing, the next opening is tomorrow', () => {
    const nowMs = Date.parse('2026-11-25T22:30:00+03:00');
    expect(judgeOrderTime(settings({ nowMs })).problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-26T10:00:00+03:00') },
    ]);
  });

  it('takes orders at a night hour when the hours run past midnight (11:00–02:00)', () => {
    const openingHours = everyDay('11:00', '02:00');
    const night = Date.parse('2026-11-26T01:30:00+04:00');
    expect(judgeOrderTime(settings({ nowMs: night, openingHours, timezone: '+04:00' })).problems).toEqual([]);
    const late = Date.parse('2026-11-26T03:00:00+04:00');
    expect(judgeOrderTime(settings({ nowMs: late, openingHours, timezone: '+04:00' })).problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-26T11:00:00+04:00') },
    ]);
  });

  it('reports a day off with the next working day', () => {
    // Wednesday off.
    const openingHours = everyDay('10:00', '22:00').map((day) =>
      day.dayOfWeek === 3 ? { ...day, active: false } : day,
    );
    expect(judgeOrderTime(settings({ openingHours })).problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-26T10:00:00+03:00') },
    ]);
  });

  it('leaves nextOpenAt out when the restaurant never opens', () => {
    expect(judgeOrderTime(settings({ openingHours: [] })).problems).toEqual([
      { code: 'resto.not-accepting-orders' },
    ]);
  });

  it('judges a pre-order at its own time', () => {
    const preOrderAt = '2026-11-26T12:00:00+03:00';
    const time = judgeOrderTime(settings({ preOrderAt }));
    expect(time).toEqual({
      orderAtMs: Date.parse(preOrderAt),
      preOrderAtMs: Date.parse(preOrderAt),
      problems: [],
    });
  });

  it('refuses a pre-order when the brand has none, and judges at now instead', () => {
    const base = settings();
    const time = judgeOrderTime({ ...base, preOrderEnabled: false, preOrderAt: '2026-11-26T09:00:00+03:00' });
    expect(time).toEqual({
      orderAtMs: base.nowMs,
      preOrderAtMs: null,
      problems: [{ code: 'person-order.pre-order-disabled' }],
    });
  });

  it('refuses a pre-order sooner than the lead time, and one in the past', () => {
    const base = settings();
    const soon = new Date(base.nowMs + 59 * 60_000).toISOString();
    expect(judgeOrderTime({ ...base, preOrderAt: soon }).problems).toEqual([
      { code: 'person-order.pre-order-too-soon' },
    ]);
    const exactly = new Date(base.nowMs + HOUR).toISOString();
    expect(judgeOrderTime({ ...base, preOrderAt: exactly }).problems).toEqual([]);
    const past = new Date(base.nowMs - HOUR).toISOString();
    expect(judgeOrderTime({ ...base, preOrderAt: past }).problems).toEqual([
      { code: 'person-order.pre-order-too-soon' },
    ]);
  });

  it('without pre-order settings, the lead is 0 and the opening hours apply', () => {
    const base = settings({ preOrder: null });
    const inMinute = new Date(base.nowMs + 60_000).toISOString();
    expect(judgeOrderTime({ ...base, preOrderAt: inMinute }).problems).toEqual([]);
    expect(judgeOrderTime({ ...base, preOrderAt: '2026-11-26T23:00:00+03:00' }).problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-27T10:00:00+03:00') },
    ]);
  });

  it('refuses a pre-order beyond the end of the day dayInAdvance days on, on the local clock', () => {
    const base = settings({ openingHours: everyDay('00:00', '00:00') });
    // Today is the 25th; two days on is the 27th, which ends at local midnight.
    expect(judgeOrderTime({ ...base, preOrderAt: '2026-11-27T23:59:00+03:00' }).problems).toEqual([]);
    expect(judgeOrderTime({ ...base, preOrderAt: '2026-11-28T00:00:00+03:00' }).problems).toEqual([
      { code: 'person-order.pre-order-too-far' },
    ]);
    // Samara: the same instant is already the 28th there.
    expect(
      judgeOrderTime({ ...base, timezone: '+04:00', preOrderAt: '2026-11-27T23:30:00+03:00' }).problems,
    ).toEqual([{ code: 'person-order.pre-order-too-far' }]);
  });

  it('judges a pre-order on the pre-order hours when set, else on the opening hours', () => {
    const base = settings({
      preOrder: { minTimeMinutes: 0, dayInAdvance: 3, hours: everyDay('12:00', '14:00') },
    });
    expect(judgeOrderTime({ ...base, preOrderAt: '2026-11-26T12:30:00+03:00' }).problems).toEqual([]);
    expect(judgeOrderTime({ ...base, preOrderAt: '2026-11-26T15:00:00+03:00' }).problems).toEqual([
      { code: 'resto.not-accepting-orders', nextOpenAt: Date.parse('2026-11-27T12:00:00+03:00') },
    ]);
    // As soon as possible is judged on the opening hours even so.
    expect(judgeOrderTime({ ...base, nowMs: Date.parse('2026-11-25T15:00:00+03:00') }).problems).toEqual([]);
  });

  it('reports every time problem at once', () => {
    const base = settings({ nowMs: Date.parse('2026-11-25T23:00:00+03:00') });
    const time = judgeOrderTime({ ...base, preOrderAt: '2026-11-25T23:10:00+03:00' });
    expect(time.problems.map((problem) => problem.code)).toEqual([
      'person-order.pre-order-too-soon',
      'resto.not-accepting-orders',
    ]);
  });
});
