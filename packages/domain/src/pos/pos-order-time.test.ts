import { describe, expect, it } from 'vitest';
import { POS_RETRY_MAX_MS, posCompleteBefore, posRetryDelayMs } from './pos-order-time.ts';

describe("a pre-order's time on the terminal's clock", () => {
  const at = Date.UTC(2026, 2, 14, 15, 30, 0, 250);

  it('reads the terminal group’s zone when the POS names one', () => {
    expect(posCompleteBefore(at, 'Asia/Yekaterinburg', '+03:00')).toBe('2026-03-14 20:30:00.250');
    expect(posCompleteBefore(at, 'Europe/Moscow', '+05:00')).toBe('2026-03-14 18:30:00.250');
  });

  it('falls back to the restaurant’s offset for no zone or one it does not know', () => {
    expect(posCompleteBefore(at, null, '+07:00')).toBe('2026-03-14 22:30:00.250');
    expect(posCompleteBefore(at, 'Russian Standard Time', '+03:00')).toBe('2026-03-14 18:30:00.250');
    expect(posCompleteBefore(Date.UTC(2026, 0, 1, 22, 0), null, '+03:00')).toBe('2026-01-02 01:00:00.000');
  });
});

describe('retrying the POS', () => {
  it('waits 15 s, doubling, at most 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(posRetryDelayMs)).toEqual([
      15_000,
      30_000,
      60_000,
      120_000,
      240_000,
      POS_RETRY_MAX_MS,
      POS_RETRY_MAX_MS,
    ]);
    expect(posRetryDelayMs(0)).toBe(15_000);
  });
});
