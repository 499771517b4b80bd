import type { Bounds, GeocodedAddress, LatLng, Locale } from '@storefront/domain';

/** One line of the address autocomplete list. */
export interface AddressSuggestion {
  /** Unique within one answer; the provider's place id where it has one. */
  id: string;
  /** What the customer reads first: street and house. */
  title: string;
  /** The rest: district, city. May be ''. */
  subtitle: string;
  /**
   * Nominatim answers a search with coordinates and address parts already: the suggestion carries
   * them and `resolve` needs no second call. Google suggestions carry only a place id.
   */
  address: GeocodedAddress | null;
}

export interface SuggestOptions {
  /** Results are limited to the city's bounds (docs/product.md §5). */
  bounds: Bounds;
  locale: Locale;
  /** Google bills autocomplete per session: the suggestions and the final place lookup share it. */
  sessionToken: string;
  signal?: AbortSignal;
}

export interface LookupOptions {
  locale: Locale;
  sessionToken?: string;
  signal?: AbortSignal;
}

/**
 * The geocoder behind the map popup (docs/product.md §4 'Map popup', §5 'Address autocomplete'): Nominatim-compatible
 * by default, Google when the brand has a maps key. Every method answers null / [] for "nothing found"
 * and throws GeocoderError when the service fails, so the popup can tell the two apart.
 */
export interface Geocoder {
  suggest(query: string, options: SuggestOptions): Promise<AddressSuggestion[]>;
  /** Geocodes a chosen suggestion (by place id where the provider needs it). */
  resolve(suggestion: AddressSuggestion, options: LookupOptions): Promise<GeocodedAddress | null>;
  /** The address at a point: the marker was dragged or the map clicked. */
  reverse(point: LatLng, options: LookupOptions): Promise<GeocodedAddress | null>;
}

export class GeocoderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}
