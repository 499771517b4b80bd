/**
 * A local stand-in for the geocoders (DESIGN 'Outside services': tests never leave this machine). It speaks
 * Nominatim's /search, /reverse and /lookup (format=jsonv2), Google's Geocoding API and Places API (New)
 * Autocomplete, and serves plain grey map tiles so a browser test never loads real ones. Node only.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { LatLng, Locale } from '@storefront/domain';
import {
  CITY,
  CITY_OSM,
  COUNTRY,
  COUNTRY_CODE,
  GAZETTEER,
  type GazetteerEntry,
  googleMainText,
  inBox,
  nearestEntry,
  REGION,
  searchGazetteer,
} from './fake-geocoding-data.ts';

export type FakeGeocoderMode = 'ok' | 'empty' | 'error' | 'slow';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed JSON for a JSON body, the raw text otherwise, null when there was none. */
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface FakeGeocodingServer {
  url: string;
  requests: FakeRequest[];
  setMode(mode: FakeGeocoderMode): void;
  close(): Promise<void>;
}

/** 'slow' answers after this long: well past a test adapter's short timeout. */
const SLOW_MS = 3000;

export async function startFakeGeocodingServer(
  options: { port?: number } = {},
): Promise<FakeGeocodingServer> {
  let mode: FakeGeocoderMode = 'ok';
  const requests: FakeRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { code: 500, message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let body: unknown = raw === '' ? null : raw;
    try {
      if (raw !== '') body = JSON.parse(raw);
    } catch {
      // Not JSON: kept as text.
    }
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: req.headers,
    };
    requests.push(request);

    if (request.method === 'OPTIONS') {
      // CORS preflight: the storefront calls these from a browser page on another origin.
      res.writeHead(204, {
        ...CORS,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, X-Goog-Api-Key, X-Goog-FieldMask',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }

    if (/\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname) && request.method === 'GET') {
      res.writeHead(200, {
        ...CORS,
        'Content-Type': 'image/png',
        'Content-Length': String(GREY_TILE.length),
        'Cache-Control': 'public, max-age=86400, immutable',
      });
      res.end(GREY_TILE);
      return;
    }

    const answer = route(request, mode);
    if (!answer) {
      send(res, 404, { error: 'not found' });
      return;
    }
    if (mode === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, SLOW_MS);
        pending.add(timer);
      });
      if (res.destroyed) return;
    }
    send(res, answer.status, answer.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets and requests held by 'slow' would keep close() waiting.
        server.closeAllConnections();
      });
    },
  };
}

const CORS = { 'Access-Control-Allow-Origin': '*' };

interface Answer {
  status: number;
  body: unknown;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(payload)),
  });
  res.end(payload);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function localeOf(value: string | undefined): Locale {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'ru';
}

/**
 * Paths are matched by their end, so the fake also works behind a prefix (a dev proxy at '/geocoder').
 * 'error' answers each service's documented failure shape.
 */
