/* Test-only: matchMedia stand-ins for UI tests (jsdom evaluates no media queries). */
import { vi } from 'vitest';

/** A MediaQueryList that never changes: jsdom has no layout to evaluate queries against. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  } as MediaQueryList;
}

/** Makes every media query match (true) or not, e.g. to render the ≥ 840 px variants. */
export function stubMatchMedia(matches: boolean) {
  return vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => fakeMediaQueryList(query, matches));
}
