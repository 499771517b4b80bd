import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_MAPS_LIBRARIES, googleMapsScriptUrl, loadGoogleMaps } from './google-maps-loader.ts';
import { MapLoadError } from './map-view.ts';

const options = { apiKey: 'client-key', language: 'en', baseUrl: 'https://maps.example.test/' };

/** Every script the loader adds, answered by `answer` as soon as it is in the document. */
function answerScripts(answer: (script: HTMLScriptElement, index: number) => void) {
  const seen: HTMLScriptElement[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLScriptElement) {
          seen.push(node);
          answer(node, seen.length - 1);
        }
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return { seen, stop: () => observer.disconnect() };
}

afterEach(() => {
  vi.useRealTimers();
  delete (window as { google?: unknown }).google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('Google Maps loader (docs/product.md §7, §8)', () => {
  it('asks for the client key, the current language, the four libraries and the weekly version', () => {
    const url = new URL(googleMapsScriptUrl(options));
    expect(url.origin + url.pathname).toBe('https://maps.example.test/maps/api/js');
    expect(url.searchParams.get('key')).toBe('client-key');
    expect(url.searchParams.get('language')).toBe('en');
    expect(url.searchParams.get('libraries')).toBe('places,marker,geometry,geocoding');
    expect(GOOGLE_MAPS_LIBRARIES).toEqual(['places', 'marker', 'geometry', 'geocoding']);
    expect(url.searchParams.get('v')).toBe('weekly');
  });

  it('retries a failing script three times on the 2, 8, 24 ms schedule, then reports the failure', async () => {
    // The waits run on fake timers; the scripts' events and the DOM keep their own timing.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const added: number[] = [];
    const scripts = answerScripts((script) => {
      added.push(Date.now());
      script.dispatchEvent(new Event('error'));
    });
    const loading = loadGoogleMaps(options, document);
    const failed = expect(loading).rejects.toBeInstanceOf(MapLoadError);
    await vi.runAllTimersAsync();
    await failed;
    scripts.stop();
    expect(scripts.seen).toHaveLength(4);
    expect(added.slice(1).map((at, index) => at - (added[index] ?? at))).toEqual([2, 8, 24]);
    // A failed script tag is removed, so the page does not collect dead tags.
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('resolves with google.maps when a retry succeeds, and loads only once after that', async () => {
    const fakeMaps = { version: 'fake' } as unknown as typeof google.maps;
    const scripts = answerScripts((script, index) => {
      if (index === 0) script.dispatchEvent(new Event('error'));
      else {
        (window as { google?: unknown }).google = { maps: fakeMaps };
        (window as unknown as Record<string, () => void>).__storefrontGoogleMapsReady?.();
      }
    });
    const maps = await loadGoogleMaps(options, document);
    expect(maps).toBe(fakeMaps);
    expect(scripts.seen).toHaveLength(2);
    expect(await loadGoogleMaps(options)).toBe(fakeMaps);
    expect(scripts.seen).toHaveLength(2);
    scripts.stop();
  });
});
