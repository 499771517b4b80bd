import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Bounds,
  isInBounds,
  type LatLng,
  type LocalizedText,
  normalizeForSearch,
} from '@storefront/domain';
import type { Viewbox } from '@storefront/domain/contracts';
import { z } from 'zod';

/**
 * A brand's gazetteer (brands/<id>/geocoder/addresses.json): the addresses the API's own
 * Nominatim-compatible geocoder knows. Pure search, reverse and lookup over it live here; the routes
 * turn the hits into Nominatim places (nominatim-place.ts).
 */

const text = z.object({ ru: z.string().min(1), en: z.string().min(1) }).strict();

const gazetteerEntry = z
  .object({
    /** Stable: it is the place's osm_id ('N1001') the storefront may keep. */
    id: z.number().int().min(1).max(99_999_999),
    cityId: z.number().int().positive(),
    street: text,
    /** Null for a street-level entry. */
    houseNumber: z.string().trim().min(1).max(20).nullable(),
    suburb: text.nullable(),
    postcode: z.string().trim().min(1).max(12).nullable(),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  })
  .strict();

const gazetteerFile = z
  .object({
    country: text,
    countryCode: z.string().regex(/^[a-z]{2}$/, 'must be a lower-case ISO 3166-1 code'),
    /** The region each city lies in; a city of the catalog missing here has no `state`. */
    cities: z.array(z.object({ id: z.number().int().positive(), state: text }).strict()),
    addresses: z.array(gazetteerEntry),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<number>();
    file.addresses.forEach((entry, index) => {
      if (seen.has(entry.id))
        ctx.addIssue({
          code: 'custom',
          message: `duplicate id ${entry.id}`,
          path: ['addresses', index, 'id'],
        });
      seen.add(entry.id);
    });
  });

export type GazetteerEntry = z.infer<typeof gazetteerEntry>;
export type GazetteerFile = z.infer<typeof gazetteerFile>;

const GAZETTEER_PATH = join('geocoder', 'addresses.json');

/** Read at start-up: null when the brand has none; a broken file stops start-up like a broken brand.json. */
export function loadGazetteer(brandDir: string): GazetteerFile | null {
  const file = join(brandDir, GAZETTEER_PATH);
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const parsed = gazetteerFile.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`${file}:\n- ${problems.join('\n- ')}`);
  }
  return parsed.data;
}

/** A city of the brand's catalog as the geocoder sees it. */
export interface GazetteerCity {
  id: number;
  name: LocalizedText;
  center: LatLng;
  bounds: Bounds;
  state: LocalizedText | null;
}

export interface IndexedEntry {
  entry: GazetteerEntry;
  city: GazetteerCity;
  point: LatLng;
  /** Normalised words of 'street house suburb city' in every language, with spelled-out abbreviations. */
  words: readonly string[];
}

/** The gazetteer joined to the brand's current cities, ready to search. */
export interface GazetteerIndex {
  entries: readonly IndexedEntry[];
  byId: ReadonlyMap<number, IndexedEntry>;
  cities: readonly GazetteerCity[];
  country: LocalizedText;
  countryCode: string;
}

/** Without a gazetteer file the country is still needed for a city-level place. */
const DEFAULT_COUNTRY = { ru: 'Россия', en: 'Russia' };

/** Street-type abbreviations and what they stand for, so 'улица баумана' finds 'ул. Баумана'. */
const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  ул: ['улица'],
  пр: ['проспект'],
  просп: ['проспект'],
  пер: ['переулок'],
  пл: ['площадь'],
  ш: ['шоссе'],
  наб: ['набережная'],
  бул: ['бульвар'],
  д: ['дом'],
  st: ['street'],
  ave: ['avenue'],
  hwy: ['highway'],
  sq: ['square'],
  ln: ['lane'],
  blvd: ['boulevard'],
};

/**
 * The words a query word may be a prefix of: each word split at punctuation ('ново-садовая' gives
 * 'ново' and 'садовая'), each such compound also joined ('новосадовая'), abbreviations spelled out.
 */
function indexWords(texts: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of texts) {
    if (!value) continue;
    for (const chunk of value.split(/\s+/)) {
      const parts = normalizeForSearch(chunk).split(' ').filter(Boolean);
      for (const part of parts) {
        words.add(part);
        for (const long of ABBREVIATIONS[part] ?? []) words.add(long);
      }
      if (parts.length > 1) words.add(parts.join(''));
    }
  }
  return [...words];
}

/** Query words: case, ё/е and punctuation do not matter. */
export function queryWords(query: string): string[] {
  return normalizeForSearch(query).split(' ').filter(Boolean);
}

