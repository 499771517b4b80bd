import { type Bounds, isInBounds, type LatLng } from './geo.ts';

/** Why a drawn or imported polygon cannot be a delivery zone; the API answers each as a 422 on `polygon`. */
export type PolygonProblem = 'too-few-points' | 'self-intersecting' | 'zero-area';

const samePoint = (a: LatLng, b: LatLng) => a.lat === b.lat && a.lng === b.lng;

/** The ring without its closing repeat and without a point repeated right after itself. */
export function openRing(polygon: readonly LatLng[]): LatLng[] {
  const ring: LatLng[] = [];
  for (const point of polygon) {
    const last = ring[ring.length - 1];
    if (!last || !samePoint(last, point)) ring.push(point);
  }
  const first = ring[0];
  if (ring.length > 1 && first && samePoint(first, ring[ring.length - 1] as LatLng)) ring.pop();
  return ring;
}

/** Twice the signed area in degrees² (the shoelace sum); zones span a few kilometres, so a plane is exact enough. */
export function signedArea2(ring: readonly LatLng[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as LatLng;
    const b = ring[(i + 1) % ring.length] as LatLng;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum;
}

const cross = (o: LatLng, a: LatLng, b: LatLng) =>
  (a.lng - o.lng) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lng - o.lng);

const onSegment = (p: LatLng, a: LatLng, b: LatLng) =>
  Math.min(a.lng, b.lng) <= p.lng &&
  p.lng <= Math.max(a.lng, b.lng) &&
  Math.min(a.lat, b.lat) <= p.lat &&
  p.lat <= Math.max(a.lat, b.lat);

/** Whether segments ab and cd share a point (touching counts). */
export function segmentsTouch(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  );
}

/** Whether two edges of the ring that do not follow each other cross or touch. */
export function isSelfIntersecting(ring: readonly LatLng[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing edge follows the first one
      const a = ring[i] as LatLng;
      const b = ring[(i + 1) % n] as LatLng;
      const c = ring[j] as LatLng;
      const d = ring[(j + 1) % n] as LatLng;
      if (segmentsTouch(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Below this (twice the area, in degrees², about a square metre) points on one line count as no area despite float noise. */
const ZERO_AREA = 1e-10;

/**
 * The problems of a polygon as a zone, first the gravest: fewer than three distinct points, then any two edges that
 * do not follow each other crossing (a figure eight, a vertex dropped onto another edge), then no area at all (every
 * point on one line). Empty when the polygon is a usable zone; open or closed rings alike.
 */
export function polygonProblems(polygon: readonly LatLng[]): PolygonProblem[] {
  const distinct = new Set(polygon.map((p) => `${p.lat},${p.lng}`));
  if (distinct.size < 3) return ['too-few-points'];
  const ring = openRing(polygon);
  const problems: PolygonProblem[] = [];
  if (isSelfIntersecting(ring)) problems.push('self-intersecting');
  if (Math.abs(signedArea2(ring)) < ZERO_AREA) problems.push('zero-area');
  return problems;
}

/** The points of the polygon outside the bounds (a city's), in order; empty when it lies wholly within them. */
export function polygonOutsideBounds(polygon: readonly LatLng[], bounds: Bounds): LatLng[] {
  return polygon.filter((point) => !isInBounds(point, bounds));
}
