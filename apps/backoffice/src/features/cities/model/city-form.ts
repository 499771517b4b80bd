import type { AdminCity } from '@storefront/domain/contracts';

/**
 * A city's form model: the coordinates as the inputs hold them, checked as the API checks them (south-west below and
 * left of north-east, the centre inside) so the form says it before sending.
 */
export interface CityValues {
  nameRu: string;
  nameEn: string;
  centerLat: string;
  centerLng: string;
  southWestLat: string;
  southWestLng: string;
  northEastLat: string;
  northEastLng: string;
  zoom: string;
  order: string;
}

/** The contract's bounds (the browser imports no zod contract at run time). */
const ZOOM_MIN = 3;
const ZOOM_MAX = 19;

export function cityValues(city: AdminCity | null): CityValues {
  const s = (value: number | undefined, fallback: number) => String(value ?? fallback);
  return {
    nameRu: city?.name.ru ?? '',
    nameEn: city?.name.en ?? '',
    centerLat: s(city?.center.lat, 55.7558),
    centerLng: s(city?.center.lng, 37.6173),
    southWestLat: s(city?.bounds.southWest.lat, 55.55),
    southWestLng: s(city?.bounds.southWest.lng, 37.3),
    northEastLat: s(city?.bounds.northEast.lat, 55.95),
    northEastLng: s(city?.bounds.northEast.lng, 37.9),
    zoom: s(city?.zoom, 11),
    order: s(city?.order, 0),
  };
}

const num = (text: string) => Number(text.trim().replace(',', '.'));
const valid = (text: string, limit: number) =>
  text.trim() !== '' && Number.isFinite(num(text)) && Math.abs(num(text)) <= limit;

export function cityBody(values: CityValues) {
  return {
    name: values.nameEn.trim()
      ? { ru: values.nameRu.trim(), en: values.nameEn.trim() }
      : { ru: values.nameRu.trim() },
    center: { lat: num(values.centerLat), lng: num(values.centerLng) },
    bounds: {
      southWest: { lat: num(values.southWestLat), lng: num(values.southWestLng) },
      northEast: { lat: num(values.northEastLat), lng: num(values.northEastLng) },
    },
    zoom: Number(values.zoom),
    order: Number(values.order),
  };
}

/** Each wrong field's issue: 'required', 'lat', 'lng', 'zoom', 'order', 'inverted', 'centerOutside'. */
export function cityIssues(values: CityValues): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!values.nameRu.trim()) issues.nameRu = 'required';
  else if (values.nameRu.trim().length > 120) issues.nameRu = 'maxLength';
  if (values.nameEn.trim().length > 120) issues.nameEn = 'maxLength';
  for (const field of ['centerLat', 'southWestLat', 'northEastLat'] as const)
    if (!valid(values[field], 90)) issues[field] = 'lat';
  for (const field of ['centerLng', 'southWestLng', 'northEastLng'] as const)
    if (!valid(values[field], 180)) issues[field] = 'lng';
  if (
    !/^\d{1,2}$/.test(values.zoom.trim()) ||
    Number(values.zoom) < ZOOM_MIN ||
    Number(values.zoom) > ZOOM_MAX
  )
    issues.zoom = 'zoom';
  if (!/^\d{1,7}$/.test(values.order.trim())) issues.order = 'order';
  if (Object.keys(issues).length > 0) return issues;
  const { center, bounds } = cityBody(values);
  if (bounds.southWest.lat >= bounds.northEast.lat) issues.northEastLat = 'inverted';
  else if (bounds.southWest.lng >= bounds.northEast.lng) issues.northEastLng = 'inverted';
  else if (
    center.lat < bounds.southWest.lat ||
    center.lat > bounds.northEast.lat ||
    center.lng < bounds.southWest.lng ||
    center.lng > bounds.northEast.lng
  )
    issues.centerLat = 'centerOutside';
  return issues;
}

/** The API's field path as the form's field. */
export function cityFieldOf(path: string): string | null {
  const map: Record<string, string> = {
    'name.ru': 'nameRu',
    'name.en': 'nameEn',
    center: 'centerLat',
    'center.lat': 'centerLat',
    'center.lng': 'centerLng',
    'bounds.southWest.lat': 'southWestLat',
    'bounds.southWest.lng': 'southWestLng',
    'bounds.northEast.lat': 'northEastLat',
    'bounds.northEast.lng': 'northEastLng',
    zoom: 'zoom',
    order: 'order',
  };
  return map[path] ?? (path.startsWith('bounds') ? 'northEastLat' : null);
}
