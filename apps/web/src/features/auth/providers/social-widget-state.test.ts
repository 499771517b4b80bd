import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWidgetState, type WidgetState } from './social-widget-state.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function machine() {
  const changes: WidgetState[] = [];
  const m = createWidgetState({ onChange: (s) => changes.push(s) });
  return { m, changes };
}

describe('createWidgetState', () => {
  it('starts loading and times out at exactly 5000 ms', () => {
    const { m, changes } = machine();
    expect(m.getState()).toEqual({ status: 'loading', error: null });
    vi.advanceTimersByTime(4999);
    expect(m.getState().status).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toEqual({ status: 'not_loaded', error: 'timeout' });
    expect(changes).toEqual([{ status: 'not_loaded', error: 'timeout' }]);
  });

  it('a load message at 1000 ms shows loaded at 1300 ms, not at 1299, and cancels the timeout', () => {
    const { m, changes } = machine();
    vi.advanceTimersByTime(1000);
    m.frameLoaded();
    vi.advanceTimersByTime(299);
    expect(m.getState().status).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(m.getState()).toEqual({ status: 'loaded', error: null });
    vi.advanceTimersByTime(10_000);
    expect(m.getState().status).toBe('loaded');
    expect(changes).toEqual([{ status: 'loaded', error: null }]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a repeated load message does not restart the 300 ms delay', () => {
    const { m } = machine();
    m.frameLoaded();
    vi.advanceTimersByTime(200);
    m.frameLoaded();
    vi.advanceTimersByTime(100);
    expect(m.getState().status).toBe('loaded');
  });

  it('an internal error moves to not_loaded at once, even inside the 300 ms delay', () => {
    const { m, changes } = machine();
    m.frameLoaded();
    vi.advanceTimersByTime(100);
    m.frameError('internal');
    expect(m.getState()).toEqual({ status: 'not_loaded', error: 'internal' });
    vi.advanceTimersByTime(10_000);
    expect(m.getState()).toEqual({ status: 'not_loaded', error: 'internal' });
    expect(changes).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an error while loading wins over the later timeout; an auth error after loaded is kept too', () => {
    const { m, changes } = machine();
    vi.advanceTimersByTime(3000);
    m.frameError('internal');
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([{ status: 'not_loaded', error: 'internal' }]);

    const other = machine();
    other.m.frameLoaded();
    vi.advanceTimersByTime(300);
    other.m.frameError('auth');
    expect(other.m.getState()).toEqual({ status: 'not_loaded', error: 'auth' });
  });

  it('not_loaded is final: a late load message does not bring the widget back', () => {
    const { m } = machine();
    vi.advanceTimersByTime(5000);
    m.frameLoaded();
    vi.advanceTimersByTime(1000);
    expect(m.getState()).toEqual({ status: 'not_loaded', error: 'timeout' });
  });

  it('makes no transition after dispose', () => {
    const { m, changes } = machine();
    m.frameLoaded();
    m.dispose();
    vi.advanceTimersByTime(10_000);
    m.frameError('internal');
    expect(changes).toEqual([]);
    expect(m.getState().status).toBe('loading');
    expect(vi.getTimerCount()).toBe(0);

    const fresh = machine();
    fresh.m.dispose();
    vi.advanceTimersByTime(5000);
    expect(fresh.changes).toEqual([]);
  });
});