export function indexGazetteer(file: GazetteerFile | null, cities: readonly GazetteerCity[]): GazetteerIndex {
  const cityById = new Map(cities.map((city) => [city.id, city]));
  const entries: IndexedEntry[] = [];
  for (const entry of file?.addresses ?? []) {
    const city = cityById.get(entry.cityId);
    // An entry of a city the brand no longer has is not an address anyone can order to.
    if (!city) continue;
    entries.push({
      entry,
      city,
      point: { lat: entry.lat, lng: entry.lng },
      words: indexWords([
        entry.street.ru,
        entry.street.en,
        entry.houseNumber,
        entry.suburb?.ru,
        entry.suburb?.en,
        ...Object.values(city.name),
      ]),
    });
  }
  return {
    entries,
    byId: new Map(entries.map((item) => [item.entry.id, item])),
    cities,
    country: file?.country ?? DEFAULT_COUNTRY,
    countryCode: file?.countryCode ?? 'ru',
  };
}

/** The states of the file joined onto the catalog's cities. */
export function gazetteerCities(
  file: GazetteerFile | null,
  cities: readonly Omit<GazetteerCity, 'state'>[],
): GazetteerCity[] {
  const states = new Map((file?.cities ?? []).map((city) => [city.id, city.state]));
  return cities.map(({ id, name, center, bounds }) => ({
    id,
    name,
    center,
    bounds,
    state: states.get(id) ?? null,
  }));
}

function isInViewbox(point: LatLng, box: Viewbox): boolean {
  return point.lat >= box.south && point.lat <= box.north && point.lng >= box.west && point.lng <= box.east;
}

export interface SearchOptions {
  limit: number;
  viewbox?: Viewbox;
  /** With a viewbox: only places inside it. Without `bounded`, places inside merely come first. */
  bounded?: boolean;
}

/**
 * Free-form search: every query word must be the start of some word of the entry; entries where more
 * query words are whole words come first, then those inside the viewbox, then the gazetteer's order.
 * An empty or blank query finds nothing.
 */
export function searchGazetteer(
  index: GazetteerIndex,
  query: string,
  options: SearchOptions,
): IndexedEntry[] {
  const wanted = queryWords(query);
  if (wanted.length === 0) return [];
  const { viewbox, bounded = false } = options;
  const hits: { item: IndexedEntry; exact: number; inside: boolean; order: number }[] = [];
  index.entries.forEach((item, order) => {
    const inside = viewbox ? isInViewbox(item.point, viewbox) : true;
    if (bounded && !inside) return;
    let exact = 0;
    for (const word of wanted) {
      if (item.words.includes(word)) exact++;
      else if (!item.words.some((candidate) => candidate.startsWith(word))) return;
    }
    hits.push({ item, exact, inside, order });
  });
  hits.sort((a, b) => b.exact - a.exact || Number(b.inside) - Number(a.inside) || a.order - b.order);
  return hits.slice(0, Math.max(0, options.limit)).map((hit) => hit.item);
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How far from a point the nearest address may be and still be the answer of a reverse lookup. */
const REVERSE_RADIUS_M = 120;

/** Nominatim's zoom below which a reverse lookup answers the settlement rather than a street or house. */
const REVERSE_ADDRESS_MIN_ZOOM = 16;

export type GazetteerHit = { kind: 'address'; item: IndexedEntry } | { kind: 'city'; city: GazetteerCity };

/**
 * The address at a point: the nearest entry within REVERSE_RADIUS_M; else the city whose bounds hold
 * the point (address parts above the street only); else null ('Unable to geocode').
 */
export function reverseGazetteer(
  index: GazetteerIndex,
  point: LatLng,
  zoom: number = 18,
): GazetteerHit | null {
  if (zoom >= REVERSE_ADDRESS_MIN_ZOOM) {
    let best: { item: IndexedEntry; distance: number } | null = null;
    for (const item of index.entries) {
      const distance = haversineMetres(point, item.point);
      if (distance <= REVERSE_RADIUS_M && (!best || distance < best.distance)) best = { item, distance };
    }
    if (best) return { kind: 'address', item: best.item };
  }
  const city = index.cities.find((candidate) => isInBounds(point, candidate.bounds));
  return city ? { kind: 'city', city } : null;
}

/**
 * Places by Nominatim id, in the order asked, each once: 'N<id>' an address of the gazetteer, 'R<id>'
 * one of the brand's cities. Unknown ids (and every 'W') are skipped.
 */
export function lookupGazetteer(index: GazetteerIndex, ids: readonly string[]): GazetteerHit[] {
  const hits: GazetteerHit[] = [];
  const seen = new Set<string>();
  for (const raw of ids) {
    const id = raw.trim().toUpperCase();
    if (seen.has(id)) continue;
    seen.add(id);
    const number = Number(id.slice(1));
    if (id.startsWith('N')) {
      const item = index.byId.get(number);
      if (item) hits.push({ kind: 'address', item });
    } else if (id.startsWith('R')) {
      const city = index.cities.find((candidate) => candidate.id === number);
      if (city) hits.push({ kind: 'city', city });
    }
  }
  return hits;
}
