import type { LatLng } from '@storefront/domain';
import type { AdminZone, GeoJsonFeatureCollection } from '@storefront/domain/contracts';

/**
 * Zones to and from files (decision 52). GeoJSON is the exchange format: Yandex Maps' constructor exports it
 * (properties `description`, `fill`, `stroke`), geojson.io too; KML (Google My Maps) is turned into GeoJSON in the
 * browser by @tmcw/togeojson before it is sent (`name`, `description`, `fill`, `stroke` again), so the server parses
 * no XML. Export writes GeoJSON with the same properties, and KML by the small writer below.
 */

/** A polygon found in a file, before it becomes a zone. */
export interface FilePolygon {
  /** The feature's index in the file. */
  index: number;
  name: string;
  color: string | null;
  polygon: LatLng[];
}

export interface SkippedFeature {
  index: number;
  name: string;
  reason: 'not-a-polygon';
}

const HEX = /^#?([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/;

/** '#ed4543', 'ed4543', '#ed4543e6' (Yandex writes alpha apart, some tools inside) → '#ED4543'; else null. */
export function fileColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX.exec(value.trim());
  return match ? `#${match[1]?.toUpperCase()}` : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/<[^>]*>/g, '').trim() : '');

/** A feature's name: `name`, else `description` (Yandex keeps the zone's label there), else 'Зона N'. */
function featureName(properties: Record<string, unknown> | null | undefined, index: number): string {
  const name = text(properties?.name) || text(properties?.description) || text(properties?.title);
  return (name || `Зона ${index + 1}`).slice(0, 120);
}

/** A GeoJSON ring ([lng, lat] pairs) as the zone's points; the holes of a polygon are not kept. */
const ringPoints = (ring: number[][]): LatLng[] =>
  ring.map(([lng, lat]) => ({ lat: lat ?? NaN, lng: lng ?? NaN }));

/** Every polygon of the collection: a MultiPolygon gives one per part ('Name 2', 'Name 3' after the first). */
export function polygonsOfGeoJson(collection: GeoJsonFeatureCollection): {
  polygons: FilePolygon[];
  skipped: SkippedFeature[];
} {
  const polygons: FilePolygon[] = [];
  const skipped: SkippedFeature[] = [];
  collection.features.forEach((feature, index) => {
    const name = featureName(feature.properties, index);
    const color = fileColor(feature.properties?.fill) ?? fileColor(feature.properties?.stroke);
    const geometry = feature.geometry as { type: string; coordinates?: unknown } | null;
    const outerRings: number[][][] =
      geometry?.type === 'Polygon'
        ? [(geometry.coordinates as number[][][])[0] ?? []]
        : geometry?.type === 'MultiPolygon'
          ? (geometry.coordinates as number[][][][]).map((parts) => parts[0] ?? [])
          : [];
    if (outerRings.length === 0) {
      skipped.push({ index, name, reason: 'not-a-polygon' });
      return;
    }
    outerRings.forEach((ring, part) => {
      polygons.push({
        index,
        name: part === 0 ? name : `${name} ${part + 1}`,
        color,
        polygon: ringPoints(ring),
      });
    });
  });
  return { polygons, skipped };
}

/** The ring closed, as GeoJSON and KML want it. */
function closedRing(polygon: readonly LatLng[]): LatLng[] {
  const first = polygon[0];
  const last = polygon[polygon.length - 1];
  if (!first || !last) return [];
  return first.lat === last.lat && first.lng === last.lng ? [...polygon] : [...polygon, first];
}

/** The zones as a FeatureCollection: name, colour, and the zone's own fields (bands, priority) under `zone`. */
export function zonesGeoJson(zones: readonly AdminZone[]) {
  return {
    type: 'FeatureCollection' as const,
    features: zones.map((zone) => ({
      type: 'Feature' as const,
      id: zone.id,
      geometry: {
        type: 'Polygon' as const,
        coordinates: [closedRing(zone.polygon).map((p) => [p.lng, p.lat])],
      },
      properties: {
        name: zone.name.ru,
        ...(zone.name.en ? { nameEn: zone.name.en } : {}),
        description: zone.name.ru,
        ...(zone.color ? { fill: zone.color, stroke: zone.color, 'fill-opacity': 0.3 } : {}),
        zone: {
          id: zone.id,
          restoId: zone.restoId,
          priority: zone.priority,
          isActive: zone.isActive,
          bands: zone.bands,
        },
      },
    })),
  };
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** KML's colour is aabbggrr. */
const kmlColor = (hex: string, alpha: string) =>
  `${alpha}${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`.toLowerCase();

/** The zones as a KML document (one Placemark per zone, its colour as an inline style), for Google My Maps. */
export function zonesKml(zones: readonly AdminZone[], documentName: string): string {
  const placemarks = zones.map((zone) => {
    const style = zone.color
      ? `<Style><LineStyle><color>${kmlColor(zone.color, 'ff')}</color><width>2</width></LineStyle>` +
        `<PolyStyle><color>${kmlColor(zone.color, '4d')}</color></PolyStyle></Style>`
      : '';
    const coordinates = closedRing(zone.polygon)
      .map((p) => `${p.lng},${p.lat},0`)
      .join(' ');
    return (
      `<Placemark><name>${escapeXml(zone.name.ru)}</name>${style}` +
      `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing>` +
      `</outerBoundaryIs></Polygon></Placemark>`
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<name>${escapeXml(documentName)}</name>${placemarks.join('')}</Document></kml>\n`
  );
}
