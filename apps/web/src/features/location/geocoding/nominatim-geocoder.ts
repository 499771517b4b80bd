import type { GeocodedAddress, LatLng } from '@storefront/domain';
import type { AddressSuggestion, Geocoder, LookupOptions } from './geocoder.ts';
import { GeocoderError } from './geocoder.ts';
import { coordinate, fetchJson, isRecord, MIN_QUERY_LENGTH, text, trimBase } from './geocoder-http.ts';

export interface NominatimGeocoderOptions {
  /** Absolute (http://127.0.0.1:1234) or a path on this origin ('/geocoder'). */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
}

/** How long a lookup may take before it fails in words (the address search then says it could not search). */
export const NOMINATIM_TIMEOUT_MS = 8000;

const SUGGESTION_LIMIT = 6;
const SERVICE = 'Nominatim';

/**
 * The default geocoder: any server speaking Nominatim's HTTP API (search, reverse, lookup with
 * format=jsonv2). Search results carry full address details, so a chosen suggestion needs no second call.
 */
export function createNominatimGeocoder(options: NominatimGeocoderOptions): Geocoder {
  const base = trimBase(options.baseUrl);
  // Called through a wrapper: a bare `window.fetch` stored on an object throws 'Illegal invocation'.
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function get(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const url = `${base}/${path}?${new URLSearchParams(params).toString()}`;
    const answer = await fetchJson(
      url,
      { method: 'GET', headers: { Accept: 'application/json' } },
      { fetch: fetchFn, timeoutMs: NOMINATIM_TIMEOUT_MS, signal, service: SERVICE },
    );
    if (!answer.ok) throw new GeocoderError(`${SERVICE} answered HTTP ${answer.status}`, answer.status);
    return answer.body;
  }

  return {
    async suggest(query, { bounds, locale, signal }) {
      const q = query.trim();
      if (q.length < MIN_QUERY_LENGTH) return [];
      const { southWest: sw, northEast: ne } = bounds;
      const body = await get(
        'search',
        {
          q,
          format: 'jsonv2',
          addressdetails: '1',
          layer: 'address',
          limit: String(SUGGESTION_LIMIT),
          'accept-language': locale,
          // Nominatim's viewbox is x1,y1,x2,y2 = west,north,east,south; bounded=1 makes it a filter.
          viewbox: [sw.lng, ne.lat, ne.lng, sw.lat].join(','),
          bounded: '1',
        },
        signal,
      );
      if (!Array.isArray(body)) throw new GeocoderError(`${SERVICE} search answer is not a list`);
      const suggestions: AddressSuggestion[] = [];
      const seenTitles = new Set<string>();
      for (const result of body) {
        const suggestion = toSuggestion(result);
        // Several OSM objects share one address (a building and its entrance node): show it once.
        if (!suggestion || seenTitles.has(suggestion.title)) continue;
        seenTitles.add(suggestion.title);
        suggestions.push(suggestion);
      }
      return suggestions;
    },

    async resolve(suggestion, { locale, signal }: LookupOptions) {
      if (suggestion.address) return suggestion.address;
      // Only OSM ids can be looked up; anything else cannot name a Nominatim place.
      if (!/^[NWR]\d+$/.test(suggestion.id)) return null;
      const body = await get(
        'lookup',
        { osm_ids: suggestion.id, format: 'jsonv2', addressdetails: '1', 'accept-language': locale },
        signal,
      );
      if (!Array.isArray(body)) throw new GeocoderError(`${SERVICE} lookup answer is not a list`);
      for (const result of body) {
        const address = toAddress(result, null);
        if (address) return address;
      }
      return null;
    },

    async reverse(point, { locale, signal }: LookupOptions) {
      const body = await get(
        'reverse',
        {
          lat: String(point.lat),
          lon: String(point.lng),
          format: 'jsonv2',
          addressdetails: '1',
          zoom: '18',
          'accept-language': locale,
        },
        signal,
      );
      if (!isRecord(body)) throw new GeocoderError(`${SERVICE} reverse answer is not an object`);
      // "Nothing here" comes as HTTP 200 with an error field (the sea, an unmapped area).
      if ('error' in body) return null;
      // The customer put the marker there: keep their point, not the snapped address node.
      return toAddress(body, point);
    },
  };
}

/** The parts of a jsonv2 result's `address` object the storefront keeps. */
function addressParts(result: Record<string, unknown>) {
  const address = isRecord(result.address) ? result.address : {};
  return {
    // A pedestrian street or a square is still where a courier goes.
    street:
      text(address.road) ?? text(address.pedestrian) ?? text(address.footway) ?? text(address.square) ?? null,
    houseNumber: text(address.house_number),
    suburb: text(address.suburb) ?? text(address.city_district),
    city: text(address.city) ?? text(address.town) ?? text(address.village),
    region: text(address.state),
    country: text(address.country),
  };
}

/** 'N123' / 'W45' / 'R7': the form /lookup takes back. */
function osmPlaceId(result: Record<string, unknown>): string | null {
  const type = text(result.osm_type);
  const id = result.osm_id;
  if (!type || (typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
  return `${type.charAt(0).toUpperCase()}${id}`;
}

/** A result as a GeocodedAddress; null when it has no usable coordinates (a wrong shape is skipped). */
function toAddress(result: unknown, point: LatLng | null): GeocodedAddress | null {
  if (!isRecord(result)) return null;
  const lat = coordinate(result.lat);
  const lng = coordinate(result.lon);
  const coordinates = point ?? (lat !== null && lng !== null ? { lat, lng } : null);
  if (!coordinates) return null;
  const { street, houseNumber, city, region, country } = addressParts(result);
  return { country, region, city, street, houseNumber, coordinates, placeId: osmPlaceId(result) };
}

function toSuggestion(result: unknown): AddressSuggestion | null {
  const address = toAddress(result, null);
  if (!address || !isRecord(result)) return null;
  const parts = addressParts(result);
  const displayName = text(result.display_name);
  const title = address.street
    ? [address.street, address.houseNumber].filter(Boolean).join(', ')
    : (displayName?.split(',')[0]?.trim() ?? '');
  if (title === '') return null;
  const subtitle = [parts.suburb, parts.city].filter((part) => part && part !== title).join(', ');
  const id = address.placeId ?? (result.place_id === undefined ? null : String(result.place_id));
  return { id: id ?? title, title, subtitle, address };
}
