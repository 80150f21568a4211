import fc from 'fast-check';
import { cellToBoundary, cellToLatLng, getPentagons, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { makeCellLocator } from '../../../lib/domain/geo/recent-cells';

/** The resolution fingerprints use (FINGERPRINT_CELL_RESOLUTION). */
const RESOLUTION = 10;
const DEG = 180 / Math.PI;

type Point = [number, number];

/** Latitude and longitude of a uniformly random point on the sphere, from two numbers in [0, 1). */
const onSphere = (u: number, v: number): Point => [Math.asin(2 * u - 1) * DEG, v * 360 - 180];

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const sphere = fc.tuple(unit, unit).map(([u, v]) => onSphere(u, v));
/** Offsets in degrees from ~20 cm to ~500 m, both signs: what the fixes of a device in a few places look like. */
const offset = fc
  .tuple(fc.integer({ min: 2, max: 6 }), fc.double({ min: -1, max: 1, noNaN: true }))
  .map(([e, f]) => f * 10 ** -e * 0.5);

function clamp([lat, lng]: Point): Point {
  const clampedLat = Math.max(-90, Math.min(90, lat));
  const wrappedLng = ((((lng + 180) % 360) + 360) % 360) - 180;
  return [clampedLat, wrappedLng];
}

/** Each point's locator answer against h3-js's, the locator kept across points as a fold keeps it. */
function expectSameCells(locate: (lat: number, lng: number) => string, points: readonly Point[]) {
  for (const [lat, lng] of points) expect(locate(lat, lng)).toBe(latLngToCell(lat, lng, RESOLUTION));
}

/** Points around `centre`: a cloud (which the locator learns), then probes a hair inside and outside each edge and vertex. */
function around(centre: Point, cloud: readonly [number, number][], hairs: readonly number[]): Point[] {
  const points = cloud.map(([dLat, dLng]) => clamp([centre[0] + dLat, centre[1] + dLng]));
  const cell = latLngToCell(centre[0], centre[1], RESOLUTION);
  const boundary = cellToBoundary(cell);
  boundary.forEach((vertex, i) => {
    const next = boundary[(i + 1) % boundary.length] as Point;
    const mid: Point = [(vertex[0] + next[0]) / 2, (vertex[1] + next[1]) / 2];
    for (const hair of hairs)
      for (const at of [vertex as Point, mid])
        points.push(
          clamp([at[0] + hair, at[1]]),
          clamp([at[0] - hair, at[1]]),
          clamp([at[0], at[1] + hair]),
          clamp([at[0], at[1] - hair]),
        );
  });
  return points;
}

const hairs = fc.array(
  fc.integer({ min: 5, max: 13 }).map((e) => 10 ** -e),
  { minLength: 1, maxLength: 4 },
);
const cloud = fc.array(fc.tuple(offset, offset), { minLength: 20, maxLength: 120 });

describe('makeCellLocator', () => {
  it('answers as h3-js for uniformly random points worldwide', () => {
    const locate = makeCellLocator(RESOLUTION);
    fc.assert(
      fc.property(fc.array(sphere, { minLength: 1, maxLength: 50 }), (points) => {
        expectSameCells(locate, points);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('answers as h3-js for clouds of fixes anywhere, and a hair inside and outside their cells edges', () => {
    const shared = makeCellLocator(RESOLUTION);
    fc.assert(
      fc.property(sphere, cloud, hairs, (centre, offsets, hs) => {
        const points = around(centre, offsets, hs);
        expectSameCells(makeCellLocator(RESOLUTION), [...points, ...points]);
        expectSameCells(shared, points);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('answers as h3-js around the twelve pentagons, where icosahedron faces meet', () => {
    const locate = makeCellLocator(RESOLUTION);
    const pentagons = getPentagons(RESOLUTION).map((p) => cellToLatLng(p) as Point);
    expect(pentagons).toHaveLength(12);
    fc.assert(
      fc.property(fc.constantFrom(...pentagons), cloud, hairs, (centre, offsets, hs) => {
        const points = around(centre, offsets, hs);
        expectSameCells(locate, [...points, ...points]);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('answers as h3-js along the icosahedron edges between neighbouring pentagons, where a cell spans two faces', () => {
    const locate = makeCellLocator(RESOLUTION);
    const vectors = getPentagons(RESOLUTION).map((p) => {
      const [lat, lng] = cellToLatLng(p);
      const c = Math.cos(lat / DEG);
      return [c * Math.cos(lng / DEG), c * Math.sin(lng / DEG), Math.sin(lat / DEG)] as const;
    });
    // Icosahedron vertices joined by an edge are ~63.4° apart; the next nearest are ~116.6°.
    const edges = vectors.flatMap((a, i) =>
      vectors
        .slice(i + 1)
        .filter((b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2] > 0.3)
        .map((b) => [a, b] as const),
    );
    expect(edges).toHaveLength(30);
    fc.assert(
      fc.property(fc.constantFrom(...edges), unit, cloud, hairs, ([a, b], t, offsets, hs) => {
        const x = a[0] * (1 - t) + b[0] * t;
        const y = a[1] * (1 - t) + b[1] * t;
        const z = a[2] * (1 - t) + b[2] * t;
        const centre: Point = [Math.atan2(z, Math.hypot(x, y)) * DEG, Math.atan2(y, x) * DEG];
        const points = around(centre, offsets, hs);
        expectSameCells(locate, [...points, ...points]);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
