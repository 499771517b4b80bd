import { describe, expect, it } from 'vitest';
import { MAPS_LOADER_RETRIES, retryDelayMs, withRetries } from './retry-schedule.ts';

describe('maps loader retry schedule (SPEC §8)', () => {
  it('waits attempt × 2^attempt ms: 2, 8, 24', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2, 8, 24]);
  });

  it('retries three times with that schedule, then reports the last failure', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = withRetries(
      async (attempt) => {
        calls++;
        throw new Error(`attempt ${attempt}`);
      },
      MAPS_LOADER_RETRIES,
      async (ms) => {
        waits.push(ms);
      },
    );
    await expect(failing).rejects.toThrow('attempt 3');
    expect(calls).toBe(4);
    expect(waits).toEqual([2, 8, 24]);
  });

  it('stops at the first success', async () => {
    const waits: number[] = [];
    const result = await withRetries(
      async (attempt) => {
        if (attempt < 2) throw new Error('not yet');
        return 'loaded';
      },
      3,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(result).toBe('loaded');
    expect(waits).toEqual([2, 8]);
  });
});
