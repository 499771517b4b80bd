import { expect, it } from 'vitest';
import { restoDayTime } from './resto-day-time.ts';

const t = (key: 'whenTomorrow' | 'whenDate', values: { time: string; date?: string }) =>
  key === 'whenTomorrow' ? `завтра, ${values.time}` : `${values.date}, ${values.time}`;
// Wednesday 2026-11-25, 23:30 in Kazan (+03:00): the restaurant's day ends in half an hour.
const now = Date.parse('2026-11-25T20:30:00Z');

it('says the time alone today, and the day with it on any other day of the restaurant’s clock', () => {
  expect(restoDayTime('2026-11-25T20:45:00Z', now, '+03:00', 'ru', t)).toBe('23:45');
  // 00:25 in Kazan is tomorrow there, though still the 25th in UTC.
  expect(restoDayTime('2026-11-25T21:25:00Z', now, '+03:00', 'ru', t)).toBe('завтра, 00:25');
  expect(restoDayTime('2026-11-27T08:00:00Z', now, '+03:00', 'ru', t)).toMatch(/^27 ноября, 11:00$/);
});
