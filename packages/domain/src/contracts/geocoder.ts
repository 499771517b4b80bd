import { z } from 'zod';
import { latitudeParam, longitudeParam } from './location.ts';

/**
 * The API's own Nominatim-compatible geocoder (GET /geocoder/search, /reverse, /lookup): the demo brand's
 * `maps.geocoderUrl` points here, and the storefront's Nominatim adapter cannot tell it from a real
 * Nominatim. Query names, defaults and answers follow Nominatim's; unknown parameters are ignored.
 */

const flag = z.enum(['0', '1']);

/** Answers in Nominatim's 'jsonv2' (the default) or 'json', which names `category` `class`. */
const format = z.enum(['jsonv2', 'json']);

/** Nominatim's `accept-language`: a language list ('en', 'en-US,en;q=0.8'); ru or en, else ru. */
const acceptLanguage = z.string().max(200);

const LAYERS = ['address', 'poi', 'railway', 'natural', 'manmade'] as const;
const layer = z
  .string()
  .regex(
    new RegExp(`^(${LAYERS.join('|')})(,(${LAYERS.join('|')}))*$`),
    'must be layers separated by commas',
  );

/** The area a search is limited to (bounded=1) or prefers: degrees west, north, east, south. */
export interface Viewbox {
  west: number;
  north: number;
  east: number;
  south: number;
}

const DECIMAL = /^-?\d{1,3}(\.\d{1,20})?$/;
const VIEWBOX_MESSAGE = 'must be west,north,east,south in degrees';

/** Nominatim takes any two corners: the box is normalised so west ≤ east and south ≤ north. */
export function parseViewbox(value: string): Viewbox | null {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => DECIMAL.test(part))) return null;
  const [x1, y1, x2, y2] = parts.map(Number) as [number, number, number, number];
  if ([x1, x2].some((x) => Math.abs(x) > 180) || [y1, y2].some((y) => Math.abs(y) > 90)) return null;
  return { west: Math.min(x1, x2), east: Math.max(x1, x2), south: Math.min(y1, y2), north: Math.max(y1, y2) };
}

const viewbox = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const box = parseViewbox(value);
    if (!box) {
      ctx.issues.push({ code: 'custom', message: VIEWBOX_MESSAGE, input: value });
      return z.NEVER;
    }
    return box;
  });

export const GEOCODER_DEFAULT_LIMIT = 10;
export const GEOCODER_MAX_LIMIT = 20;
export const GEOCODER_MAX_QUERY = 200;

/** GET /geocoder/search — free-form address search for the autocomplete (docs/product.md §5 'Address autocomplete'). */
export const geocoderSearchQuery = z.object({
  q: z.string().max(GEOCODER_MAX_QUERY).optional(),
  format: format.optional(),
  addressdetails: flag.optional(),
  layer: layer.optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(GEOCODER_MAX_LIMIT))
    .optional(),
  'accept-language': acceptLanguage.optional(),
  viewbox: viewbox.optional(),
  bounded: flag.optional(),
});

/** GET /geocoder/reverse — the address at a point (the map marker was dragged or the map clicked). */
export const geocoderReverseQuery = z.object({
  lat: latitudeParam,
  lon: longitudeParam,
  format: format.optional(),
  addressdetails: flag.optional(),
  zoom: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(18))
    .optional(),
  'accept-language': acceptLanguage.optional(),
});

/** GET /geocoder/lookup — places by id ('N1001' an address, 'R1' a city; 'W…' is never found). */
export const geocoderLookupQuery = z.object({
  osm_ids: z
    .string()
    .regex(
      /^[NWRnwr]\d{1,10}(,[NWRnwr]\d{1,10}){0,49}$/,
      'must be up to 50 ids like N1001 separated by commas',
    ),
  format: format.optional(),
  addressdetails: flag.optional(),
  'accept-language': acceptLanguage.optional(),
});

/** Nominatim's `address` breakdown; a part the gazetteer does not know is left out, as Nominatim does. */
export const geocoderAddress = z.object({
  house_number: z.string().optional(),
  road: z.string().optional(),
  suburb: z.string().optional(),
  city: z.string(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string(),
  country_code: z.string(),
});

const placeFields = {
  place_id: z.number().int(),
  licence: z.string(),
  osm_type: z.enum(['node', 'relation']),
  osm_id: z.number().int(),
  /** Decimal degrees as strings, as Nominatim sends them. */
  lat: z.string(),
  lon: z.string(),
  type: z.enum(['house', 'street', 'city']),
  place_rank: z.number().int(),
  importance: z.number(),
  addresstype: z.string(),
  name: z.string(),
  display_name: z.string(),
  /** Present with addressdetails=1 (the default of /reverse only, as in Nominatim). */
  address: geocoderAddress.optional(),
  /** [south, north, west, east] as strings. */
  boundingbox: z.tuple([z.string(), z.string(), z.string(), z.string()]),
};

/** One place in Nominatim's jsonv2 format. */
export const geocoderPlace = z.object({ ...placeFields, category: z.literal('place') });
/** The same place in Nominatim's older json format. */
export const geocoderPlaceJson = z.object({ ...placeFields, class: z.literal('place') });
export const geocoderAnyPlace = z.union([geocoderPlace, geocoderPlaceJson]);

/** What Nominatim answers (with HTTP 200) when nothing is known at a point. */
export const geocoderNotFound = z.object({ error: z.string() });

export const geocoderSearchResponse = z.array(geocoderAnyPlace);
export const geocoderReverseResponse = z.union([geocoderAnyPlace, geocoderNotFound]);
export const geocoderLookupResponse = z.array(geocoderAnyPlace);

export type GeocoderPlace = z.infer<typeof geocoderPlace>;
export type GeocoderAnyPlace = z.infer<typeof geocoderAnyPlace>;
export type GeocoderAddress = z.infer<typeof geocoderAddress>;
export type GeocoderSearchQuery = z.output<typeof geocoderSearchQuery>;
export type GeocoderReverseQuery = z.output<typeof geocoderReverseQuery>;
export type GeocoderLookupQuery = z.output<typeof geocoderLookupQuery>;