function route(request: FakeRequest, mode: FakeGeocoderMode): Answer | null {
  const { path, query, method } = request;
  if (method === 'GET' && /\/(search|reverse|lookup)$/.test(path)) {
    if (mode === 'error') {
      return { status: 500, body: { error: { code: 500, message: 'Internal Server Error' } } };
    }
    const locale = localeOf(query['accept-language']);
    if (path.endsWith('/search'))
      return { status: 200, body: mode === 'empty' ? [] : nominatimSearch(query, locale) };
    if (path.endsWith('/reverse')) {
      return {
        status: 200,
        body: mode === 'empty' ? { error: 'Unable to geocode' } : nominatimReverse(query, locale),
      };
    }
    return { status: 200, body: mode === 'empty' ? [] : nominatimLookup(query, locale) };
  }
  if (method === 'GET' && path.endsWith('/maps/api/geocode/json')) {
    if (mode === 'error') {
      return {
        status: 200,
        body: { error_message: 'The provided API key is invalid.', results: [], status: 'REQUEST_DENIED' },
      };
    }
    return {
      status: 200,
      body: mode === 'empty' ? { results: [], status: 'ZERO_RESULTS' } : googleGeocode(query),
    };
  }
  if (method === 'POST' && path.endsWith('/v1/places:autocomplete')) {
    if (mode === 'error')
      return placesError(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.');
    if (mode === 'empty') return { status: 200, body: {} };
    return placesAutocomplete(request);
  }
  return null;
}

// --- Nominatim (jsonv2) ---

const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';

function nominatimPlace(entry: GazetteerEntry, locale: Locale) {
  const street = entry.street[locale];
  const address = {
    ...(entry.house ? { house_number: entry.house } : {}),
    road: street,
    suburb: entry.suburb[locale],
    city: CITY[locale],
    state: REGION[locale],
    postcode: entry.postcode,
    country: COUNTRY[locale],
    country_code: COUNTRY_CODE,
  };
  const { lat, lng } = entry.point;
  return {
    place_id: entry.nominatimPlaceId,
    licence: LICENCE,
    osm_type: entry.osmType,
    osm_id: entry.osmId,
    lat: lat.toFixed(7),
    lon: lng.toFixed(7),
    category: entry.house ? 'building' : 'highway',
    type: entry.house ? 'apartments' : 'residential',
    place_rank: entry.house ? 30 : 26,
    importance: 0.00001,
    addresstype: entry.house ? 'building' : 'road',
    name: '',
    display_name: [
      entry.house,
      street,
      entry.suburb[locale],
      CITY[locale],
      REGION[locale],
      entry.postcode,
      COUNTRY[locale],
    ]
      .filter(Boolean)
      .join(', '),
    address,
    boundingbox: [lat - 0.0002, lat + 0.0002, lng - 0.0003, lng + 0.0003].map((n) => n.toFixed(7)),
  };
}

function nominatimSearch(query: Record<string, string>, locale: Locale) {
  let found = searchGazetteer(query.q ?? '');
  // viewbox=x1,y1,x2,y2 (any two corners); bounded=1 turns it from a preference into a filter.
  const box = (query.viewbox ?? '').split(',').map(Number);
  if (query.bounded === '1' && box.length === 4 && box.every(Number.isFinite)) {
    const [x1, y1, x2, y2] = box as [number, number, number, number];
    found = found.filter((entry) =>
      inBox(entry.point, Math.min(y1, y2), Math.min(x1, x2), Math.max(y1, y2), Math.max(x1, x2)),
    );
  }
  const limit = Math.max(1, Math.min(40, Number(query.limit) || 10));
  return found.slice(0, limit).map((entry) => nominatimPlace(entry, locale));
}

function nominatimReverse(query: Record<string, string>, locale: Locale) {
  const point = { lat: Number(query.lat), lng: Number(query.lon) };
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) {
    return { error: { code: 400, message: 'Parameter lat/lon missing or invalid' } };
  }
  const entry = nearestEntry(point);
  if (entry) return nominatimPlace(entry, locale);
  // Nothing within reach: the city-level answer, with no road, as Nominatim gives in a park or a field.
  return {
    place_id: 300_999_999,
    licence: LICENCE,
    osm_type: CITY_OSM.osmType,
    osm_id: CITY_OSM.osmId,
    lat: CITY_OSM.point.lat.toFixed(7),
    lon: CITY_OSM.point.lng.toFixed(7),
    category: 'boundary',
    type: 'administrative',
    place_rank: 16,
    importance: 0.6,
    addresstype: 'city',
    name: CITY[locale],
    display_name: [CITY[locale], REGION[locale], COUNTRY[locale]].join(', '),
    address: {
      city: CITY[locale],
      state: REGION[locale],
      country: COUNTRY[locale],
      country_code: COUNTRY_CODE,
    },
    boundingbox: ['55.6069000', '55.9330000', '48.8203000', '49.3852000'],
  };
}

function nominatimLookup(query: Record<string, string>, locale: Locale) {
  const ids = (query.osm_ids ?? '').split(',').map((id) => id.trim().toUpperCase());
  return GAZETTEER.filter((entry) =>
    ids.includes(`${entry.osmType.charAt(0).toUpperCase()}${entry.osmId}`),
  ).map((entry) => nominatimPlace(entry, locale));
}

// --- Google Geocoding API ---

function component(longName: string, shortName: string, types: string[]) {
  return { long_name: longName, short_name: shortName, types };
}

function googleResult(entry: GazetteerEntry, locale: Locale) {
  const components = [
    ...(entry.house ? [component(entry.house, entry.house, ['street_number'])] : []),
    component(entry.street[locale], entry.street[locale], ['route']),
    component(entry.suburb[locale], entry.suburb[locale], [
      'political',
      'sublocality',
      'sublocality_level_1',
    ]),
    component(CITY[locale], CITY[locale], ['locality', 'political']),
    component(REGION[locale], locale === 'ru' ? 'Татарстан' : 'TA', [
      'administrative_area_level_1',
      'political',
    ]),
    component(COUNTRY[locale], 'RU', ['country', 'political']),
    component(entry.postcode, entry.postcode, ['postal_code']),
  ];
  const { lat, lng } = entry.point;
  return {
    address_components: components,
    formatted_address: [
      googleMainText(entry, locale),
      CITY[locale],
      REGION[locale],
      COUNTRY[locale],
      entry.postcode,
    ].join(', '),
    geometry: {
      location: { lat, lng },
      location_type: entry.house ? 'ROOFTOP' : 'GEOMETRIC_CENTER',
      viewport: {
        northeast: { lat: lat + 0.0013, lng: lng + 0.0013 },
        southwest: { lat: lat - 0.0013, lng: lng - 0.0013 },
      },
    },
    place_id: entry.googlePlaceId,
    types: entry.house ? ['street_address'] : ['route'],
  };
}

