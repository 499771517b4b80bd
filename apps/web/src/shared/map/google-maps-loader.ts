import { MapLoadError } from './map-view.ts';
import { MAPS_LOADER_RETRIES, withRetries } from './retry-schedule.ts';

/** docs/product.md §7 'Other services': the libraries the storefront loads with the maps script. */
export const GOOGLE_MAPS_LIBRARIES = ['places', 'marker', 'geometry', 'geocoding'] as const;

const CALLBACK = '__storefrontGoogleMapsReady';

export interface GoogleMapsLoaderOptions {
  apiKey: string;
  language: string;
  /** https://maps.googleapis.com unless the brand points it elsewhere. */
  baseUrl: string;
}

/** The script URL: the client key, current language, the four libraries and the weekly version. */
export function googleMapsScriptUrl({ apiKey, language, baseUrl }: GoogleMapsLoaderOptions): string {
  const query = new URLSearchParams({
    key: apiKey,
    language,
    libraries: GOOGLE_MAPS_LIBRARIES.join(','),
    v: 'weekly',
    loading: 'async',
    callback: CALLBACK,
  });
  return `${baseUrl.replace(/\/$/, '')}/maps/api/js?${query}`;
}

type GoogleWindow = Window & { google?: { maps?: typeof google.maps }; [CALLBACK]?: () => void };

/** One script attempt: resolves when Google calls back, rejects (and removes the tag) on a load error. */
function injectScript(url: string, doc: Document): Promise<typeof google.maps> {
  const win = doc.defaultView as GoogleWindow;
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.googleMaps = '';
    win[CALLBACK] = () => {
      const maps = win.google?.maps;
      if (maps) resolve(maps);
      else reject(new MapLoadError('Google Maps called back without google.maps'));
    };
    script.addEventListener('error', () => {
      script.remove();
      reject(new MapLoadError(`Google Maps script failed to load: ${url.split('?')[0]}`));
    });
    doc.head.append(script);
  });
}

let loading: Promise<typeof google.maps> | null = null;

/**
 * Loads the Google Maps JS API once per page, retrying up to 3 times on the docs/product.md §8 schedule. A final
 * failure is a MapLoadError and is not cached, so opening the map again tries afresh.
 */
export function loadGoogleMaps(
  options: GoogleMapsLoaderOptions,
  doc: Document = document,
): Promise<typeof google.maps> {
  const existing = (doc.defaultView as GoogleWindow).google?.maps;
  if (existing) return Promise.resolve(existing);
  if (!loading) {
    const url = googleMapsScriptUrl(options);
    loading = withRetries(() => injectScript(url, doc), MAPS_LOADER_RETRIES).catch((error) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}
