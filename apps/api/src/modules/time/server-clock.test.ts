import { expect, it } from 'vitest';
import { serverClock } from './server-clock.ts';

it('is the real clock without CLOCK_NOW', () => {
  let real = 1_000;
  const now = serverClock(undefined, () => real);
  real = 5_000;
  expect(now()).toBe(5_000);
});

it('starts at CLOCK_NOW and runs at real speed from there', () => {
  let real = Date.parse('2026-11-24T00:10:00Z');
  const now = serverClock('2026-11-25T12:00:00+03:00', () => real);
  expect(new Date(now()).toISOString()).toBe('2026-11-25T09:00:00.000Z');
  real += 90_000;
  expect(new Date(now()).toISOString()).toBe('2026-11-25T09:01:30.000Z');
});
