/**
 * The fake geocoder's gazetteer: a handful of addresses in Kazan, the demo brand's first city, placed
 * inside and outside the demo delivery zones (brands/demo/seed/zones.json) so the e2e journeys can aim at
 * each case. Street names are written as the storefront shows them ('ул. Баумана'), in ru and en.
 */
import type { LatLng, Locale } from '@storefront/domain';

export interface GazetteerEntry {
  /** Stable OSM identity: /lookup finds the entry by `${type[0]}${osmId}` (N1000001). */
  osmType: 'node' | 'way';
  osmId: number;
  /** Nominatim's own row id (differs from the OSM id, as in the real service). */
  nominatimPlaceId: number;
  /** Google place id. */
  googlePlaceId: string;
  point: LatLng;
  /** null for a street-level result (no house). */
  house: string | null;
  postcode: string;
  street: Record<Locale, string>;
  suburb: Record<Locale, string>;
}

export const CITY: Record<Locale, string> = { ru: 'Казань', en: 'Kazan' };
export const REGION: Record<Locale, string> = { ru: 'Республика Татарстан', en: 'Tatarstan' };
export const COUNTRY: Record<Locale, string> = { ru: 'Россия', en: 'Russia' };
export const COUNTRY_CODE = 'ru';
/** Where a point with no address nearby lands: the city itself (OSM relation of Kazan). */
export const CITY_OSM = {
  osmType: 'relation',
  osmId: 3394434,
  point: { lat: 55.7823, lng: 49.1242 },
} as const;

const CENTRE: Record<Locale, string> = { ru: 'Вахитовский район', en: 'Vakhitovsky District' };
const NOVO_SAVINOVSKY: Record<Locale, string> = {
  ru: 'Ново-Савиновский район',
  en: 'Novo-Savinovsky District',
};
const SOVETSKY: Record<Locale, string> = { ru: 'Советский район', en: 'Sovetsky District' };
const PRIVOLZHSKY: Record<Locale, string> = { ru: 'Приволжский район', en: 'Privolzhsky District' };

/** One gazetteer entry; a null house makes it a street-level result (an OSM way, Google type route). */
function place(
  n: number,
  key: string,
  point: LatLng,
  houseNumber: string | null,
  street: Record<Locale, string>,
  suburb: Record<Locale, string>,
  postcode: string,
): GazetteerEntry {
  return {
    osmType: houseNumber ? 'node' : 'way',
    osmId: (houseNumber ? 1_000_000 : 2_000_000) + n,
    nominatimPlaceId: 300_000_000 + n,
    googlePlaceId: `fake-place-${key}`,
    point,
    house: houseNumber,
    postcode,
    street,
    suburb,
  };
}

const BAUMANA = { ru: 'ул. Баумана', en: 'Baumana St' };

export const GAZETTEER: readonly GazetteerEntry[] = [
  // Zone 1 (centre, restaurant 1).
  place(1, 'baumana-19', { lat: 55.7887, lng: 49.1206 }, '19', BAUMANA, CENTRE, '420111'),
  place(
    2,
    'pushkina-5',
    { lat: 55.7905, lng: 49.126 },
    '5',
    { ru: 'ул. Пушкина', en: 'Pushkina St' },
    CENTRE,
    '420015',
  ),
  place(
    3,
    'kremlyovskaya-8',
    { lat: 55.793, lng: 49.111 },
    '8',
    { ru: 'ул. Кремлёвская', en: 'Kremlyovskaya St' },
    CENTRE,
    '420008',
  ),
  // A street without a house: the address confirmation popup's case. An OSM way, as streets are.
  place(4, 'baumana', { lat: 55.79, lng: 49.118 }, null, BAUMANA, CENTRE, '420111'),
  // Zone 2 (Novo-Savinovsky, restaurant 1).
  place(
    5,
    'yamasheva-51',
    { lat: 55.827, lng: 49.12 },
    '51',
    { ru: 'пр. Ямашева', en: 'Yamasheva Ave' },
    NOVO_SAVINOVSKY,
    '420124',
  ),
  // Zone 3 (restaurant 3).
  place(
    6,
    'pobedy-100',
    { lat: 55.752, lng: 49.205 },
    '100',
    { ru: 'пр. Победы', en: 'Pobedy Ave' },
    SOVETSKY,
    '420138',
  ),
  // Inside Kazan's bounds but outside every zone.
  place(
    7,
    'magistralnaya-30',
    { lat: 55.753, lng: 49.105 },
    '30',
    { ru: 'ул. Магистральная', en: 'Magistralnaya St' },
    PRIVOLZHSKY,
    '420054',
  ),
  place(
    8,
    'sakharova-5',
    { lat: 55.765, lng: 49.16 },
    '5',
    { ru: 'ул. Академика Сахарова', en: 'Akademika Sakharova St' },
    SOVETSKY,
    '420061',
  ),
];

/** Lower case, ё as е, split into words: 'Кремлёвская, 8' → ['кремлевская', '8']. */
function words(value: string): string[] {
  return value
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Like a real geocoder, the fake matches names in any language: every word of the query must begin some
 * word of 'street house city' (ru or en), so 'баум 1', 'Kremlevskaya' and 'Pushkina 5 Kazan' all find theirs.
 */
export function searchGazetteer(query: string): GazetteerEntry[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  return GAZETTEER.filter((entry) =>
    (['ru', 'en'] as const).some((locale) => {
      const have = words(`${entry.street[locale]} ${entry.house ?? ''} ${CITY[locale]}`);
      return wanted.every((word) => have.some((candidate) => candidate.startsWith(word)));
    }),
  );
}

/** Great-circle distance in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Reverse geocoding snaps to an address only this close; farther away the point has no street. */
export const REVERSE_RADIUS_METRES = 120;

export function nearestEntry(point: LatLng): GazetteerEntry | null {
  let best: GazetteerEntry | null = null;
  let bestDistance = REVERSE_RADIUS_METRES;
  for (const entry of GAZETTEER) {
    const distance = distanceMetres(point, entry.point);
    if (distance <= bestDistance) {
      best = entry;
      bestDistance = distance;
    }
  }
  return best;
}

export function inBox(point: LatLng, south: number, west: number, north: number, east: number): boolean {
  return point.lat >= south && point.lat <= north && point.lng >= west && point.lng <= east;
}

/** 'ул. Баумана, 19' in Russian; '19 Baumana St' as Google writes English addresses. */
export function googleMainText(entry: GazetteerEntry, locale: Locale): string {
  const street = entry.street[locale];
  if (!entry.house) return street;
  return locale === 'ru' ? `${street}, ${entry.house}` : `${entry.house} ${street}`;
}
