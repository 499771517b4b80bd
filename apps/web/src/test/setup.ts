import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMediaQueryList } from './match-media.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout: components that ask for media queries get a controllable stub.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
