/** A point on the map. Always an object: a bare [a, b] pair leaves the reader guessing the order. */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  southWest: LatLng;
  northEast: LatLng;
}

/** docs/product.md §5: a polygon is closed by repeating its first point when its last point differs. */
export function closePolygon(polygon: readonly LatLng[]): LatLng[] {
  const first = polygon[0];
  const last = polygon[polygon.length - 1];
  if (!first || !last) return [];
  if (first.lat === last.lat && first.lng === last.lng) return [...polygon];
  return [...polygon, first];
}

/**
 * Even-odd ray casting over the closed polygon. Delivery zones span a few kilometres, so treating
 * lat/lng as a plane is exact enough; a point on the boundary may fall either way.
 */
export function isPointInPolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  const ring = closePolygon(polygon);
  if (ring.length < 4) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const a = ring[i] as LatLng;
    const b = ring[j] as LatLng;
    const crosses =
      a.lat > point.lat !== b.lat > point.lat &&
      point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
    if (crosses) inside = !inside;
  }
  return inside;
}

/** The first zone, in the given order, whose polygon holds the point. */
export function findZoneAt<Zone extends { polygon: readonly LatLng[] }>(
  point: LatLng,
  zones: readonly Zone[],
): Zone | undefined {
  return zones.find((zone) => isPointInPolygon(point, zone.polygon));
}

/**
 * Among the zones holding the point, the one of the highest `priority` (0 when absent); equal priorities keep the
 * given order, so the first such zone wins. Where zones overlap, the back office's priority decides (decision 52).
 */
export function findTopZoneAt<Zone extends { polygon: readonly LatLng[]; priority?: number | undefined }>(
  point: LatLng,
  zones: readonly Zone[],
): Zone | undefined {
  let best: Zone | undefined;
  for (const zone of zones) {
    if (best && (zone.priority ?? 0) <= (best.priority ?? 0)) continue;
    if (isPointInPolygon(point, zone.polygon)) best = zone;
  }
  return best;
}

export function isInBounds(point: LatLng, bounds: Bounds): boolean {
  return (
    point.lat >= bounds.southWest.lat &&
    point.lat <= bounds.northEast.lat &&
    point.lng >= bounds.southWest.lng &&
    point.lng <= bounds.northEast.lng
  );
}

/** A polygon is usable as a zone when it has at least three distinct points and no invalid numbers. */
export function isValidPolygon(polygon: readonly LatLng[]): boolean {
  const valid = polygon.every(
    (p) =>
      Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180,
  );
  const distinct = new Set(polygon.map((p) => `${p.lat},${p.lng}`));
  return valid && distinct.size >= 3;
}

/**
 * A point that lies inside the polygon: its vertex average when that is inside (any convex zone),
 * else the first inside candidate among the midpoints of its diagonals; null for a degenerate ring.
 */
export function pointInside(polygon: readonly LatLng[]): LatLng | null {
  if (polygon.length < 3) return null;
  const average = {
    lat: polygon.reduce((sum, p) => sum + p.lat, 0) / polygon.length,
    lng: polygon.reduce((sum, p) => sum + p.lng, 0) / polygon.length,
  };
  if (isPointInPolygon(average, polygon)) return average;
  for (let i = 0; i < polygon.length; i++) {
    for (let j = i + 2; j < polygon.length; j++) {
      const a = polygon[i] as LatLng;
      const b = polygon[j] as LatLng;
      const mid = { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
      if (isPointInPolygon(mid, polygon)) return mid;
    }
  }
  return null;
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/** Straight-line (great-circle, haversine) distance between two points in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
