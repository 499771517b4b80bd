import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closePolygon,
  distanceMeters,
  findZoneAt,
  isInBounds,
  isPointInPolygon,
  isValidPolygon,
  type LatLng,
  pointInside,
} from './geo.ts';

const square: LatLng[] = [
  { lat: 55.7, lng: 49.0 },
  { lat: 55.7, lng: 49.2 },
  { lat: 55.9, lng: 49.2 },
  { lat: 55.9, lng: 49.0 },
];

describe('point in polygon (docs/product.md §5)', () => {
  it('closes a polygon by repeating its first point, once', () => {
    const closed = closePolygon(square);
    expect(closed).toHaveLength(5);
    expect(closed.at(-1)).toEqual(square[0]);
    expect(closePolygon(closed)).toEqual(closed);
    expect(closePolygon([])).toEqual([]);
  });

  it('finds points inside and outside, open or closed polygon alike', () => {
    expect(isPointInPolygon({ lat: 55.8, lng: 49.1 }, square)).toBe(true);
    expect(isPointInPolygon({ lat: 55.8, lng: 49.1 }, closePolygon(square))).toBe(true);
    expect(isPointInPolygon({ lat: 56.0, lng: 49.1 }, square)).toBe(false);
    expect(isPointInPolygon({ lat: 55.8, lng: 48.9 }, square)).toBe(false);
  });

  it('handles a concave polygon (an L-shaped district)', () => {
    const l: LatLng[] = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 2 },
      { lat: 1, lng: 2 },
      { lat: 1, lng: 1 },
      { lat: 2, lng: 1 },
      { lat: 2, lng: 0 },
    ];
    expect(isPointInPolygon({ lat: 0.5, lng: 1.5 }, l)).toBe(true);
    expect(isPointInPolygon({ lat: 1.5, lng: 0.5 }, l)).toBe(true);
    expect(isPointInPolygon({ lat: 1.5, lng: 1.5 }, l)).toBe(false);
  });

  it('treats fewer than three points as no area', () => {
    expect(isPointInPolygon({ lat: 0, lng: 0 }, [{ lat: 0, lng: 0 }])).toBe(false);
    expect(isPointInPolygon({ lat: 0, lng: 0 }, [])).toBe(false);
  });

  it('property: a point is inside a rectangle exactly when it lies strictly between its edges', () => {
    const coordinate = fc.double({ min: -80, max: 80, noNaN: true });
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        (a, b, c, d, lat, lng) => {
          const [south, north] = a < b ? [a, b] : [b, a];
          const [west, east] = c < d ? [c, d] : [d, c];
          fc.pre(
            south < lat && lat < north && west < lng && lng < east
              ? true
              : lat < south || lat > north || lng < west || lng > east,
          );
          const rect = [
            { lat: south, lng: west },
            { lat: south, lng: east },
            { lat: north, lng: east },
            { lat: north, lng: west },
          ];
          const strictlyInside = south < lat && lat < north && west < lng && lng < east;
          expect(isPointInPolygon({ lat, lng }, rect)).toBe(strictlyInside);
        },
      ),
    );
  });

  it('property: the answer does not depend on where the ring starts or which way it runs', () => {
    // Vertices on a whole-number grid and the point off it by irrational-looking fractions, so the
    // point never lies exactly on an edge, where either answer is acceptable.
    const vertex = fc.record({ lat: fc.integer({ min: -5, max: 5 }), lng: fc.integer({ min: -5, max: 5 }) });
    const point = fc.record({
      lat: fc.integer({ min: -6, max: 5 }).map((n) => n + Math.SQRT2 - 1),
      lng: fc.integer({ min: -6, max: 5 }).map((n) => n + Math.PI - 3),
    });
    const ring = fc.array(vertex, { minLength: 3, maxLength: 10 });
    fc.assert(
      fc.property(ring, point, fc.nat(), (polygon, p, shift) => {
        const k = shift % polygon.length;
        const rotated = [...polygon.slice(k), ...polygon.slice(0, k)];
        const inside = isPointInPolygon(p, polygon);
        expect(isPointInPolygon(p, rotated)).toBe(inside);
        expect(isPointInPolygon(p, [...polygon].reverse())).toBe(inside);
        expect(isPointInPolygon(p, closePolygon(polygon))).toBe(inside);
      }),
    );
  });

  it('picks the first zone holding the point', () => {
    const zones = [
      { id: 1, polygon: square },
      { id: 2, polygon: square },
    ];
    expect(findZoneAt({ lat: 55.8, lng: 49.1 }, zones)?.id).toBe(1);
    expect(findZoneAt({ lat: 10, lng: 10 }, zones)).toBeUndefined();
  });

  it('validates polygons and bounds', () => {
    expect(isValidPolygon(square)).toBe(true);
    expect(isValidPolygon([square[0] as LatLng, square[0] as LatLng, square[1] as LatLng])).toBe(false);
    expect(isValidPolygon([...square.slice(0, 2), { lat: 91, lng: 0 }])).toBe(false);
    const bounds = { southWest: { lat: 55, lng: 48 }, northEast: { lat: 56, lng: 50 } };
    expect(isInBounds({ lat: 55.5, lng: 49 }, bounds)).toBe(true);
    expect(isInBounds({ lat: 57, lng: 49 }, bounds)).toBe(false);
  });
});

describe('a point inside a zone', () => {
  it('finds one for convex and concave polygons, none for a degenerate one', () => {
    const l: LatLng[] = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 10 },
      { lat: 1, lng: 10 },
      { lat: 1, lng: 1 },
      { lat: 10, lng: 1 },
      { lat: 10, lng: 0 },
    ];
    for (const polygon of [square, l]) {
      const point = pointInside(polygon);
      expect(point).not.toBeNull();
      expect(isPointInPolygon(point as LatLng, polygon)).toBe(true);
    }
    expect(pointInside(square.slice(0, 2))).toBeNull();
  });

  it('property: whatever it answers lies inside', () => {
    const vertex = fc.record({ lat: fc.integer({ min: -5, max: 5 }), lng: fc.integer({ min: -5, max: 5 }) });
    fc.assert(
      fc.property(fc.array(vertex, { minLength: 3, maxLength: 9 }), (polygon) => {
        const point = pointInside(polygon);
        if (point) expect(isPointInPolygon(point, polygon)).toBe(true);
      }),
    );
  });
});

describe('distanceMeters', () => {
  it('measures a straight line on the globe: a degree of latitude, Moscow to Saint Petersburg, nothing to itself', () => {
    expect(distanceMeters({ lat: 55, lng: 37 }, { lat: 56, lng: 37 })).toBeCloseTo(111_195, -1);
    const moscow = { lat: 55.7558, lng: 37.6173 };
    const petersburg = { lat: 59.9343, lng: 30.3351 };
    expect(Math.round(distanceMeters(moscow, petersburg) / 1000)).toBe(633);
    expect(distanceMeters(moscow, moscow)).toBe(0);
    // A degree of longitude shrinks with the latitude.
    expect(distanceMeters({ lat: 60, lng: 30 }, { lat: 60, lng: 31 })).toBeCloseTo(55_597, -1);
  });

  it('is symmetric and never negative', () => {
    const point = fc.record({
      lat: fc.double({ min: -89, max: 89, noNaN: true }),
      lng: fc.double({ min: -179, max: 179, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const there = distanceMeters(a, b);
        expect(there).toBeGreaterThanOrEqual(0);
        expect(Math.abs(there - distanceMeters(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});
