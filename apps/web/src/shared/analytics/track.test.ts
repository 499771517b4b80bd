import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from './track.ts';

type TrackModule = typeof import('./track.ts');
let track: TrackModule['track'];
let connectAnalytics: TrackModule['connectAnalytics'];
let switchAnalyticsOff: TrackModule['switchAnalyticsOff'];
let QUEUE_LIMIT: number;

const view = (url: string): AnalyticsEvent => ({ type: 'page-view', url });

describe('track()', () => {
  // Each test gets the module as a page load finds it (its state is the module's own): nothing tracked yet.
  beforeEach(async () => {
    vi.resetModules();
    ({ track, connectAnalytics, switchAnalyticsOff, QUEUE_LIMIT } = await import('./track.ts'));
  });

  it('queues events until the counter is connected, then sends them in order and the next ones at once', () => {
    track(view('/a'));
    track({ type: 'checkout-started', total: 69000, currency: 'RUB' });
    const sink = vi.fn();
    connectAnalytics(sink);
    expect(sink.mock.calls.map(([event]) => event.type)).toEqual(['page-view', 'checkout-started']);
    track(view('/b'));
    expect(sink).toHaveBeenLastCalledWith(view('/b'));
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
