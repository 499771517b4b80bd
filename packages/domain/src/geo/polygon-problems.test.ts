import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTopZoneAt, type LatLng } from './geo.ts';
import { openRing, polygonOutsideBounds, polygonProblems, segmentsTouch } from './polygon-problems.ts';

const p = (lat: number, lng: number): LatLng => ({ lat, lng });
const square = [p(0, 0), p(0, 1), p(1, 1), p(1, 0)];

describe('polygonProblems', () => {
  it('accepts a square, open or closed, and a concave L', () => {
    expect(polygonProblems(square)).toEqual([]);
    expect(polygonProblems([...square, p(0, 0)])).toEqual([]);
    expect(polygonProblems([p(0, 0), p(0, 2), p(1, 2), p(1, 1), p(2, 1), p(2, 0)])).toEqual([]);
  });

  it('refuses fewer than three distinct points', () => {
    expect(polygonProblems([])).toEqual(['too-few-points']);
    expect(polygonProblems([p(0, 0), p(0, 1), p(0, 0), p(0, 1)])).toEqual(['too-few-points']);
  });

  it('refuses a figure eight (a bow tie)', () => {
    expect(polygonProblems([p(0, 0), p(1, 1), p(1, 0), p(0, 1)])).toContain('self-intersecting');
  });

  it('refuses a vertex dropped onto a non-adjacent edge', () => {
    // the fifth point lies on the first edge
    expect(polygonProblems([p(0, 0), p(0, 2), p(2, 2), p(2, 0), p(0, 1)])).toContain('self-intersecting');
  });

  it('refuses points on one line as having no area', () => {
    expect(polygonProblems([p(0, 0), p(1, 1), p(2, 2)])).toContain('zero-area');
  });

  it('property: a star-shaped polygon (a radius at each of n evenly spaced angles) has no problem', () => {
    const radius = fc.double({ min: 0.01, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(radius, { minLength: 3, maxLength: 16 }), (radii) => {
        const ring = radii.map((r, i) => {
          const angle = (2 * Math.PI * i) / radii.length;
          return p(55 + r * Math.sin(angle), 49 + r * Math.cos(angle));
        });
        return polygonProblems(ring).length === 0;
      }),
    );
  });

  it('property: swapping two adjacent vertices of a convex polygon (5+ points) makes it self-intersecting', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 12 }), fc.nat(), (n, at) => {
        const ring = Array.from({ length: n }, (_, i) =>
          p(Math.sin((2 * Math.PI * i) / n), Math.cos((2 * Math.PI * i) / n)),
        );
        const i = at % n;
        const j = (i + 1) % n;
        const swapped = [...ring];
        [swapped[i], swapped[j]] = [ring[j] as LatLng, ring[i] as LatLng];
        return polygonProblems(swapped).includes('self-intersecting');
      }),
    );
  });

  it('property: reversing or rotating a ring keeps its problems', () => {
    const point = fc.record({ lat: fc.integer({ min: 0, max: 4 }), lng: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 7 }), fc.nat(), (ring, shift) => {
        const open = openRing(ring);
        fc.pre(open.length >= 3);
        const k = shift % open.length;
        const rotated = [...open.slice(k), ...open.slice(0, k)];
        const problems = polygonProblems(open);
        return (
          JSON.stringify(polygonProblems([...open].reverse())) === JSON.stringify(problems) &&
          JSON.stringify(polygonProblems(rotated)) === JSON.stringify(problems)
        );
      }),
    );
  });

  it('segmentsTouch is symmetric', () => {
    const point = fc.record({ lat: fc.integer({ min: 0, max: 3 }), lng: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(
        point,
        point,
        point,
        point,
        (a, b, c, d) => segmentsTouch(a, b, c, d) === segmentsTouch(c, d, a, b),
      ),
    );
  });
});

describe('polygonOutsideBounds', () => {
  const bounds = { southWest: p(0, 0), northEast: p(2, 2) };
  it('lists the points outside a city, none for a polygon within it', () => {
    expect(polygonOutsideBounds(square, bounds)).toEqual([]);
    expect(polygonOutsideBounds([p(1, 1), p(3, 1), p(1, 1.5)], bounds)).toEqual([p(3, 1)]);
  });
});

describe('findTopZoneAt', () => {
  it('takes the highest priority among the zones holding the point, the first on a tie', () => {
    const low = { id: 1, polygon: square, priority: 0 };
    const high = { id: 2, polygon: square, priority: 3 };
    const elsewhere = { id: 3, polygon: [p(5, 5), p(5, 6), p(6, 6)], priority: 9 };
    expect(findTopZoneAt(p(0.5, 0.5), [low, high, elsewhere])?.id).toBe(2);
    expect(findTopZoneAt(p(0.5, 0.5), [{ id: 4, polygon: square }, low])?.id).toBe(4);
    expect(findTopZoneAt(p(9, 9), [low, high])).toBeUndefined();
  });
});