/** The city-level result for a point with no address near it. */
function googleCityResult(point: LatLng, locale: Locale) {
  return {
    address_components: [
      component(CITY[locale], CITY[locale], ['locality', 'political']),
      component(REGION[locale], locale === 'ru' ? 'Татарстан' : 'TA', [
        'administrative_area_level_1',
        'political',
      ]),
      component(COUNTRY[locale], 'RU', ['country', 'political']),
    ],
    formatted_address: [CITY[locale], REGION[locale], COUNTRY[locale]].join(', '),
    geometry: { location: CITY_OSM.point, location_type: 'APPROXIMATE' },
    place_id: 'fake-place-kazan',
    types: ['locality', 'political'],
    // Where the point was, so a reader of a test log sees why this answer came.
    plus_code: { global_code: `${point.lat.toFixed(4)},${point.lng.toFixed(4)}` },
  };
}

function googleGeocode(query: Record<string, string>): unknown {
  if (!query.key) {
    return {
      error_message: 'You must use an API key to authenticate each request to Google Maps Platform APIs.',
      results: [],
      status: 'REQUEST_DENIED',
    };
  }
  const locale = localeOf(query.language);
  if (query.place_id !== undefined) {
    const entry = GAZETTEER.find((candidate) => candidate.googlePlaceId === query.place_id);
    return entry
      ? { results: [googleResult(entry, locale)], status: 'OK' }
      : { results: [], status: 'ZERO_RESULTS' };
  }
  if (query.latlng !== undefined) {
    const [lat, lng] = query.latlng.split(',').map(Number);
    if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      return {
        error_message: 'Invalid request. Invalid latlng parameter.',
        results: [],
        status: 'INVALID_REQUEST',
      };
    }
    const point = { lat, lng };
    const entry = nearestEntry(point);
    return { results: [entry ? googleResult(entry, locale) : googleCityResult(point, locale)], status: 'OK' };
  }
  return {
    error_message: "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
    results: [],
    status: 'INVALID_REQUEST',
  };
}

// --- Google Places API (New) Autocomplete ---

function placesError(status: number, code: string, message: string): Answer {
  return { status, body: { error: { code: status, message, status: code } } };
}

function placesAutocomplete(request: FakeRequest): Answer {
  const key = request.headers['x-goog-api-key'];
  if (typeof key !== 'string' || key === '') {
    return placesError(403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || typeof (body as { input?: unknown }).input !== 'string') {
    return placesError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Field "input" is required.');
  }
  const { input, languageCode, locationRestriction, includedPrimaryTypes } = body as {
    input: string;
    languageCode?: string;
    locationRestriction?: { rectangle?: { low?: Record<string, number>; high?: Record<string, number> } };
    includedPrimaryTypes?: string[];
  };
  const locale = localeOf(languageCode);
  let found = searchGazetteer(input);
  const rectangle = locationRestriction?.rectangle;
  if (rectangle?.low && rectangle.high) {
    const { low, high } = rectangle;
    found = found.filter((entry) =>
      inBox(
        entry.point,
        low.latitude ?? -90,
        low.longitude ?? -180,
        high.latitude ?? 90,
        high.longitude ?? 180,
      ),
    );
  }
  if (Array.isArray(includedPrimaryTypes) && includedPrimaryTypes.length > 0) {
    found = found.filter((entry) => includedPrimaryTypes.includes(entry.house ? 'street_address' : 'route'));
  }
  // Autocomplete (New) answers `{}` when nothing matches and at most five suggestions otherwise.
  if (found.length === 0) return { status: 200, body: {} };
  const suggestions = found.slice(0, 5).map((entry) => {
    const mainText = googleMainText(entry, locale);
    const secondaryText = `${CITY[locale]}, ${REGION[locale]}, ${COUNTRY[locale]}`;
    return {
      placePrediction: {
        place: `places/${entry.googlePlaceId}`,
        placeId: entry.googlePlaceId,
        text: {
          text: `${mainText}, ${secondaryText}`,
          matches: [{ endOffset: Math.min(input.length, mainText.length) }],
        },
        structuredFormat: {
          mainText: { text: mainText, matches: [{ endOffset: Math.min(input.length, mainText.length) }] },
          secondaryText: { text: secondaryText },
        },
        types: entry.house ? ['street_address', 'geocode'] : ['route', 'geocode'],
      },
    };
  });
  return { status: 200, body: { suggestions } };
}

// --- Map tiles ---

/** CRC-32 (ISO-HDLC) as PNG chunks need it; computed here to keep the fake free of dependencies. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 256×256 tile of one dark neutral grey (#2b2f33), 8-bit RGB. */
export function greyTilePng(size = 256, rgb: [number, number, number] = [0x2b, 0x2f, 0x33]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // compression, filter, interlace: 0
  const row = Buffer.alloc(1 + size * 3); // each scanline starts with filter type 0 (none)
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const GREY_TILE = greyTilePng();
