import type { GeocodedAddress, LatLng, Locale } from '@storefront/domain';
import type { AddressSuggestion, Geocoder } from './geocoder.ts';
import { GeocoderError } from './geocoder.ts';
import { coordinate, fetchJson, isRecord, MIN_QUERY_LENGTH, text, trimBase } from './geocoder-http.ts';

/** How long a request may take before the customer is told the service is unavailable. */
export const GOOGLE_TIMEOUT_MS = 8000;

export interface GoogleGeocoderOptions {
  apiKey: string;
  /** Geocoding API host; a fake's address in tests. */
  geocodingUrl?: string;
  /** Places API (New) host. */
  placesUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * Autocomplete (New) takes Table B types in includedPrimaryTypes (at most 5): these keep suggestions to
 * addresses — a house, a building, a part of one, a street — and leave out shops and landmarks.
 * https://developers.google.com/maps/documentation/places/web-service/place-types#table-b
 */
export const ADDRESS_PRIMARY_TYPES = ['street_address', 'premise', 'subpremise', 'route'] as const;

/**
 * The geocoder for a brand with a Google Maps key: suggestions from Places API (New) Autocomplete,
 * place ids and points resolved by the Geocoding API. Both are plain HTTPS web services callable from
 * the browser with the brand's (referrer-restricted) key.
 */
export function createGoogleGeocoder(options: GoogleGeocoderOptions): Geocoder {
  const geocodingUrl = trimBase(options.geocodingUrl ?? 'https://maps.googleapis.com');
  const placesUrl = trimBase(options.placesUrl ?? 'https://places.googleapis.com');
  // Called through a wrapper: a bare `window.fetch` stored on an object throws 'Illegal invocation'.
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** Geocoding API: errors are HTTP 200 with a status other than OK (documented status codes). */
  async function geocode(
    params: Record<string, string>,
    locale: Locale,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, unknown> | null> {
    const query = new URLSearchParams({ ...params, key: options.apiKey, language: locale });
    const service = 'Google geocoding';
    const answer = await fetchJson(
      `${geocodingUrl}/maps/api/geocode/json?${query.toString()}`,
      { method: 'GET' },
      { fetch: fetchFn, timeoutMs: GOOGLE_TIMEOUT_MS, signal, service },
    );
    if (!answer.ok) throw new GeocoderError(`${service} answered HTTP ${answer.status}`, answer.status);
    const body = answer.body;
    if (!isRecord(body)) throw new GeocoderError(`${service} answer is not an object`);
    const status = text(body.status);
    if (status === 'ZERO_RESULTS') return null;
    if (status !== 'OK') {
      const message = text(body.error_message);
      throw new GeocoderError(`${service}: ${status ?? 'no status'}${message ? ` (${message})` : ''}`);
    }
    const results = Array.isArray(body.results) ? body.results : [];
    const first = results[0];
    return isRecord(first) ? first : null;
  }

  return {
    async suggest(query, { bounds, locale, sessionToken, signal }) {
      const input = query.trim();
      if (input.length < MIN_QUERY_LENGTH) return [];
      const service = 'Google Places';
      const answer = await fetchJson(
        `${placesUrl}/v1/places:autocomplete`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': options.apiKey },
          body: JSON.stringify({
            input,
            // One token for the whole typing session: Google bills the session, not each keystroke.
            sessionToken,
            languageCode: locale,
            locationRestriction: {
              rectangle: {
                low: { latitude: bounds.southWest.lat, longitude: bounds.southWest.lng },
                high: { latitude: bounds.northEast.lat, longitude: bounds.northEast.lng },
              },
            },
            includedPrimaryTypes: ADDRESS_PRIMARY_TYPES,
          }),
        },
        { fetch: fetchFn, timeoutMs: GOOGLE_TIMEOUT_MS, signal, service },
      );
      if (!answer.ok) throw placesError(service, answer.status, answer.body);
      if (!isRecord(answer.body)) throw new GeocoderError(`${service} answer is not an object`);
      // No match is `{}`: no suggestions field at all.
      const list = Array.isArray(answer.body.suggestions) ? answer.body.suggestions : [];
      const suggestions: AddressSuggestion[] = [];
      const seen = new Set<string>();
      for (const item of list) {
        const suggestion = isRecord(item) ? toSuggestion(item.placePrediction) : null;
        if (!suggestion || seen.has(suggestion.id)) continue;
        seen.add(suggestion.id);
        suggestions.push(suggestion);
      }
      return suggestions;
    },

    async resolve(suggestion, { locale, signal }) {
      if (suggestion.address) return suggestion.address;
      const result = await geocode({ place_id: suggestion.id }, locale, signal);
      if (!result) return null;
      const geometry = isRecord(result.geometry) ? result.geometry : {};
      const location = isRecord(geometry.location) ? geometry.location : {};
      const lat = coordinate(location.lat);
      const lng = coordinate(location.lng);
      if (lat === null || lng === null) throw new GeocoderError('Google geocoding result has no location');
      return toAddress(result, { lat, lng });
    },

    async reverse(point, { locale, signal }) {
      const result = await geocode({ latlng: `${point.lat},${point.lng}` }, locale, signal);
      // The customer put the marker there: keep their point, not the geocoded building's.
      return result ? toAddress(result, point) : null;
    },
  };
}

/** Google APIs answer failures with `{error: {code, message, status}}` and an HTTP 4xx/5xx. */
function placesError(service: string, httpStatus: number, body: unknown): GeocoderError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const status = text(error.status);
  const message = text(error.message);
  const detail = [status, message].filter(Boolean).join(': ');
  return new GeocoderError(
    `${service} answered HTTP ${httpStatus}${detail ? ` (${detail})` : ''}`,
    httpStatus,
  );
}

function toSuggestion(prediction: unknown): AddressSuggestion | null {
  if (!isRecord(prediction)) return null;
  const id = text(prediction.placeId);
  const format = isRecord(prediction.structuredFormat) ? prediction.structuredFormat : {};
  const main = isRecord(format.mainText) ? text(format.mainText.text) : null;
  const whole = isRecord(prediction.text) ? text(prediction.text.text) : null;
  const title = main ?? whole;
  if (!id || !title) return null;
  const secondary = isRecord(format.secondaryText) ? text(format.secondaryText.text) : null;
  return { id, title, subtitle: secondary ?? '', address: null };
}

/** A Geocoding API result's address_components by type. */
function toAddress(result: Record<string, unknown>, coordinates: LatLng): GeocodedAddress {
  const components = Array.isArray(result.address_components) ? result.address_components : [];
  const byType = (type: string): string | null => {
    for (const component of components) {
      if (isRecord(component) && Array.isArray(component.types) && component.types.includes(type)) {
        return text(component.long_name);
      }
    }
    return null;
  };
  return {
    country: byType('country'),
    region: byType('administrative_area_level_1'),
    city: byType('locality'),
    street: byType('route'),
    houseNumber: byType('street_number'),
    coordinates,
    placeId: text(result.place_id),
  };
}
