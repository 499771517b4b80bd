// Types only: the contracts module carries zod, which the browser bundle must not pull in for this.
import type { BrandConfig } from '@storefront/domain/contracts';
import { apiUrl } from '../../../shared/api-base.ts';
import type { Geocoder } from './geocoder.ts';
import { createGoogleGeocoder } from './google-geocoder.ts';
import { withFailureLog } from './logged-geocoder.ts';
import { createNominatimGeocoder } from './nominatim-geocoder.ts';

export interface CreateGeocoderOptions {
  fetch?: typeof globalThis.fetch;
}

/**
 * DESIGN 'Outside services': Google when the brand has a maps key, else the Nominatim-compatible
 * geocoder at `geocoderUrl` (the local default).
 */
export function createGeocoder(maps: BrandConfig['maps'], options: CreateGeocoderOptions = {}): Geocoder {
  const apiKey = maps.googleMapsKey?.trim();
  // Every failure is logged (without the key) and thrown on: logged-geocoder.ts.
  if (apiKey) {
    const google = createGoogleGeocoder({
      apiKey,
      geocodingUrl: maps.googleGeocodingUrl,
      placesUrl: maps.googlePlacesUrl,
      ...options,
    });
    return withFailureLog(google, { secrets: [apiKey] });
  }
  // A path ('/geocoder') is the API's own geocoder: on the API's origin.
  return withFailureLog(createNominatimGeocoder({ baseUrl: apiUrl(maps.geocoderUrl), ...options }));
}
