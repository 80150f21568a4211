import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roughDistanceSign, shorterThan, withinMetres } from '../../../lib/domain/geo/compare-distance';
import { destinationPoint } from '../../../lib/domain/geo/destination-point';
import { distanceMetres } from '../../../lib/domain/geo/distance-metres';

const point = fc.record({
  lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
/** A second point from 1 mm to 100 km away in any direction: inside and outside the flat-earth range. */
const pair = fc
  .tuple(point, fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: -3, max: 5, noNaN: true }))
  .map(([a, bearing, log10M]) => [a, destinationPoint(a, bearing, 10 ** log10M)] as const);
/** Thresholds around the pair's exact distance: equal to it, within an ulp, within and beyond the margin. */
const relative = fc.oneof(
  fc.constant(0),
  fc.double({ min: -1e-12, max: 1e-12, noNaN: true }),
  fc.double({ min: -2e-5, max: 2e-5, noNaN: true }),
  fc.double({ min: -2e-3, max: 2e-3, noNaN: true }),
  fc.double({ min: -0.9, max: 3, noNaN: true }),
);

describe('roughDistanceSign', () => {
  it('never contradicts distanceMetres, whatever the threshold', () => {
    fc.assert(
      fc.property(pair, relative, ([a, b], r) => {
        const d = distanceMetres(a, b);
        const m = d * (1 + r);
        const sign = roughDistanceSign(a, b, m);
        if (sign < 0) expect(d).toBeLessThan(m);
        if (sign > 0) expect(d).toBeGreaterThan(m);
        expect(withinMetres(a, b, m)).toBe(d <= m);
        expect(shorterThan(a, b, m)).toBe(d < m);
      }),
      { numRuns: 20_000 },
    );
  });

  it('settles distances well away from the threshold inside its range (the fold’s common case)', () => {
    const home = { lat: -23.5614, lng: -46.6559 };
    const near = destinationPoint(home, 40, 120);
    expect(roughDistanceSign(home, near, 150)).toBe(-1);
    expect(roughDistanceSign(home, near, 100)).toBe(1);
    expect(roughDistanceSign(home, near, distanceMetres(home, near))).toBe(0);
    expect(roughDistanceSign(home, destinationPoint(home, 0, 200_000), 150)).toBe(0);
  });
});
