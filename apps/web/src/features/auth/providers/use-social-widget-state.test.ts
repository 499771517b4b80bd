import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSocialWidgetState } from './use-social-widget-state.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSocialWidgetState', () => {
  it('follows the machine and restarts', () => {
    const { result } = renderHook(() => useSocialWidgetState());
    expect(result.current.status).toBe('loading');
    act(() => {
      vi.advanceTimersByTime(1000);
      result.current.frameLoaded();
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toMatchObject({ status: 'loaded', error: null });
    act(() => result.current.frameError('internal'));
    expect(result.current).toMatchObject({ status: 'not_loaded', error: 'internal' });
    act(() => result.current.restart());
    expect(result.current).toMatchObject({ status: 'loading', error: null });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toMatchObject({ status: 'not_loaded', error: 'timeout' });
  });

  it('leaves no timer behind after unmount', () => {
    const { unmount } = renderHook(() => useSocialWidgetState());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
