import { type Locale, type LocalizedText, pickText } from '@storefront/domain';
import type { GeocoderAddress, GeocoderAnyPlace, GeocoderPlace } from '@storefront/domain/contracts';
import type { GazetteerHit, GazetteerIndex } from './gazetteer.ts';

export interface PlaceOptions {
  locale: Locale;
  /** Include the `address` breakdown. */
  addressDetails: boolean;
  format: 'jsonv2' | 'json';
  licence: string;
}

/** A city's place_id, apart from every address id (those stay below 100 000 000). */
const CITY_PLACE_ID_BASE = 100_000_000;

/** Half the side of the box Nominatim-style answers give around a point, in degrees. */
const HOUSE_BOX = 0.0001;
const STREET_BOX = 0.002;

const degrees = (value: number) => String(Number(value.toFixed(7)));

function box(south: number, north: number, west: number, east: number): GeocoderPlace['boundingbox'] {
  return [degrees(south), degrees(north), degrees(west), degrees(east)];
}

/**
 * One hit as a Nominatim place. display_name is written as Russian addresses are: 'ул. Баумана, 19,
 * Вахитовский район, Казань, Татарстан, Россия'; parts the gazetteer does not know are left out.
 */
export function toPlace(hit: GazetteerHit, index: GazetteerIndex, options: PlaceOptions): GeocoderAnyPlace {
  const pick = (text: LocalizedText | null | undefined) =>
    text ? pickText(text, options.locale) : undefined;
  const country = pick(index.country) as string;
  const countryCode = index.countryCode;
  let place: GeocoderPlace;
  if (hit.kind === 'address') {
    const { entry, city } = hit.item;
    const road = pick(entry.street) as string;
    const house = entry.houseNumber ?? undefined;
    const address: GeocoderAddress = {
      ...(house ? { house_number: house } : {}),
      road,
      ...(entry.suburb ? { suburb: pick(entry.suburb) } : {}),
      city: pick(city.name) as string,
      ...(city.state ? { state: pick(city.state) } : {}),
      ...(entry.postcode ? { postcode: entry.postcode } : {}),
      country,
      country_code: countryCode,
    };
    const half = house ? HOUSE_BOX : STREET_BOX;
    place = {
      place_id: entry.id,
      licence: options.licence,
      osm_type: 'node',
      osm_id: entry.id,
      lat: String(entry.lat),
      lon: String(entry.lng),
      category: 'place',
      type: house ? 'house' : 'street',
      place_rank: house ? 30 : 26,
      importance: house ? 0.1 : 0.2,
      addresstype: house ? 'place' : 'road',
      // Nominatim names a street by itself; a house of an address has no name of its own.
      name: house ? '' : road,
      display_name: [road, house, address.suburb, address.city, address.state, country]
        .filter((part) => part)
        .join(', '),
      ...(options.addressDetails ? { address } : {}),
      boundingbox: box(entry.lat - half, entry.lat + half, entry.lng - half, entry.lng + half),
    };
  } else {
    const { city } = hit;
    const name = pick(city.name) as string;
    const state = pick(city.state);
    const { southWest, northEast } = city.bounds;
    place = {
      place_id: CITY_PLACE_ID_BASE + city.id,
      licence: options.licence,
      osm_type: 'relation',
      osm_id: city.id,
      lat: degrees(city.center.lat),
      lon: degrees(city.center.lng),
      category: 'place',
      type: 'city',
      place_rank: 16,
      importance: 0.6,
      addresstype: 'city',
      name,
      display_name: [name, state, country].filter((part) => part).join(', '),
      ...(options.addressDetails
        ? { address: { city: name, ...(state ? { state } : {}), country, country_code: countryCode } }
        : {}),
      boundingbox: box(southWest.lat, northEast.lat, southWest.lng, northEast.lng),
    };
  }
  if (options.format === 'jsonv2') return place;
  // The older 'json' format calls the category 'class'.
  const { category, ...rest } = place;
  return { ...rest, class: category };
}
