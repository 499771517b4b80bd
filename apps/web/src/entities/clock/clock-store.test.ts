import { describe, expect, it } from 'vitest';
import { clockStore } from './clock-store.ts';

describe('clock', () => {
  it('corrects the clock by the server time, taking the middle of the round trip', () => {
    clockStore
      .getState()
      .sync(
        '2026-01-01T00:00:10.000Z',
        Date.parse('2026-01-01T00:00:00.000Z'),
        Date.parse('2026-01-01T00:00:02.000Z'),
      );
    expect(clockStore.getState()).toMatchObject({ offsetMs: 9000, synced: true });
  });
});
