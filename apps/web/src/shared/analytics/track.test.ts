import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnalyticsEvent,
  analyticsState,
  connectAnalytics,
  QUEUE_LIMIT,
  resetAnalytics,
  switchAnalyticsOff,
  track,
} from './track.ts';

const view = (url: string): AnalyticsEvent => ({ type: 'page-view', url });

describe('track()', () => {
  afterEach(resetAnalytics);

  it('queues events until the counter is connected, then sends them in order and the next ones at once', () => {
    track(view('/a'));
    track({ type: 'checkout-started', total: 69000, currency: 'RUB' });
    const sink = vi.fn();
    connectAnalytics(sink);
    expect(sink.mock.calls.map(([event]) => event.type)).toEqual(['page-view', 'checkout-started']);
    track(view('/b'));
    expect(sink).toHaveBeenLastCalledWith(view('/b'));
    expect(analyticsState()).toBe('on');
  });

  it('drops everything once analytics is off: the queue and every later event', () => {
    track(view('/a'));
    switchAnalyticsOff();
    track(view('/b'));
    const sink = vi.fn();
    connectAnalytics(sink);
    expect(sink).not.toHaveBeenCalled();
  });

  it('keeps only the latest events while waiting long', () => {
    for (let index = 0; index < QUEUE_LIMIT + 5; index++) track(view(`/${index}`));
    const sink = vi.fn();
    connectAnalytics(sink);
    expect(sink).toHaveBeenCalledTimes(QUEUE_LIMIT);
    expect(sink).toHaveBeenNthCalledWith(1, view('/5'));
  });

  it('never lets a failing counter break the caller', () => {
    connectAnalytics(() => {
      throw new Error('blocked by an extension');
    });
    expect(() => track(view('/a'))).not.toThrow();
  });
});
