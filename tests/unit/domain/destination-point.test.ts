import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../../../lib/domain/geo/destination-point';
import { distanceMetres } from '../../../lib/domain/geo/distance-metres';
import { wrapLongitude } from '../../../lib/domain/geo/wrap-longitude';

describe('destinationPoint', () => {
  it('goes one degree of longitude east along the equator in about 111.2 km', () => {
    const to = destinationPoint({ lat: 0, lng: 0 }, 90, 111_195);
    expect(to.lat).toBeCloseTo(0, 9);
    expect(to.lng).toBeCloseTo(1, 3);
  });

  it('lands at the distance it was asked for', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 1, max: 50_000, noNaN: true }),
        (lat, lng, bearing, metres) => {
          const to = destinationPoint({ lat, lng }, bearing, metres);
          expect(distanceMetres({ lat, lng }, to)).toBeCloseTo(metres, 3);
        },
      ),
    );
  });

  it('keeps the longitude continuous across the antimeridian; wrapLongitude makes it a coordinate', () => {
    const to = destinationPoint({ lat: 0, lng: 179.99 }, 90, 5_000);
    expect(to.lng).toBeGreaterThan(180);
    expect(wrapLongitude(to.lng)).toBeCloseTo(to.lng - 360, 9);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(180)).toBe(-180);
  });
});
