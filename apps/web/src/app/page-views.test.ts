import { describe, expect, it } from 'vitest';
import { trackedPath } from './page-views.tsx';

describe('tracked path', () => {
  it('hides a rating link’s token from analytics', () => {
    expect(trackedPath('/rate/r1.77.1764000000.abc')).toBe('/rate/');
  });

  it('keeps every other path', () => {
    expect(trackedPath('/orders/77')).toBe('/orders/77');
    expect(trackedPath('/rate')).toBe('/rate');
  });
});
