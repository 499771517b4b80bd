import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAPS_LOADER_RETRIES, retryDelayMs, withRetries } from './retry-schedule.ts';

/** The gaps between the tries, in fake milliseconds. */
const gaps = (times: number[]) => times.slice(1).map((at, index) => at - (times[index] ?? at));

describe('maps loader retry schedule (docs/product.md §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits attempt × 2^attempt ms: 2, 8, 24', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2, 8, 24]);
  });

  it('retries three times with that schedule, then reports the last failure', async () => {
    const tries: number[] = [];
    const failing = withRetries(async (attempt) => {
      tries.push(Date.now());
      throw new Error(`attempt ${attempt}`);
    }, MAPS_LOADER_RETRIES);
    const failed = expect(failing).rejects.toThrow('attempt 3');
    await vi.runAllTimersAsync();
    await failed;
    expect(tries).toHaveLength(4);
    expect(gaps(tries)).toEqual([2, 8, 24]);
  });

  it('stops at the first success', async () => {
    const tries: number[] = [];
    const result = withRetries(async (attempt) => {
      tries.push(Date.now());
      if (attempt < 2) throw new Error('not yet');
      return 'loaded';
    }, 3);
    await vi.runAllTimersAsync();
    expect(await result).toBe('loaded');
    expect(gaps(tries)).toEqual([2, 8]);
  });
});
