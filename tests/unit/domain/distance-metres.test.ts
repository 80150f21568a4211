import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../../../lib/domain/geo/distance-metres';

const point = fc.record({
  lat: fc.double({ min: -89, max: 89, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('distanceMetres', () => {
  it('matches known distances', () => {
    // Paris → London ≈ 343.5 km (great circle).
    expect(distanceMetres({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(
      343_556,
      -3,
    );
    // One thousandth of a degree of latitude ≈ 111 m.
    expect(distanceMetres({ lat: 0, lng: 0 }, { lat: 0.001, lng: 0 })).toBeCloseTo(111.2, 0);
  });

  it('is zero on the diagonal, symmetric and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(distanceMetres(a, a)).toBe(0);
        expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a), 6);
        expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 1e-3);
      }),
    );
  });
});
