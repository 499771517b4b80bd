import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/storage/keys.ts';
import { FIRST_VISIT_CHUNKS_ATTRIBUTE, preloadFirstVisitChunks } from './first-visit-preload.ts';

function headScript(files: string | null): HTMLScriptElement {
  const script = document.createElement('script');
  if (files !== null) script.setAttribute(FIRST_VISIT_CHUNKS_ATTRIBUTE, files);
  return script;
}

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });
const preloads = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    href: link.getAttribute('href'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('preloadFirstVisitChunks', () => {
  it("asks for the location popup's scripts and styles on a first visit", () => {
    preloadFirstVisitChunks(
      headScript('/assets/popup-a.js /assets/shared-b.js /assets/popup-c.css'),
      storage({}),
    );
    expect(preloads()).toEqual([
      { rel: 'modulepreload', as: null, href: '/assets/popup-a.js', crossOrigin: '' },
      { rel: 'modulepreload', as: null, href: '/assets/shared-b.js', crossOrigin: '' },
      { rel: 'preload', as: 'style', href: '/assets/popup-c.css', crossOrigin: null },
    ]);
  });

  it('asks for nothing when a city is saved: a returning customer never sees the popup at start', () => {
    preloadFirstVisitChunks(headScript('/assets/popup-a.js'), storage({ [STORAGE_KEYS.cityId]: '1' }));
    expect(preloads()).toEqual([]);
  });

  it('asks for nothing without the list (the development server writes none)', () => {
    preloadFirstVisitChunks(headScript(null), storage({}));
    preloadFirstVisitChunks(null, storage({}));
    expect(preloads()).toEqual([]);
  });
});
